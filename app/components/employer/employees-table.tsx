import { Link } from "@remix-run/react";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { notAvailable } from "~/utils/dates";
import { useLanguage, useT } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { initials } from "~/utils/names";
import type { EmployeeListRow } from "~/models/reports/index.server";

/** A row of the list as the model gives it; "left" (offboarded) is optional elsewhere. */
export type EmployeeRowData = Omit<EmployeeListRow, "userId" | "left"> & {
  left?: boolean;
};

/** The employees table of the dashboard (first 5) and of /employees (with Actions). */
export function EmployeesTable({
  employees,
  withActions,
  emptyText,
}: {
  employees: EmployeeRowData[];
  withActions: boolean;
  emptyText: string;
}) {
  const t = useT("employees");
  const language = useLanguage();
  const head = [
    t("table.employee"),
    t("table.department"),
    t("table.availableBalance"),
    t("table.usedBalance"),
    t("table.pendingDeductions"),
    ...(withActions ? [t("table.actions")] : []),
  ];
  return (
    <Table caption={t("table.caption")} head={head}>
      {employees.length === 0 ? (
        <EmptyRow colSpan={head.length}>{emptyText}</EmptyRow>
      ) : (
        employees.map((e) => {
          const name = `${e.firstName} ${e.lastName}`;
          return (
            <tr key={e.id}>
              <Td>
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                  >
                    {initials(e.firstName, e.lastName)}
                  </span>
                  <div>
                    <p className="font-medium text-gray-900">
                      {name}
                      {e.left ? (
                        <span className="ml-2 rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                          {t("table.left")}
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-gray-600">{e.email}</p>
                  </div>
                </div>
              </Td>
              <Td>{e.department || notAvailable(language)}</Td>
              <Td>{formatMoney(e.availableBalance, language)}</Td>
              <Td>{formatMoney(e.usedBalance, language)}</Td>
              <Td>{formatMoney(e.pendingDeductions, language)}</Td>
              {withActions ? (
                <Td>
                  <ActionsMenu id={e.id} name={name} />
                </Td>
              ) : null}
            </tr>
          );
        })
      )}
    </Table>
  );
}

/** A <details> menu: opens and works without JavaScript. */
function ActionsMenu({ id, name }: { id: number; name: string }) {
  const t = useT("employees");
  return (
    <details className="group relative inline-block">
      <summary className="cursor-pointer list-none rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden">
        {t("table.actions")}
        <span className="sr-only">{t("table.actionsFor", { name })}</span>
      </summary>
      <ul className="absolute right-0 z-10 mt-1 w-40 rounded-md border border-gray-200 bg-white py-1 shadow-lg">
        <li>
          <Link
            to={`/employees/${id}`}
            className="block px-3 py-2 text-sm text-gray-800 hover:bg-gray-100"
          >
            {t("table.viewDetails")}
            <span className="sr-only">{t("table.detailsOf", { name })}</span>
          </Link>
        </li>
      </ul>
    </details>
  );
}
