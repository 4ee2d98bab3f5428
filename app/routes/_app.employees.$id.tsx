import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { initials } from "~/components/employer/employees-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { getEmployeeDetails } from "~/models/reports/index.server";
import { offboardEmployee } from "~/models/payroll/index.server";
import { can, requireEmployer } from "~/web/auth.server";
import {
  attempt,
  offboardSchema,
  parseId,
  parseWithZod,
  readFormData,
  redirectWithSuccess,
  replyToFailure,
} from "~/web/action.server";
import { island } from "~/components/island";
import type { SubmissionResult } from "@conform-to/react";
import { formatDate } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request);
  try {
    return json({
      ...(await getEmployeeDetails(employer, params.id)),
      mayOffboard: can(employer, "manageEmployees"),
    });
  } catch (error) {
    // Another employer's employee, an unknown or a malformed id: the same 404.
    if (isAppError(error) && error.status === 404)
      throw json({ message: error.message }, { status: 404 });
    throw error;
  }
}

type ActionData = { result?: SubmissionResult<string[]> };

const OffboardForm = island(() =>
  import("~/components/employer/offboard-form").then((m) => m.OffboardForm),
);

// Offboarding (decision 0080): an owner or admin, with the last pay date and a confirmation.
export async function action({ request, params }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const submission = parseWithZod(await readFormData(request), {
    schema: offboardSchema,
  });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  const id = parseId(params.id);
  if (id === null)
    throw json({ message: "Employee not found." }, { status: 404 });
  return attempt(
    async () => {
      const done = await offboardEmployee(employer, id, {
        lastPayDate: submission.value.lastPayDate,
      });
      return redirectWithSuccess(
        `/employees/${params.id}`,
        "Employee offboarded",
        `${done.cardsClosed} ${done.cardsClosed === 1 ? "card" : "cards"} closed, ${done.requestsCancelled} ${done.requestsCancelled === 1 ? "request" : "requests"} cancelled; what is owed falls on the last pay date.`,
      );
    },
    (error): ActionData => {
      if (error.status === 404)
        throw json({ message: error.message }, { status: 404 });
      return { result: replyToFailure(submission, error, { fields: true }) };
    },
  );
}

/** Under a list that holds more rows than the page shows (DETAILS_LIMIT, the newest). */
function Newest({
  shown,
  limit,
  what,
}: {
  shown: boolean;
  limit: number;
  what: string;
}) {
  return shown ? (
    <p className="mt-3 text-sm text-gray-700">
      Showing the newest {limit} {what}.
    </p>
  ) : null;
}

const DEDUCTION_STATUS: Record<
  string,
  { tone: "green" | "yellow" | "gray" | "red" | "blue"; label: string }
> = {
  SCHEDULED: { tone: "yellow", label: "Scheduled" },
  SUBMITTED: { tone: "blue", label: "With payroll" },
  COLLECTED: { tone: "green", label: "Paid" },
  MISSED: { tone: "red", label: "Not collected" },
  WRITTEN_OFF: { tone: "gray", label: "Written off" },
};

function DeductionStatus({ status }: { status: string }) {
  const s = DEDUCTION_STATUS[status] ?? {
    tone: "gray" as const,
    label: status,
  };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

const periods = (n: number) => `${n} ${n === 1 ? "pay period" : "pay periods"}`;

export default function EmployeeDetailsPage() {
  const {
    employee,
    requests,
    deductions,
    cards,
    truncated,
    limit,
    mayOffboard,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const name = `${employee.firstName} ${employee.lastName}`;
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <p>
        <Link to="/employees" className="text-sm text-brand-700 underline">
          Back to Employees
        </Link>
      </p>
      <header className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-800"
        >
          {initials(employee.firstName, employee.lastName)}
        </span>
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{name}</h1>
          <p className="text-gray-700">
            {employee.department || "Employee"}
            {employee.offboardedAt ? (
              <>
                {" "}
                <Badge tone="gray">
                  Left · last pay date{" "}
                  {formatDate(`${employee.lastPayDate}T00:00:00`)}
                </Badge>
              </>
            ) : null}
          </p>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Available Balance"
          value={formatMoney(employee.availableBalance)}
        >
          Pay cycle ends{" "}
          {employee.payCycleEndDate
            ? formatDate(employee.payCycleEndDate)
            : "Not set"}
        </StatCard>
        <StatCard
          label="Used Balance"
          value={formatMoney(employee.usedBalance)}
        >
          Approved advances
        </StatCard>
        <StatCard
          label="Pending Deductions"
          value={formatMoney(employee.pendingDeductions)}
        >
          {formatMoney(employee.unpaidDeductions)} not yet collected by payroll
        </StatCard>
      </div>

      <Card title="Profile">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-gray-600">Username</dt>
            <dd className="text-gray-900">{employee.username}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">Email</dt>
            <dd className="text-gray-900">{employee.email}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">Department</dt>
            <dd className="text-gray-900">{employee.department || "N/A"}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">Member since</dt>
            <dd className="text-gray-900">{formatDate(employee.createdAt)}</dd>
          </div>
        </dl>
      </Card>

      <Card title="Advance Requests">
        <Table
          caption={`Advance requests of ${name}`}
          head={[
            "Request Date",
            "Amount",
            "Reason",
            "Repayment Periods",
            "Status",
            "Response Date",
          ]}
        >
          {requests.length === 0 ? (
            <EmptyRow colSpan={6}>No advance requests yet.</EmptyRow>
          ) : (
            requests.map((r) => (
              <tr key={r.id}>
                <Td>{formatDate(r.requestDate)}</Td>
                <Td>{formatMoney(r.amount)}</Td>
                <Td className="max-w-xs whitespace-normal">
                  {r.reason || "N/A"}
                  {r.rejectionReason ? (
                    <span className="block text-xs text-gray-600">
                      Declined: {r.rejectionReason}
                    </span>
                  ) : null}
                </Td>
                <Td>{periods(r.repaymentPeriods)}</Td>
                <Td>
                  <StatusBadge status={r.status} />
                </Td>
                <Td>{formatDate(r.approvalDate ?? r.rejectionDate)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest shown={truncated.requests} limit={limit} what="requests" />
      </Card>

      <Card title="Payroll Deductions">
        <Table
          caption={`Payroll deductions of ${name}`}
          head={["Deduction Date", "Amount", "Status", "Payment Date"]}
        >
          {deductions.length === 0 ? (
            <EmptyRow colSpan={4}>No payroll deductions scheduled.</EmptyRow>
          ) : (
            deductions.map((d) => (
              <tr key={d.id}>
                <Td>{formatDate(d.deductionDate)}</Td>
                <Td>{formatMoney(d.amount)}</Td>
                <Td>
                  <DeductionStatus status={d.status} />
                </Td>
                <Td>{formatDate(d.paymentDate)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest shown={truncated.deductions} limit={limit} what="deductions" />
      </Card>

      <Card title="Virtual Cards">
        <Table
          caption={`Virtual cards of ${name}`}
          head={["Card Number", "Status", "Expires", "Amount", "Issued"]}
        >
          {cards.length === 0 ? (
            <EmptyRow colSpan={5}>No virtual cards issued.</EmptyRow>
          ) : (
            cards.map((c) => (
              <tr key={c.id}>
                <Td className="font-mono">{c.cardNumber}</Td>
                <Td>
                  <Badge tone={c.status === "active" ? "green" : "gray"}>
                    {c.status.charAt(0).toUpperCase() + c.status.slice(1)}
                  </Badge>
                </Td>
                <Td>
                  {String(c.expiryMonth).padStart(2, "0")}/{c.expiryYear}
                </Td>
                <Td>{formatMoney(c.amount)}</Td>
                <Td>{formatDate(c.createdAt)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest shown={truncated.cards} limit={limit} what="cards" />
      </Card>

      {mayOffboard && !employee.offboardedAt ? (
        <OffboardForm
          name={name}
          firstName={employee.firstName}
          lastResult={actionData?.result}
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: data
      ? `${data.employee.firstName} ${data.employee.lastName} · Grocery Advance`
      : "Employee · Grocery Advance",
  },
];

export const ErrorBoundary = GeneralErrorBoundary;
