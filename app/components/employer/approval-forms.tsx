import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";

// Approve and Decline are plain form posts to /approvals (the route that owns the action), from
// the dashboard and from the Approve Requests page alike; `redirectTo` brings the user back.
// The 'Decline Advance Request' dialog (Conform + zod) is in decline-dialog.tsx, so the
// dashboard, which only has these buttons, does not ship the form libraries (the client
// JavaScript budget).

/** True while this form's post (intent + request) is on its way. */
export function useDecisionPending(intent: string, requestId: number) {
  return useIsPending({
    formData: { intent, requestId: String(requestId) },
  });
}

type DecisionProps = {
  requestId: number;
  employeeName: string;
  redirectTo: string;
  /** Why the button is not offered (Approve when the balance cannot cover the amount). */
  blockedReason?: string | null;
};

// The texts are keys of the `approvals` namespace.
const DECISIONS = {
  approve: {
    label: "approve",
    busy: "approving",
    labelFor: "approveFor",
    variant: "primary",
    className: "px-3 py-1.5",
  },
  decline: {
    label: "decline",
    busy: "declining",
    labelFor: "declineFor",
    variant: "secondary",
    className: "px-3 py-1.5 text-red-800",
  },
} as const;

/** One request's Approve or Decline button, in a form of its own (works without JavaScript). */
function DecisionForm({
  intent,
  requestId,
  employeeName,
  redirectTo,
  blockedReason,
}: DecisionProps & { intent: keyof typeof DECISIONS }) {
  const pending = useDecisionPending(intent, requestId);
  const t = useT("approvals");
  const { variant, className } = DECISIONS[intent];
  const label = t(DECISIONS[intent].label);
  const busy = t(DECISIONS[intent].busy);
  const labelFor = t(DECISIONS[intent].labelFor, { name: employeeName });
  const reasonId = `${intent}-${requestId}-blocked`;
  if (blockedReason)
    return (
      <span className="inline-flex flex-col gap-1">
        <Button
          type="button"
          variant={variant}
          className={className}
          disabled
          aria-label={labelFor}
          aria-describedby={reasonId}
        >
          {label}
        </Button>
        <span id={reasonId} className="max-w-[12rem] text-xs text-gray-700">
          {blockedReason}
        </span>
      </span>
    );
  return (
    <Form method="post" action="/approvals" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant={variant}
        className={className}
        disabled={pending}
        aria-label={pending ? undefined : labelFor}
      >
        {pending ? busy : label}
      </Button>
    </Form>
  );
}

export function ApproveForm(props: DecisionProps) {
  return <DecisionForm intent="approve" {...props} />;
}

/** The dashboard's one-click Decline: the default reason ('Declined by employer'). */
export function QuickDeclineForm(props: DecisionProps) {
  return <DecisionForm intent="decline" {...props} />;
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
  const t = useT("approvals");
  return (
    <LinkButton
      to={`/approvals?${page > 1 ? `page=${page}&` : ""}decline=${requestId}`}
      preventScrollReset
      variant="secondary"
      className="px-3 py-1.5 text-red-800"
      aria-label={t("declineFor", { name: employeeName })}
    >
      {t("decline")}
    </LinkButton>
  );
}
