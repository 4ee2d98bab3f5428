import { Form } from "@remix-run/react";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Td } from "~/components/ui/table";
import { useIsPending } from "~/components/use-is-pending";

// 'Cancel request' is a plain form post to /history (the route that owns the action), from
// /history and from the dashboard's recent activity alike, so it works without JavaScript;
// `redirectTo` brings the employee back.
export function CancelRequestForm({
  requestId,
  amount,
  redirectTo,
}: {
  requestId: number;
  amount: string;
  redirectTo: string;
}) {
  const pending = useIsPending({
    formData: { intent: "cancel", requestId: String(requestId) },
  });
  return (
    <Form method="post" action="/history" className="mt-2">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant="secondary"
        className="px-3 py-1 text-xs"
        disabled={pending}
        aria-label={pending ? undefined : `Cancel request for ${amount}`}
      >
        {pending ? "Cancelling..." : "Cancel request"}
      </Button>
    </Form>
  );
}

/**
 * A request's Status cell on /history and the dashboard: the badge, the employer's note (a
 * decline's reason), and 'Cancel request' while it can still be cancelled.
 */
export function RequestStatusCell({
  request,
  amount,
  redirectTo,
}: {
  request: {
    id: number;
    status: string;
    note?: string | null;
    cancellable: boolean;
  };
  /** The amount as the button's label names it. */
  amount: string;
  redirectTo: string;
}) {
  return (
    <Td className="whitespace-normal">
      <StatusBadge status={request.status} />
      {request.note ? (
        <p
          className="mt-1 max-w-xs text-xs text-gray-700"
          data-testid="status-note"
        >
          {request.status === "DECLINED" ? "Reason: " : ""}
          {request.note}
        </p>
      ) : null}
      {request.cancellable ? (
        <CancelRequestForm
          requestId={request.id}
          amount={amount}
          redirectTo={redirectTo}
        />
      ) : null}
    </Td>
  );
}
