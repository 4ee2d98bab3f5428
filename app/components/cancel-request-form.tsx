import { Form } from "@remix-run/react";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Td } from "~/components/ui/table";
import { useIsPending } from "~/components/use-is-pending";
import { useMessageText, useT } from "~/utils/i18n";

// 'Cancel request' is a plain form post to /history (the route that owns the action), from
// /history and from the dashboard's recent activity alike, so it works without JavaScript;
// `redirectTo` brings the employee back.
function CancelRequestForm({
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
  const t = useT("common");
  // Two steps, without JavaScript too: 'Cancel request' opens a confirmation (a disclosure
  // element) whose button posts the form.
  return (
    <details className="group mt-2 text-xs">
      <summary
        className="inline-flex cursor-pointer list-none rounded-md border border-gray-300 bg-white px-3 py-1 font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden"
        aria-label={t("cancelRequest.openFor", { amount })}
      >
        {t("cancelRequest.open")}
      </summary>
      <Form
        method="post"
        action="/history"
        className="mt-2 max-w-xs space-y-2 rounded-md border border-gray-200 bg-gray-50 p-2"
      >
        <p className="text-gray-800">
          {t("cancelRequest.confirm", { amount })}
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
          {pending ? t("cancelRequest.pending") : t("cancelRequest.submit")}
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
  const t = useT("common");
  const text = useMessageText();
  return (
    <Td className="whitespace-normal">
      <StatusBadge status={request.status} />
      {request.note ? (
        <p
          className="mt-1 max-w-xs text-xs text-gray-700"
          data-testid="status-note"
        >
          {request.status === "DECLINED"
            ? t("reason", { reason: request.note })
            : text(request.note)}
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
