import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { COMPANY_ROLE_LABELS, type CompanyRole } from "~/utils/company-roles";

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
  return (
    <Table
      caption="Team members"
      head={["Member", "Role", "Last sign-in", "Remove"]}
    >
      {members.length === 0 ? (
        <EmptyRow colSpan={4}>No members.</EmptyRow>
      ) : (
        members.map((m) => (
          <tr key={m.id}>
            <Td>
              <div className="font-medium">
                {m.name}
                {m.id === selfId ? " (you)" : ""}
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
                  Role of {m.name}
                </label>
                <select
                  id={`role-${m.id}`}
                  name="role"
                  defaultValue={m.role}
                  className={selectClass}
                >
                  {ROLES.map((role) => (
                    <option key={role} value={role}>
                      {COMPANY_ROLE_LABELS[role]}
                    </option>
                  ))}
                </select>
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Save the role of ${m.name}`}
                >
                  Save
                </Button>
              </Form>
            </Td>
            <Td>{m.lastSignInText}</Td>
            <Td>
              <Form method="post" action="/settings/team">
                <input type="hidden" name="intent" value="remove-member" />
                <input type="hidden" name="memberId" value={m.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Remove ${m.name} from the team`}
                >
                  Remove
                </Button>
              </Form>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}
