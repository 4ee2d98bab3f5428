import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { initials } from "~/utils/names";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  DeductionResult,
  isPartial,
} from "~/components/payroll/deduction-result";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { getEmployeePage } from "~/models/reports/index.server";
import { setWorkState } from "~/models/companies/index.server";
import {
  lastPayDateCorrectable,
  offboardEmployee,
  recordLeaverPayout,
} from "~/models/payroll/index.server";
import { can, requireEmployer } from "~/web/auth.server";
import {
  attempt,
  creditPayoutSchema,
  offboardSchema,
  parseId,
  parseWithZod,
  readFormData,
  redirectWithSuccess,
  replyToFailure,
} from "~/web/action.server";
import { island } from "~/components/island";
import type { SubmissionResult } from "@conform-to/react";
import { formatDate, notAvailable } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import { useLanguage, useT } from "~/utils/i18n";
import { formatCents, formatMoney } from "~/utils/money";
import { pageI18n } from "~/web/language.server";
import {
  CARD_STATUS,
  DeductionStatus,
  Newest,
} from "~/components/employer/employee-details";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request);
  const { i18n, language } = await pageI18n(
    request,
    ["employees", "messages"],
    employer,
  );
  try {
    const details = await getEmployeePage(employer, params.id, language);
    return json({
      i18n,
      ...details,
      mayOffboard: can(employer, "manageEmployees"),
      // A leaver's last pay date can be corrected until it passes.
      mayCorrectLastPayDate: lastPayDateCorrectable(
        details.employee.lastPayDate,
      ),
    });
  } catch (error) {
    // Another employer's employee, an unknown or a malformed id: the same 404.
    if (isAppError(error) && error.status === 404)
      throw json({ message: error.message }, { status: 404 });
    throw error;
  }
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  /** The work state form's refusal. */
  workStateError?: string;
};

const OffboardForm = island(() =>
  import("~/components/employer/offboard-form").then((m) => m.OffboardForm),
);

const WorkStateForm = island(() =>
  import("~/components/employer/work-state-form").then((m) => m.WorkStateForm),
);

const CreditPayoutForm = island(() =>
  import("~/components/employer/credit-payout-form").then(
    (m) => m.CreditPayoutForm,
  ),
);

// A leaver's credit paid by the company: an owner or admin records it.
async function payout(
  employer: Awaited<ReturnType<typeof requireEmployer>>,
  form: FormData,
  id: number,
  employeeId: string | undefined,
) {
  const submission = parseWithZod(form, { schema: creditPayoutSchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const done = await recordLeaverPayout(employer, id, {
        reference: submission.value.reference ?? null,
      });
      return redirectWithSuccess(
        `/employees/${employeeId}`,
        "Credit paid back",
        `${done.amount} recorded as paid; nothing is owed back any more.`,
      );
    },
    (error): ActionData => {
      if (error.status === 404)
        throw json({ message: error.message }, { status: 404 });
      return { result: replyToFailure(submission, error, { fields: true }) };
    },
  );
}

// Offboarding: an owner or admin, with the last pay date and a confirmation.
export async function action({ request, params }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const form = await readFormData(request);
  if (form.get("intent") === "payout") {
    const payoutId = parseId(params.id);
    if (payoutId === null)
      throw json({ message: "Employee not found." }, { status: 404 });
    return payout(employer, form, payoutId, params.id);
  }
  if (form.get("intent") === "workState") {
    const id = parseId(params.id);
    if (id === null)
      throw json({ message: "Employee not found." }, { status: 404 });
    return attempt(
      async () => {
        await setWorkState(employer, id, form.get("workState"));
        return redirectWithSuccess(
          `/employees/${params.id}`,
          "Work state saved",
          "The employee's next advances follow the rules of the state they work in.",
        );
      },
      (error): ActionData => {
        if (error.status === 404)
          throw json({ message: error.message }, { status: 404 });
        return {
          // The page says it in its language (the messages catalogue it loads).
          workStateError: error.message,
        };
      },
    );
  }
  // The same form corrects a leaver's last pay date (intent "correct").
  const correcting = form.get("intent") === "correct";
  const submission = parseWithZod(form, { schema: offboardSchema });
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
      if (correcting)
        return redirectWithSuccess(
          `/employees/${params.id}`,
          "Last pay date changed",
          `What is owed now falls on ${done.lastPayDate}.`,
        );
      return redirectWithSuccess(
        `/employees/${params.id}`,
        "Employee offboarded",
        // Who left, what was closed and cancelled, and what is still owed (from the result).
        done.owedCents > 0
          ? `${done.employeeName} has left. Cards closed: ${done.cardsClosed}; requests cancelled: ${done.requestsCancelled}; ${formatCents(done.owedCents)} still owed falls on the last pay date.`
          : `${done.employeeName} has left. Cards closed: ${done.cardsClosed}; requests cancelled: ${done.requestsCancelled}; nothing is owed.`,
      );
    },
    (error): ActionData => {
      if (error.status === 404)
        throw json({ message: error.message }, { status: 404 });
      return { result: replyToFailure(submission, error, { fields: true }) };
    },
  );
}

export default function EmployeeDetailsPage() {
  const {
    employee,
    requests,
    deductions,
    cards,
    truncated,
    limit,
    mayOffboard,
    mayCorrectLastPayDate,
    credit,
    workStateName,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const name = `${employee.firstName} ${employee.lastName}`;
  const t = useT("employees");
  const tc = useT("common");
  const language = useLanguage();
  const date = (value: string | null | undefined) =>
    formatDate(value, language);
  const money = (value: string) => formatMoney(value, language);
  const na = notAvailable(language);
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <p>
        <Link to="/employees" className="text-sm text-brand-700 underline">
          {t("details.back")}
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
            {employee.department || t("details.employee")}
            {employee.offboardedAt ? (
              <>
                {" "}
                <Badge tone="gray">
                  {t("details.left", {
                    date: date(`${employee.lastPayDate}T00:00:00`),
                  })}
                </Badge>
              </>
            ) : null}
          </p>
        </div>
      </header>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={t("details.availableBalance")}
          value={money(employee.availableBalance)}
        >
          {t("details.payCycleEnds", {
            date: employee.payCycleEndDate
              ? date(employee.payCycleEndDate)
              : t("details.notSet"),
          })}
        </StatCard>
        <StatCard
          label={t("details.usedBalance")}
          value={money(employee.usedBalance)}
        >
          {t("details.approvedAdvances")}
        </StatCard>
        <StatCard
          label={t("details.pendingDeductions")}
          value={money(employee.pendingDeductions)}
        >
          {t("details.notCollected", {
            amount: money(employee.unpaidDeductions),
          })}
        </StatCard>
      </div>

      {credit ? (
        <div
          role="note"
          data-testid="credit-owed"
          className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900"
        >
          <p className="font-semibold">
            {t("details.owedBack", { name, amount: credit.amount })}
          </p>
          <p className="mt-1">
            {credit.by === "PAYROLL" && credit.payDate
              ? t("details.owedBackByPayroll", {
                  date: date(`${credit.payDate}T00:00:00`),
                })
              : t("details.owedBackByEmployer")}
          </p>
        </div>
      ) : null}

      <Card title={t("details.profile")}>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-medium text-gray-600">
              {t("details.username")}
            </dt>
            <dd className="text-gray-900">{employee.username}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">{t("details.email")}</dt>
            <dd className="text-gray-900">{employee.email}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">
              {t("details.department")}
            </dt>
            <dd className="text-gray-900">{employee.department || na}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">
              {t("details.memberSince")}
            </dt>
            <dd className="text-gray-900">{date(employee.createdAt)}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">
              <label htmlFor="workState">{t("details.workState")}</label>
            </dt>
            <dd className="text-gray-900" data-testid="work-state">
              <WorkStateForm
                workState={employee.workState}
                workStateName={workStateName}
                mayEdit={mayOffboard}
                error={actionData?.workStateError}
                notAvailable={na}
              />
            </dd>
          </div>
        </dl>
      </Card>

      <Card title={t("details.requests")}>
        <Table
          caption={t("details.requestsOf", { name })}
          head={[
            t("details.requestColumns.requestDate"),
            t("details.requestColumns.amount"),
            t("details.requestColumns.reason"),
            t("details.requestColumns.repaymentPeriods"),
            t("details.requestColumns.status"),
            t("details.requestColumns.responseDate"),
          ]}
        >
          {requests.length === 0 ? (
            <EmptyRow colSpan={6}>{t("details.noRequests")}</EmptyRow>
          ) : (
            requests.map((r) => (
              <tr key={r.id}>
                <Td>{date(r.requestDate)}</Td>
                <Td>{money(r.amount)}</Td>
                <Td className="max-w-xs whitespace-normal">
                  {r.reason || na}
                  {r.rejectionReason ? (
                    <span className="block text-xs text-gray-600">
                      {t("details.declined", { reason: r.rejectionReason })}
                    </span>
                  ) : null}
                </Td>
                <Td>
                  {t("details.payPeriods", { count: r.repaymentPeriods })}
                </Td>
                <Td>
                  <StatusBadge status={r.status} />
                </Td>
                <Td>{date(r.approvalDate ?? r.rejectionDate)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest
          shown={truncated.requests}
          limit={limit}
          what="newestRequests"
        />
      </Card>

      <Card title={t("details.deductions")}>
        <Table
          caption={t("details.deductionsOf", { name })}
          head={[
            t("details.deductionColumns.deductionDate"),
            t("details.deductionColumns.amount"),
            t("details.deductionColumns.status"),
            t("details.deductionColumns.paymentDate"),
          ]}
        >
          {deductions.length === 0 ? (
            <EmptyRow colSpan={4}>{t("details.noDeductions")}</EmptyRow>
          ) : (
            deductions.map((d) => (
              <tr key={d.id}>
                <Td>{date(d.deductionDate)}</Td>
                <Td>{money(d.amount)}</Td>
                <Td className="whitespace-normal">
                  {isPartial(d) ? (
                    <Badge tone="yellow">
                      {tc("deductionResult.partialBadge")}
                    </Badge>
                  ) : (
                    <DeductionStatus status={d.status} />
                  )}
                  {d.shortfall !== "0.00" ? (
                    <span className="mt-1 block text-sm text-gray-700">
                      <DeductionResult d={d} />
                    </span>
                  ) : null}
                </Td>
                <Td>{date(d.paymentDate)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest
          shown={truncated.deductions}
          limit={limit}
          what="newestDeductions"
        />
      </Card>

      <Card title={t("details.cards")}>
        <Table
          caption={t("details.cardsOf", { name })}
          head={[
            t("details.cardColumns.cardNumber"),
            t("details.cardColumns.status"),
            t("details.cardColumns.expires"),
            t("details.cardColumns.amount"),
            t("details.cardColumns.issued"),
          ]}
        >
          {cards.length === 0 ? (
            <EmptyRow colSpan={5}>{t("details.noCards")}</EmptyRow>
          ) : (
            cards.map((c) => (
              <tr key={c.id}>
                <Td className="font-mono">{c.cardNumber}</Td>
                <Td>
                  <Badge tone={c.status === "active" ? "green" : "gray"}>
                    {CARD_STATUS.includes(c.status)
                      ? t(`common:card.${c.status}`)
                      : c.status.charAt(0).toUpperCase() + c.status.slice(1)}
                  </Badge>
                </Td>
                <Td>
                  {String(c.expiryMonth).padStart(2, "0")}/{c.expiryYear}
                </Td>
                <Td>{money(c.amount)}</Td>
                <Td>{date(c.createdAt)}</Td>
              </tr>
            ))
          )}
        </Table>
        <Newest shown={truncated.cards} limit={limit} what="newestCards" />
      </Card>

      {mayOffboard && employee.offboardedAt && credit?.by === "EMPLOYER" ? (
        <CreditPayoutForm
          name={name}
          amount={credit.amount}
          lastResult={actionData?.result}
        />
      ) : null}
      {mayOffboard && !employee.offboardedAt ? (
        <OffboardForm
          name={name}
          firstName={employee.firstName}
          lastResult={actionData?.result}
        />
      ) : null}
      {mayOffboard &&
      employee.offboardedAt &&
      mayCorrectLastPayDate &&
      employee.lastPayDate ? (
        <OffboardForm
          name={name}
          firstName={employee.firstName}
          lastResult={actionData?.result}
          lastPayDate={date(`${employee.lastPayDate}T00:00:00`)}
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
