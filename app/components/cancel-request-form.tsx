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
  // Two steps, without JavaScript too: 'Cancel request' opens a confirmation (a disclosure
  // element) whose button posts the form.
  return (
    <details className="group mt-2 text-xs">
      <summary
        className="inline-flex cursor-pointer list-none rounded-md border border-gray-300 bg-white px-3 py-1 font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden"
        aria-label={`Cancel request for ${amount}`}
      >
        Cancel request
      </summary>
      <Form
        method="post"
        action="/history"
        className="mt-2 max-w-xs space-y-2 rounded-md border border-gray-200 bg-gray-50 p-2"
      >
        <p className="text-gray-800">
          Cancel this {amount} request? Nothing has been charged; an approved
          amount goes back to what you can request.
        </p>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="requestId" value={requestId} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button
          type="submit"
          variant="secondary"
          className="px-3 py-1 text-xs text-red-800"
          disabled={pending}
        >
          {pending ? "Cancelling..." : "Yes, cancel it"}
        </Button>
      </Form>
    </details>
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
