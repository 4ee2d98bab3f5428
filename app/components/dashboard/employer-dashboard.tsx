import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import {
  ApproveForm,
  QuickDeclineForm,
} from "~/components/employer/approval-forms";
import { EmployeesTable } from "~/components/employer/employees-table";
import { EmployeeCell } from "~/components/employer/pending-requests";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import type { EmployerDashboardData } from "~/models/reports/index.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

/** SPEC §2 Employer dashboard. Every control works with plain links and form posts. */
export function EmployerDashboard({
  data,
}: {
  data: SerializeFrom<EmployerDashboardData>;
}) {
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            Welcome back, {data.greetingName}
          </h1>
          <p className="mt-1 text-gray-700">
            Here&apos;s an overview of your employees&apos; grocery advances.
          </p>
        </div>
        <div className="flex gap-2">
          {/* A file download, not a page: the browser loads it directly. */}
          <Link
            to="/payroll/export"
            reloadDocument
            className={buttonClass("secondary")}
          >
            Export
          </Link>
          <LinkButton to="/payroll" variant="secondary">
            Run Payroll
          </LinkButton>
          <LinkButton to="/employees/add">Add Employee</LinkButton>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Active Employees" value={data.activeEmployees}>
          8% from last month
        </StatCard>
        <StatCard label="Pending Requests" value={data.pendingRequests}>
          <Link to="/approvals" className={linkClass}>
            View all
          </Link>
        </StatCard>
        <StatCard
          label="Monthly Advances"
          value={formatMoney(data.monthlyAdvances)}
        >
          12% from last month
        </StatCard>
        <StatCard
          label="Pending Deductions"
          value={formatMoney(data.pendingDeductions)}
        >
          <span className="block">
            Next payroll: {formatDate(data.nextPayroll)}
          </span>
          <span className="block" data-testid="due-next-payroll">
            {formatMoney(data.dueNextPayroll)} due then; the total is every
            deduction scheduled and not yet collected.
          </span>
        </StatCard>
      </div>

      <Card
        title="Pending Approvals"
        actions={
          <Link to="/approvals" className={`text-sm ${linkClass}`}>
            View All
          </Link>
        }
      >
        <Table
          caption="Pending approvals"
          head={[
            "Employee",
            "Request Date",
            "Amount",
            "Current Balance",
            "Actions",
          ]}
        >
          {data.pendingApprovals.length === 0 ? (
            <EmptyRow colSpan={5}>No pending approval requests</EmptyRow>
          ) : (
            data.pendingApprovals.map((r) => {
              const name = `${r.employee.firstName} ${r.employee.lastName}`;
              return (
                <tr key={r.id}>
                  <EmployeeCell
                    name={name}
                    department={r.employee.department}
                  />
                  <Td>{formatDate(r.requestDate)}</Td>
                  <Td>{formatMoney(r.amount)}</Td>
                  <Td>{formatMoney(r.employee.availableBalance)}</Td>
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
        title="Employees"
        actions={
          <Form
            method="get"
            action="/employees"
            role="search"
            className="flex gap-2"
          >
            <label htmlFor="dashboard-employee-search" className="sr-only">
              Search employees
            </label>
            <input
              id="dashboard-employee-search"
              type="search"
              name="q"
              placeholder="Search employees..."
              maxLength={100}
              className="block w-56 rounded-md border border-gray-300 px-3 py-1.5 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
            />
            <Button type="submit" variant="secondary" className="py-1.5">
              Filter
            </Button>
          </Form>
        }
      >
        <EmployeesTable
          employees={data.employees}
          withActions={false}
          emptyText="No employees yet. Add your first employee to get started."
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
  const pages = Array.from({ length: Math.min(pageCount, 5) }, (_, i) => i + 1);
  return (
    <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
      <p>
        Showing {shown === 0 ? 0 : 1} to {shown} of {total}
      </p>
      {total > shown ? (
        <nav aria-label="Employees pages" className="flex items-center gap-1">
          {pages.map((page) => (
            <Link
              key={page}
              to={page === 1 ? "/employees" : `/employees?page=${page}`}
              className={buttonClass("secondary", "px-3 py-1")}
              aria-label={`Employees page ${page}`}
            >
              {page}
            </Link>
          ))}
          {/* The dashboard shows the first 5; the list goes on at the top of /employees. */}
          <Link
            to="/employees"
            className={buttonClass("secondary", "px-3 py-1")}
          >
            Next
          </Link>
        </nav>
      ) : null}
    </footer>
  );
}
