import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  DeductionResult,
  isPartial,
} from "~/components/payroll/deduction-result";
import { Badge } from "~/components/ui/badge";
import { Button, LinkButton } from "~/components/ui/button";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import {
  deductionsDueBy,
  nextPayDateOf,
  collectAllInRun,
  createPayrollRun,
  getPayrollRun,
  listPayrollRuns,
  parseResultsCsv,
  recordPayrollResults,
  RESULTS_FILE_PROBLEM,
} from "~/models/payroll/index.server";
import { requireEmployer } from "~/web/auth.server";
import { isAppError } from "~/utils/errors";
import { formatDate, notAvailable } from "~/utils/dates";
import { formatCents, formatMoney, toCents } from "~/utils/money";
import {
  attempt,
  replyToFailure,
  redirectWithSuccess,
  LINE_MESSAGE,
  lineNotPaidSchema,
  parseWithZod,
  runPayrollSchema,
} from "~/web/action.server";
import {
  translatedTitle,
  useLanguage,
  useMessageText,
  useT,
  withElements,
} from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";
import { readRunForm } from "~/web/results-file.server";
import {
  LINE_STATUS,
  LINE_TONE,
  RunStatus,
} from "~/components/payroll/run-status";

const RunPayrollForm = island(() =>
  import("~/components/payroll/run-payroll-form").then((m) => m.RunPayrollForm),
);

// /payroll: the company's next pay date, what is due now, the 'Run payroll' action (with a
// confirmation checkbox, so it works without JavaScript), the payroll runs, and one run's page
// (?run=ID): its file, and what payroll collected, recorded in one press, row by row or by
// uploading the payroll system's result file.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "payroll");
  const today = new Date();
  const runParam = new URL(request.url).searchParams.get("run");
  const runId =
    runParam && /^\d{1,9}$/.test(runParam) ? Number(runParam) : null;
  const [due, nextPayDate, runs, run] = await Promise.all([
    deductionsDueBy(user, today),
    nextPayDateOf(user),
    listPayrollRuns(user),
    runId === null
      ? null
      : getPayrollRun(user, runId).catch((error: unknown) => {
          // Another company's run, or one that does not exist: the same 404 page.
          if (isAppError(error) && error.status === 404)
            throw json({ message: error.message }, { status: 404 });
          throw error;
        }),
  ]);
  const totalCents = due.reduce((sum, d) => sum + toCents(d.amount), 0);
  const { language, i18n } = await pageI18n(
    request,
    ["payroll", "messages"],
    user,
  );
  return json({
    i18n,
    today: today.toISOString(),
    nextPayroll: nextPayDate.toISOString(),
    due,
    total: formatCents(totalCents, language),
    runs,
    run,
  });
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  /** A refusal of a result (or result file) on a run's page. */
  error?: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployer(request, "payroll");
  let form: FormData;
  try {
    form = await readRunForm(request);
  } catch {
    return json<ActionData>({ error: RESULTS_FILE_PROBLEM }, 400);
  }
  const intent = form.get("intent");
  if (intent === "line-not-paid") {
    const runId = Number(form.get("runId"));
    const parsed = lineNotPaidSchema.safeParse({ lineId: form.get("lineId") });
    if (!parsed.success) return json<ActionData>({ error: LINE_MESSAGE }, 400);
    return attempt(
      async () => {
        await recordPayrollResults(user, runId, {
          results: [],
          unpaidReimbursements: [parsed.data.lineId],
        });
        return redirectWithSuccess(
          `/payroll?run=${Number.isSafeInteger(runId) ? runId : ""}`,
          "Reimbursement not paid",
          "The credit stays owed and goes on the next payroll run.",
        );
      },
      (error): ActionData => ({ error: error.message }),
    );
  }
  if (intent === "collect-all" || intent === "result" || intent === "upload") {
    const runId = Number(form.get("runId"));
    const back = `/payroll?run=${Number.isSafeInteger(runId) ? runId : ""}`;
    return attempt(
      async () => {
        let recorded: number;
        if (intent === "collect-all") {
          recorded = (await collectAllInRun(user, runId)).recorded;
        } else if (intent === "result") {
          const result = {
            deductionId: form.get("deductionId"),
            collectedAmount: form.get("collectedAmount"),
          };
          recorded = (
            await recordPayrollResults(user, runId, { results: [result] })
          ).recorded;
        } else {
          const file = form.get("results");
          if (!file || typeof file === "string" || file.size === 0)
            return json<ActionData>({ error: RESULTS_FILE_PROBLEM }, 400);
          recorded = (
            await recordPayrollResults(user, runId, {
              results: parseResultsCsv(await file.text()),
            })
          ).recorded;
        }
        return redirectWithSuccess(
          back,
          "Payroll results recorded",
          recorded === 0
            ? "Nothing changed: these results were already recorded."
            : `${recorded} ${recorded === 1 ? "deduction" : "deductions"} reconciled.`,
        );
      },
      (error): ActionData => ({ error: error.message }),
    );
  }
  const submission = parseWithZod(form, { schema: runPayrollSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  return attempt(
    async () => {
      // What this press submitted, not the run's whole file (a run of the day may exist).
      const { run, added, addedCents } = await createPayrollRun(user, {});
      if (added === 0)
        return redirectWithSuccess(
          "/payroll",
          "Nothing to submit",
          "There were no deductions due.",
        );
      return redirectWithSuccess(
        `/payroll?run=${run.id}`,
        "Payroll run created",
        `${added} ${added === 1 ? "deduction" : "deductions"} submitted, ${formatCents(addedCents)} in total. Record what payroll collected when it is done.`,
      );
    },
    (error): ActionData => ({ result: replyToFailure(submission, error) }),
  );
}

export default function PayrollPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const run = data.run;
  const t = useT("payroll");
  const tc = useT("common");
  const text = useMessageText();
  const language = useLanguage();
  const date = (value: string) => formatDate(value, language);
  const money = (value: string) => formatMoney(value, language);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <LinkButton to="/payroll/export" reloadDocument variant="secondary">
          {t("export")}
        </LinkButton>
      </div>
      <p className="text-gray-700">
        {withElements(t("intro", { today: date(data.today) }), {
          date: <strong>{date(data.nextPayroll)}</strong>,
        })}
      </p>
      {run ? (
        <Card title={t("run.title", { date: date(run.payDate + "T00:00:00") })}>
          <div className="mb-3 flex flex-wrap items-center gap-3 text-sm text-gray-700">
            <RunStatus status={run.status} />
            <span>{t("run.total", { amount: money(run.total) })}</span>
            <a
              className="text-brand-700 underline"
              href={`/payroll/export?run=${run.id}`}
            >
              {t("run.download")}
            </a>
          </div>
          {actionData?.error ? (
            <p
              role="alert"
              className="mb-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
            >
              {text(actionData.error)}
            </p>
          ) : null}
          <Table
            head={[
              t("run.columns.employee"),
              t("run.columns.amount"),
              t("run.columns.status"),
              t("run.columns.collected"),
              t("run.columns.record"),
            ]}
            caption={t("run.caption")}
          >
            {run.deductions.length === 0 ? (
              <EmptyRow colSpan={5}>{t("run.empty")}</EmptyRow>
            ) : (
              run.deductions.map((d) => (
                <tr key={d.id}>
                  <Td>{d.employeeName}</Td>
                  <Td>{money(d.amount)}</Td>
                  <Td>
                    {isPartial(d) ? (
                      <Badge tone="yellow">
                        {tc("deductionResult.partialBadge")}
                      </Badge>
                    ) : (
                      <RunStatus status={d.status} />
                    )}
                  </Td>
                  <Td className="whitespace-normal">
                    <DeductionResult d={d} />
                  </Td>
                  <Td>
                    {d.status === "SUBMITTED" ? (
                      <Form method="post" className="flex items-center gap-2">
                        <input type="hidden" name="intent" value="result" />
                        <input type="hidden" name="runId" value={run.id} />
                        <input type="hidden" name="deductionId" value={d.id} />
                        <label
                          className="sr-only"
                          htmlFor={`collected-${d.id}`}
                        >
                          {t("run.collectedFrom", { name: d.employeeName })}
                        </label>
                        <input
                          id={`collected-${d.id}`}
                          name="collectedAmount"
                          inputMode="decimal"
                          defaultValue={d.amount}
                          className="w-24 rounded-md border border-gray-300 px-2 py-1 text-sm"
                        />
                        <Button type="submit" variant="secondary">
                          {t("run.record")}
                        </Button>
                      </Form>
                    ) : (
                      t("run.recorded")
                    )}
                  </Td>
                </tr>
              ))
            )}
          </Table>
          {run.reimbursements.length > 0 ? (
            <div className="mt-6" data-testid="reimbursements">
              <h3 className="text-base font-semibold text-gray-900">
                {t("run.reimbursements.title", {
                  amount: money(run.reimbursementTotal),
                })}
              </h3>
              <p className="mb-2 text-sm text-gray-700">
                {t("run.reimbursements.text")}
              </p>
              <Table
                head={[
                  t("run.columns.employee"),
                  t("run.reimbursements.amount"),
                  t("run.columns.status"),
                  t("run.columns.record"),
                ]}
                caption={t("run.reimbursements.caption")}
              >
                {run.reimbursements.map((l) => (
                  <tr key={l.id}>
                    <Td>{l.employeeName}</Td>
                    <Td>{money(l.amount)}</Td>
                    <Td>
                      <Badge tone={LINE_TONE[l.status]}>
                        {t(LINE_STATUS[l.status])}
                      </Badge>
                    </Td>
                    <Td className="whitespace-normal">
                      {l.status === "SUBMITTED" ? (
                        <Form method="post">
                          <input
                            type="hidden"
                            name="intent"
                            value="line-not-paid"
                          />
                          <input type="hidden" name="runId" value={run.id} />
                          <input type="hidden" name="lineId" value={l.id} />
                          <Button
                            type="submit"
                            variant="secondary"
                            aria-label={t("run.reimbursements.notPaidFor", {
                              name: l.employeeName,
                            })}
                          >
                            {t("run.reimbursements.markNotPaid")}
                          </Button>
                        </Form>
                      ) : l.status === "NOT_PAID" ? (
                        t("run.reimbursements.movesOn")
                      ) : (
                        t("run.recorded")
                      )}
                    </Td>
                  </tr>
                ))}
              </Table>
            </div>
          ) : null}
          {run.status === "SUBMITTED" ? (
            <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <Form method="post">
                <input type="hidden" name="intent" value="collect-all" />
                <input type="hidden" name="runId" value={run.id} />
                <Button type="submit">{t("run.allCollected")}</Button>
              </Form>
              <Form
                method="post"
                encType="multipart/form-data"
                className="space-y-2"
              >
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="runId" value={run.id} />
                <label
                  htmlFor="results"
                  className="block text-sm font-medium text-gray-900"
                >
                  {t("run.resultFile")}
                </label>
                <div className="flex flex-wrap items-center gap-2">
                  <input
                    id="results"
                    name="results"
                    type="file"
                    accept=".csv,text/csv"
                    className="max-w-full text-sm"
                  />
                  <Button type="submit" variant="secondary">
                    {t("run.upload")}
                  </Button>
                </div>
              </Form>
            </div>
          ) : null}
        </Card>
      ) : null}
      <Card title={t("due.title", { count: data.due.length })}>
        <Table
          head={[
            t("due.columns.employee"),
            t("due.columns.department"),
            t("due.columns.deductionDate"),
            t("due.columns.amount"),
            t("due.columns.request"),
          ]}
          caption={t("due.caption")}
        >
          {data.due.length === 0 ? (
            <EmptyRow colSpan={5}>{t("due.empty")}</EmptyRow>
          ) : (
            data.due.map((d) => (
              <tr key={d.deductionId}>
                <Td>
                  {d.firstName} {d.lastName}
                </Td>
                <Td>{d.department || notAvailable(language)}</Td>
                <Td>{date(d.deductionDate)}</Td>
                <Td>{money(d.amount)}</Td>
                <Td>#{d.requestId}</Td>
              </tr>
            ))
          )}
        </Table>
        <p className="mt-3 text-sm text-gray-700">
          {t("due.total", { amount: data.total })}
        </p>
      </Card>
      {data.due.length === 0 ? (
        // Nothing to run: the button stays, disabled, with the reason beside it.
        <div className="space-y-2">
          <p id="run-payroll-reason" className="text-sm text-gray-700">
            {t("form.nothingDue", { date: date(data.nextPayroll) })}
          </p>
          <Button type="button" disabled aria-describedby="run-payroll-reason">
            {t("form.submit")}
          </Button>
        </div>
      ) : (
        <RunPayrollForm lastResult={actionData?.result} />
      )}
      <Card title={t("runs.title")}>
        <Table
          head={[
            t("runs.columns.payDate"),
            t("runs.columns.status"),
            t("runs.columns.deductions"),
            t("runs.columns.total"),
            t("runs.columns.collected"),
            "",
          ]}
          caption={t("runs.title")}
        >
          {data.runs.length === 0 ? (
            <EmptyRow colSpan={6}>{t("runs.empty")}</EmptyRow>
          ) : (
            data.runs.map((r) => (
              <tr key={r.id}>
                <Td>{date(r.payDate + "T00:00:00")}</Td>
                <Td>
                  <RunStatus status={r.status} />
                </Td>
                <Td>
                  {r.open > 0
                    ? t("runs.toRecord", {
                        deductions: r.deductions,
                        open: r.open,
                      })
                    : r.deductions}
                </Td>
                <Td>{money(r.total)}</Td>
                <Td>{money(r.collected)}</Td>
                <Td>
                  <Link
                    className="text-brand-700 underline"
                    to={`/payroll?run=${r.id}`}
                  >
                    {t("runs.open")}
                  </Link>
                </Td>
              </tr>
            ))
          )}
        </Table>
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.payroll");

export const ErrorBoundary = GeneralErrorBoundary;
