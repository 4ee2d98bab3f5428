import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkButton } from "~/components/ui/button";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import {
  deductionsDueBy,
  runPayrollForEmployer,
} from "~/models/payroll.server";
import { requireEmployer } from "~/web/auth.server";
import { formatDate, nextPayroll } from "~/utils/dates";
import { formatCents, formatMoney, toCents } from "~/utils/money";
import { redirectWithSuccess } from "~/web/toast.server";
import { parseWithZod, runPayrollSchema } from "~/web/validation.server";
import { attempt, readFormData, replyToFailure } from "~/web/action.server";

const RunPayrollForm = island(() =>
  import("~/components/payroll/run-payroll-form").then((m) => m.RunPayrollForm),
);
import { pageTitle } from "~/utils/meta";

// /payroll: what today's payroll run collects, the 'Run payroll' action (with a confirmation
// checkbox, so it works without JavaScript), and the next payroll's export.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "payroll");
  const today = new Date();
  const due = await deductionsDueBy(user, today);
  const totalCents = due.reduce((sum, d) => sum + toCents(d.amount), 0);
  return json({
    today: today.toISOString(),
    nextPayroll: nextPayroll(today).toISOString(),
    due,
    total: formatCents(totalCents),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployer(request, "payroll");
  const submission = parseWithZod(await readFormData(request), {
    schema: runPayrollSchema,
  });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  return attempt(
    async () => {
      const summary = await runPayrollForEmployer(user);
      return redirectWithSuccess(
        "/payroll",
        "Payroll run complete",
        summary.deductionsPaid === 0
          ? "There were no deductions due."
          : `${summary.deductionsPaid} deductions collected, ${formatMoney(summary.totalPaid)} in total.`,
      );
    },
    (error): ActionData => ({ result: replyToFailure(submission, error) }),
  );
}

export default function PayrollPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Payroll</h1>
        <LinkButton to="/payroll/export" reloadDocument variant="secondary">
          Export next payroll (CSV)
        </LinkButton>
      </div>
      <p className="text-gray-700">
        Next payroll: <strong>{formatDate(data.nextPayroll)}</strong>. Running
        payroll today collects every deduction dated on or before{" "}
        {formatDate(data.today)} and gives the amounts back to each
        employee&apos;s available balance.
      </p>
      <Card title={`Due now (${data.due.length})`}>
        <Table
          head={[
            "Employee",
            "Department",
            "Deduction Date",
            "Amount",
            "Request",
          ]}
          caption="Deductions due now"
        >
          {data.due.length === 0 ? (
            <EmptyRow colSpan={5}>No deductions are due.</EmptyRow>
          ) : (
            data.due.map((d) => (
              <tr key={d.deductionId}>
                <Td>
                  {d.firstName} {d.lastName}
                </Td>
                <Td>{d.department || "N/A"}</Td>
                <Td>{formatDate(d.deductionDate)}</Td>
                <Td>{formatMoney(d.amount)}</Td>
                <Td>#{d.requestId}</Td>
              </tr>
            ))
          )}
        </Table>
        <p className="mt-3 text-sm text-gray-700">Total due: {data.total}</p>
      </Card>
      <RunPayrollForm lastResult={actionData?.result} />
    </div>
  );
}

export const meta = pageTitle("Payroll");

export const ErrorBoundary = GeneralErrorBoundary;
