import { Form } from "@remix-run/react";
import { Button, RowAction } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { CompanyRole } from "~/utils/company-roles";
import { useT } from "~/utils/i18n";

// The team page's members (/settings/team): each with a role select and Save, and Remove.
// Plain forms posting to /settings/team, so they work without JavaScript.

const ROLES: CompanyRole[] = ["OWNER", "ADMIN", "APPROVER"];

const selectClass =
  "block rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm " +
  "focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";

export type MemberRow = {
  id: number;
  name: string;
  email: string;
  role: CompanyRole;
  /** Formatted on the server (the browser's time zone would differ). */
  lastSignInText: string;
};

export function TeamTable({
  members,
  selfId,
}: {
  members: MemberRow[];
  selfId: number;
}) {
  const t = useT("settings");
  return (
    <Table
      caption={t("team.caption")}
      head={[
        t("team.columns.member"),
        t("team.columns.role"),
        t("team.columns.lastSignIn"),
        t("team.columns.remove"),
      ]}
    >
      {members.length === 0 ? (
        <EmptyRow colSpan={4}>{t("team.noMembers")}</EmptyRow>
      ) : (
        members.map((m) => (
          <tr key={m.id}>
            <Td>
              <div className="font-medium">
                {m.id === selfId ? t("team.you", { name: m.name }) : m.name}
              </div>
              <div className="text-gray-600">{m.email}</div>
            </Td>
            <Td>
              <Form
                method="post"
                action="/settings/team"
                className="flex flex-wrap items-center gap-2"
              >
                <input type="hidden" name="intent" value="change-role" />
                <input type="hidden" name="memberId" value={m.id} />
                <label htmlFor={`role-${m.id}`} className="sr-only">
                  {t("team.roleOf", { name: m.name })}
                </label>
                <select
                  id={`role-${m.id}`}
                  name="role"
                  defaultValue={m.role}
                  className={selectClass}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(`invitations:roles.${role}`)}
                    </option>
                  ))}
                </select>
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={t("team.saveRoleOf", { name: m.name })}
                >
                  {t("team.save")}
                </Button>
              </Form>
            </Td>
            <Td>{m.lastSignInText}</Td>
            <Td>
              <RowAction
                action="/settings/team"
                intent="remove-member"
                fields={{ memberId: m.id }}
                aria-label={t("team.removeFrom", { name: m.name })}
              >
                {t("team.remove")}
              </RowAction>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}
