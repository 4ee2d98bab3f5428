import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { COMPANY_ROLE_LABELS, type CompanyRole } from "~/utils/company-roles";
import { INVITATION_STATUS_LABELS } from "~/utils/invitation-rules";

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
  return (
    <Table
      caption={caption}
      head={[
        "Invited",
        ...(withRole ? ["Role"] : []),
        "Status",
        "Sent",
        "Expires",
        "Actions",
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
              {withRole ? (
                <Td>{i.role ? COMPANY_ROLE_LABELS[i.role] : ""}</Td>
              ) : null}
              <Td>
                <Badge tone={TONES[i.status]}>
                  {INVITATION_STATUS_LABELS[i.status]}
                </Badge>
              </Td>
              <Td>{i.sentText}</Td>
              <Td>{i.status === "PENDING" ? i.expiresText : "—"}</Td>
              <Td>
                {open ? (
                  <div className="flex flex-wrap gap-2">
                    <Form method="post" action={action}>
                      <input type="hidden" name="invitationId" value={i.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="resend-invitation"
                        variant="secondary"
                        className="px-3 py-1.5"
                        aria-label={`Resend the invitation to ${i.email}`}
                      >
                        Resend
                      </Button>
                    </Form>
                    {i.status === "PENDING" ? (
                      <Form method="post" action={action}>
                        <input type="hidden" name="invitationId" value={i.id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="revoke-invitation"
                          variant="secondary"
                          className="px-3 py-1.5"
                          aria-label={`Revoke the invitation to ${i.email}`}
                        >
                          Revoke
                        </Button>
                      </Form>
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
