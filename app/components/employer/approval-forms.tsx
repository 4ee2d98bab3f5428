import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { useIsPending } from "~/components/use-is-pending";

// Approve and Decline are plain form posts to /approvals (the route that owns the action), from
// the dashboard and from the Approve Requests page alike; `redirectTo` brings the user back.
// The 'Decline Advance Request' dialog (Conform + zod) is in decline-dialog.tsx, so the
// dashboard, which only has these buttons, does not ship the form libraries (the client JavaScript budget,
// docs/decisions/0903-client-javascript.md).

/** True while this form's post (intent + request) is on its way. */
export function useDecisionPending(intent: string, requestId: number) {
  return useIsPending({
    formData: { intent, requestId: String(requestId) },
  });
}

export function ApproveForm({
  requestId,
  employeeName,
  redirectTo,
}: {
  requestId: number;
  employeeName: string;
  redirectTo: string;
}) {
  const pending = useDecisionPending("approve", requestId);
  return (
    <Form method="post" action="/approvals" className="inline">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        className="px-3 py-1.5"
        disabled={pending}
        aria-label={pending ? undefined : `Approve ${employeeName}'s request`}
      >
        {pending ? "Approving..." : "Approve"}
      </Button>
    </Form>
  );
}

/** The dashboard's one-click Decline: the default reason ('Declined by employer'). */
export function QuickDeclineForm({
  requestId,
  employeeName,
  redirectTo,
}: {
  requestId: number;
  employeeName: string;
  redirectTo: string;
}) {
  const pending = useDecisionPending("decline", requestId);
  return (
    <Form method="post" action="/approvals" className="inline">
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant="secondary"
        className="px-3 py-1.5 text-red-800"
        disabled={pending}
        aria-label={pending ? undefined : `Decline ${employeeName}'s request`}
      >
        {pending ? "Declining..." : "Decline"}
      </Button>
    </Form>
  );
}

/** /approvals' Decline: a link that opens the dialog (server-rendered from ?decline=id). */
export function DeclineLink({
  requestId,
  employeeName,
  page = 1,
}: {
  requestId: number;
  employeeName: string;
  /** The page of /approvals the link is on, kept behind the dialog. */
  page?: number;
}) {
  return (
    <LinkButton
      to={`/approvals?${page > 1 ? `page=${page}&` : ""}decline=${requestId}`}
      preventScrollReset
      variant="secondary"
      className="px-3 py-1.5 text-red-800"
      aria-label={`Decline ${employeeName}'s request`}
    >
      Decline
    </LinkButton>
  );
}
