import type { SerializeFrom } from "@remix-run/node";
import { ApproveForm, DeclineLink } from "~/components/employer/approval-forms";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { ApprovablePending } from "~/models/advances/index.server";
import { formatDate, notAvailable } from "~/utils/dates";
import { useLanguage, useT } from "~/utils/i18n";
import { formatCount, formatMoney } from "~/utils/money";

/** A pending request's first cell, here and on the dashboard: who asked, and their department. */
export function EmployeeCell({
  name,
  department,
}: {
  name: string;
  department: string | null;
}) {
  const language = useLanguage();
  return (
    <Td>
      <p className="font-medium text-gray-900">{name}</p>
      <p className="text-xs text-gray-600">
        {department || notAvailable(language)}
      </p>
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
  const t = useT("approvals");
  const language = useLanguage();
  return (
    <Table
      caption={t("caption")}
      head={[
        t("columns.employee"),
        t("columns.requestDate"),
        t("columns.amount"),
        t("columns.reason"),
        t("columns.currentBalance"),
        t("columns.repaymentPeriods"),
        t("columns.actions"),
      ]}
    >
      {pending.length === 0 ? (
        <EmptyRow colSpan={7}>{t("empty")}</EmptyRow>
      ) : (
        pending.map((r) => {
          const name = `${r.employee.firstName} ${r.employee.lastName}`;
          return (
            <tr key={r.id}>
              <EmployeeCell name={name} department={r.employee.department} />
              <Td>{formatDate(r.requestDate, language)}</Td>
              <Td>{formatMoney(r.amount, language)}</Td>
              <Td className="min-w-[8rem]">
                {r.reason || notAvailable(language)}
              </Td>
              <Td>{formatMoney(r.employee.availableBalance, language)}</Td>
              <Td>{t("payPeriods", { count: r.repaymentPeriods })}</Td>
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
  const t = useT("approvals");
  const language = useLanguage();
  if (total === 0) return null;
  return (
    <p className="mt-4 text-sm text-gray-700">
      {t("waiting", { count: total, number: formatCount(total, language) })}
    </p>
  );
}
