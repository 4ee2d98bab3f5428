import { Badge } from "~/components/ui/badge";
import { RowAction } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { CompanyRole } from "~/utils/company-roles";
import { useT } from "~/utils/i18n";
import type { INVITATION_STATUS_LABELS } from "~/utils/invitation-rules";

export type InvitationRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: CompanyRole | null;
  status: keyof typeof INVITATION_STATUS_LABELS;
  /** Dates formatted on the server (the browser's time zone would differ). */
  sentText: string;
  expiresText: string;
};

const TONES = {
  PENDING: "yellow",
  ACCEPTED: "green",
  REVOKED: "gray",
  EXPIRED: "red",
} as const;

/**
 * Invitations with their status and, while they can still be used, Resend and Revoke: plain
 * forms posting `intent` and `invitationId` to `action`, so they work without JavaScript.
 */
export function InvitationsTable({
  invitations,
  action,
  caption,
  emptyText,
}: {
  invitations: InvitationRow[];
  action: string;
  caption: string;
  emptyText: string;
}) {
  const withRole = invitations.some((i) => i.role);
  const t = useT("invitations");
  return (
    <Table
      caption={caption}
      head={[
        t("table.invited"),
        ...(withRole ? [t("table.role")] : []),
        t("table.status"),
        t("table.sent"),
        t("table.expires"),
        t("table.actions"),
      ]}
    >
      {invitations.length === 0 ? (
        <EmptyRow colSpan={withRole ? 6 : 5}>{emptyText}</EmptyRow>
      ) : (
        invitations.map((i) => {
          const open = i.status === "PENDING" || i.status === "EXPIRED";
          const name = `${i.firstName} ${i.lastName}`.trim();
          return (
            <tr key={i.id}>
              <Td>
                {name ? <div className="font-medium">{name}</div> : null}
                <div className="text-gray-600">{i.email}</div>
              </Td>
              {withRole ? <Td>{i.role ? t(`roles.${i.role}`) : ""}</Td> : null}
              <Td>
                <Badge tone={TONES[i.status]}>{t(`status.${i.status}`)}</Badge>
              </Td>
              <Td>{i.sentText}</Td>
              <Td>{i.status === "PENDING" ? i.expiresText : "—"}</Td>
              <Td>
                {open ? (
                  <div className="flex flex-wrap gap-2">
                    <RowAction
                      action={action}
                      intent="resend-invitation"
                      fields={{ invitationId: i.id }}
                      aria-label={t("table.resendTo", { email: i.email })}
                    >
                      {t("table.resend")}
                    </RowAction>
                    {i.status === "PENDING" ? (
                      <RowAction
                        action={action}
                        intent="revoke-invitation"
                        fields={{ invitationId: i.id }}
                        aria-label={t("table.revokeTo", { email: i.email })}
                      >
                        {t("table.revoke")}
                      </RowAction>
                    ) : null}
                  </div>
                ) : (
                  "—"
                )}
              </Td>
            </tr>
          );
        })
      )}
    </Table>
  );
}
