import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { CompanyRole } from "~/utils/company-roles";
import { useT } from "~/utils/i18n";

// The team page's members (/settings/team): each with a role select and Save, and Remove.
// Plain forms posting to /settings/team, so they work without JavaScript. Remove takes two
// steps, without JavaScript too: it opens a confirmation (a disclosure element) whose button
// posts. The company's only owner is offered no Remove (the server refuses it: a company
// always keeps an owner).

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
  const owners = members.filter((m) => m.role === "OWNER").length;
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
              {m.role === "OWNER" && owners === 1 ? (
                <span className="text-gray-600">{t("team.onlyOwner")}</span>
              ) : (
                <RemoveMember member={m} self={m.id === selfId} />
              )}
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}

/** Remove, then a confirmation that says what happens, then the post. */
function RemoveMember({ member, self }: { member: MemberRow; self: boolean }) {
  const t = useT("settings");
  return (
    <details className="text-sm">
      <summary
        className="inline-flex cursor-pointer list-none rounded-md border border-gray-300 bg-white px-3 py-1.5 font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden"
        aria-label={t("team.removeFrom", { name: member.name })}
      >
        {t("team.remove")}
      </summary>
      <Form
        method="post"
        action="/settings/team"
        className="mt-2 max-w-xs space-y-2 rounded-md border border-gray-200 bg-gray-50 p-2"
      >
        <p className="text-gray-800">
          {t(self ? "team.confirmRemoveSelf" : "team.confirmRemove", {
            name: member.name,
          })}
        </p>
        <input type="hidden" name="intent" value="remove-member" />
        <input type="hidden" name="memberId" value={member.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <Button
          type="submit"
          variant="secondary"
          className="px-3 py-1.5 text-red-800"
        >
          {t("team.confirmRemoveButton", { name: member.name })}
        </Button>
      </Form>
    </details>
  );
}
