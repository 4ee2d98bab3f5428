import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import {
  ApproveForm,
  QuickDeclineForm,
} from "~/components/employer/approval-forms";
import { EmployeesTable } from "~/components/employer/employees-table";
import { ToDoList } from "~/components/dashboard/to-do";
import { EmployeeCell } from "~/components/employer/pending-requests";
import { useMayOpen } from "~/components/layout/use-may-open";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { EmployerDashboardData } from "~/models/reports/index.server";
import { formatDate } from "~/utils/dates";
import { useLanguage, useT } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

/** SPEC §2 Employer dashboard. Every control works with plain links and form posts. */
export function EmployerDashboard({
  data,
}: {
  data: SerializeFrom<EmployerDashboardData>;
}) {
  const t = useT("employer");
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  const mayOpen = useMayOpen();
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            {t(data.returning ? "welcomeBack" : "welcome", {
              name: data.greetingName,
            })}
          </h1>
          <p className="mt-1 text-gray-700">
            {data.companyName
              ? t("overviewOf", { company: data.companyName })
              : t("overview")}
          </p>
        </div>
        <div className="flex gap-2">
          {/* A file download, not a page: the browser loads it directly. */}
          {mayOpen("/payroll/export") && (
            <Link
              to="/payroll/export"
              reloadDocument
              className={buttonClass("secondary")}
            >
              {t("export")}
            </Link>
          )}
          {mayOpen("/payroll") && (
            <LinkButton to="/payroll" variant="secondary">
              {t("runPayroll")}
            </LinkButton>
          )}
          {mayOpen("/employees/add") && (
            <LinkButton to="/employees/add">{t("addEmployee")}</LinkButton>
          )}
        </div>
      </header>

      <EmployerToDo items={data.toDo} />

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("activeEmployees")} value={data.activeEmployees}>
          <Trend percent={data.activeEmployeesTrend} />
        </StatCard>
        <StatCard label={t("pendingRequests")} value={data.pendingRequests}>
          <Link to="/approvals" className={linkClass}>
            {t("viewAll")}
          </Link>
        </StatCard>
        <StatCard
          label={t("monthlyAdvances")}
          value={money(data.monthlyAdvances)}
        >
          <Trend percent={data.monthlyAdvancesTrend} />
        </StatCard>
        <StatCard
          label={t("pendingDeductions")}
          value={money(data.pendingDeductions)}
        >
          {/* The date and the sum due that day: two lines apart, each its own element. */}
          <span className="block" data-testid="next-payroll">
            {t("nextPayroll", {
              date: formatDate(data.nextPayroll, language),
            })}
          </span>
          <span
            className="mt-2 block font-medium text-gray-900"
            data-testid="due-next-payroll"
          >
            {t("dueThen", { amount: money(data.dueNextPayroll) })}
          </span>
          <span className="mt-1 block text-xs">{t("totalIs")}</span>
          <span
            className="mt-2 block font-medium text-gray-900"
            data-testid="owed-back"
          >
            {t("owedBack", { amount: money(data.owedBack) })}
          </span>
        </StatCard>
      </div>

      <Card
        title={t("pendingApprovals")}
        actions={
          <Link to="/approvals" className={`text-sm ${linkClass}`}>
            {t("viewAllApprovals")}
          </Link>
        }
      >
        <Table
          caption={t("pendingApprovalsCaption")}
          head={[
            t("approvals:columns.employee"),
            t("approvals:columns.requestDate"),
            t("approvals:columns.amount"),
            t("approvals:columns.currentBalance"),
            t("approvals:columns.actions"),
          ]}
        >
          {data.pendingApprovals.length === 0 ? (
            <EmptyRow colSpan={5}>{t("noPending")}</EmptyRow>
          ) : (
            data.pendingApprovals.map((r) => {
              const name = `${r.employee.firstName} ${r.employee.lastName}`;
              return (
                <tr key={r.id}>
                  <EmployeeCell
                    name={name}
                    department={r.employee.department}
                  />
                  <Td>{formatDate(r.requestDate, language)}</Td>
                  <Td>{money(r.amount)}</Td>
                  <Td>{money(r.employee.availableBalance)}</Td>
                  <Td>
                    <div className="flex gap-2">
                      <ApproveForm
                        requestId={r.id}
                        employeeName={name}
                        redirectTo="/"
                        blockedReason={r.blockedReason}
                      />
                      <QuickDeclineForm
                        requestId={r.id}
                        employeeName={name}
                        redirectTo="/"
                      />
                    </div>
                  </Td>
                </tr>
              );
            })
          )}
        </Table>
      </Card>

      <Card
        title={t("employees")}
        actions={
          <Form
            method="get"
            action="/employees"
            role="search"
            className="flex gap-2"
          >
            <label htmlFor="dashboard-employee-search" className="sr-only">
              {t("searchEmployees")}
            </label>
            <input
              id="dashboard-employee-search"
              type="search"
              name="q"
              placeholder={t("searchPlaceholder")}
              maxLength={100}
              className="block w-56 rounded-md border border-gray-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
            />
            <Button type="submit" variant="secondary" className="py-1.5">
              {t("filter")}
            </Button>
          </Form>
        }
      >
        <EmployeesTable
          employees={data.employees}
          withActions={false}
          emptyText={t("noEmployees")}
        />
        <EmployeesFooter
          shown={data.employees.length}
          total={data.employeesTotal}
          pageCount={data.employeesPageCount}
        />
      </Card>
    </div>
  );
}

/** 'Showing 1 to n of total' and pagination that continues on /employees (25 a page). */
function EmployeesFooter({
  shown,
  total,
  pageCount,
}: {
  shown: number;
  total: number;
  pageCount: number;
}) {
  const t = useT("employer");
  const pages = Array.from({ length: Math.min(pageCount, 5) }, (_, i) => i + 1);
  return (
    <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>{t("showing", { from: shown === 0 ? 0 : 1, to: shown, total })}</p>
      {total > shown ? (
        <nav
          aria-label={t("employeesPages")}
          className="flex items-center gap-1"
        >
          {pages.map((page) => (
            <Link
              key={page}
              to={page === 1 ? "/employees" : `/employees?page=${page}`}
              className={buttonClass("secondary", "px-3 py-1")}
              aria-label={t("employeesPage", { page })}
            >
              {page}
            </Link>
          ))}
          {/* The dashboard shows the first 5; the list goes on at the top of /employees. */}
          <Link
            to="/employees"
            className={buttonClass("secondary", "px-3 py-1")}
          >
            {t("next")}
          </Link>
        </nav>
      ) : null}
    </footer>
  );
}

/** What to do now: requests waiting, runs to reconcile, invitations pending, people not paid. */
function EmployerToDo({
  items,
}: {
  items: SerializeFrom<EmployerDashboardData>["toDo"];
}) {
  const t = useT("employer");
  return (
    <ToDoList
      title={t("toDo.title")}
      empty={t("toDo.nothing")}
      entries={items.map((item, i) => {
        switch (item.kind) {
          case "approvals":
            return {
              key: "approvals",
              to: item.to,
              action: t("toDo.review"),
              text: t("toDo.approvals", { count: item.count }),
            };
          case "runs":
            return {
              key: "runs",
              to: item.to,
              action: t("toDo.recordResults"),
              text: t("toDo.runs", {
                count: item.count,
                date: item.payDateText,
              }),
            };
          case "invitations":
            return {
              key: "invitations",
              to: item.to,
              action: t("toDo.seeInvitations"),
              text: t("toDo.invitations", { count: item.count }),
            };
          case "unpaid":
            return {
              key: `unpaid-${i}`,
              to: item.to,
              action: t("toDo.viewEmployee"),
              text: t(item.companyPays ? "toDo.unpaidConfirm" : "toDo.unpaid", {
                name: item.name,
                amount: item.amountText,
                date: item.payByText ?? "",
              }),
            };
          case "leaverOwed":
            return {
              key: `leaver-${i}`,
              to: item.to,
              action: t("toDo.recordPayment"),
              text: t("toDo.leaverOwed", {
                name: item.name,
                amount: item.amountText,
              }),
            };
        }
      })}
    />
  );
}

/** "+8% from last month", "−5% from last month", or "—" when there is no last month. */
function Trend({ percent }: { percent: number | null }) {
  const t = useT("employer");
  if (percent === null) return <>{t("noLastMonth")}</>;
  const sign = percent > 0 ? "+" : percent < 0 ? "−" : "";
  return <>{t("fromLastMonth", { change: `${sign}${Math.abs(percent)}%` })}</>;
}
