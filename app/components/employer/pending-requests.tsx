import type { SerializeFrom } from "@remix-run/node";
import { ApproveForm, DeclineLink } from "~/components/employer/approval-forms";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { ApprovablePending } from "~/models/advances/index.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

/** A pending request's first cell, here and on the dashboard: who asked, and their department. */
export function EmployeeCell({
  name,
  department,
}: {
  name: string;
  department: string | null;
}) {
  return (
    <Td>
      <p className="font-medium text-gray-900">{name}</p>
      <p className="text-xs text-gray-600">{department || "N/A"}</p>
    </Td>
  );
}

/** /approvals' table: one page of pending requests, each with Approve and Decline. */
export function PendingRequestsTable({
  pending,
  page,
  here,
}: {
  pending: SerializeFrom<ApprovablePending>[];
  /** The page of /approvals shown, kept behind the Decline dialog. */
  page: number;
  /** This page's address, where Approve comes back to. */
  here: string;
}) {
  return (
    <Table
      caption="Pending advance requests"
      head={[
        "Employee",
        "Request Date",
        "Amount",
        "Reason",
        "Current Balance",
        "Repayment Periods",
        "Actions",
      ]}
    >
      {pending.length === 0 ? (
        <EmptyRow colSpan={7}>
          No pending approval requests at this time.
        </EmptyRow>
      ) : (
        pending.map((r) => {
          const name = `${r.employee.firstName} ${r.employee.lastName}`;
          return (
            <tr key={r.id}>
              <EmployeeCell name={name} department={r.employee.department} />
              <Td>{formatDate(r.requestDate)}</Td>
              <Td>{formatMoney(r.amount)}</Td>
              <Td className="min-w-[8rem]">{r.reason || "N/A"}</Td>
              <Td>{formatMoney(r.employee.availableBalance)}</Td>
              <Td>
                {r.repaymentPeriods}{" "}
                {r.repaymentPeriods === 1 ? "pay period" : "pay periods"}
              </Td>
              <Td>
                <div className="flex gap-2">
                  <ApproveForm
                    requestId={r.id}
                    employeeName={name}
                    redirectTo={here}
                    blockedReason={r.blockedReason}
                  />
                  <DeclineLink
                    requestId={r.id}
                    employeeName={name}
                    page={page}
                  />
                </div>
              </Td>
            </tr>
          );
        })
      )}
    </Table>
  );
}

/** How many requests wait in all (every page), under the table. */
export function WaitingCount({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <p className="mt-4 text-sm text-gray-700">
      {total === 1
        ? "1 request waiting"
        : `${total.toLocaleString("en-US")} requests waiting`}
      , the longest-waiting first.
    </p>
  );
}
