import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass, PostButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  disconnectPayroll,
  isAssistedPayroll,
} from "~/models/integrations/index.server";
import {
  confirmOffboardingProposal,
  dismissOffboardingProposal,
  listOffboardingProposals,
  listWrittenRuns,
  syncPayrollRosterNow,
  writeRunAgain,
} from "~/models/payroll/index.server";
import {
  getPayrollConnection,
  getPaySchedule,
  startPayrollConnect,
} from "~/models/companies/index.server";
import { payrollProblemText } from "~/models/notifications/index.server";
import { formatMoney, fromCents } from "~/utils/money";
import {
  PAYROLL_WRITE_DAYS_BEFORE,
  PAYROLL_WRITE_DAYS_BEFORE_ASSISTED,
} from "~/utils/rules";
import { formatDate, formatDateTime } from "~/utils/dates";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
import {
  parseId,
  readFormData,
  redirectWithSuccess,
} from "~/web/action.server";
import { can, requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";
import { keepConnectState } from "~/web/payroll-connect.server";

// /settings/payroll (owners and admins; connecting, syncing and disconnecting are the owners'):
// the company's payroll connection through Finch. Connect is a
// plain form post answered by a redirect to Finch Connect (no JavaScript needed); Finch sends
// the owner back to /settings/payroll/callback. Shows the provider and what it shares, and
// disconnects; Sync now reads the roster, and the people it proposes for offboarding are
// confirmed or dismissed one by one. Off (and saying how to turn it on) while the server has no
// Finch credentials.

const PATH = "/settings/payroll";
/** What admins may do here too: the proposals (they may offboard) and the runs. */
const ADMIN_INTENTS = [
  "confirm-offboarding",
  "dismiss-offboarding",
  "write-again",
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Owners and admins (who may offboard and run payroll); only owners connect, sync or disconnect.
  const member = await requireEmployer(request, "payroll");
  const view = await getPayrollConnection(member);
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "messages"],
    member,
  );
  const t = serverT(language, "settings");
  const proposals = view.connection
    ? await listOffboardingProposals(member)
    : [];
  const written = view.connection ? await listWrittenRuns(member) : [];
  const schedule = view.connection ? await getPaySchedule(member) : null;
  const status = view.connection?.status ?? "OK";
  const [faultPayDate, faultDetail] =
    status === "JOB_FAILED"
      ? (view.connection?.statusDetail ?? "").split("|")
      : [null, view.connection?.statusDetail ?? null];
  const day = (d: string | null) =>
    d
      ? formatDate(new Date(`${d}T12:00:00`), language)
      : t("payroll.unknownDate");
  const sync = view.connection?.lastSync;
  // Assisted or automated is the connection's (how the employer authenticated), not the job's.
  const assisted = view.connection ? isAssistedPayroll(view.connection) : false;
  return json({
    i18n,
    isOwner: can(member, "team"),
    enabled: view.enabled,
    state:
      status === "OK"
        ? { ok: true, text: t("payroll.status.OK") }
        : {
            ok: false,
            text: payrollProblemText(language, {
              status,
              at: view.connection?.statusAt ?? new Date(),
              retryAfter: view.connection?.retryAfter ?? null,
              payDate: faultPayDate || null,
              detail: faultDetail || null,
            }),
          },
    scheduleText: schedule
      ? t("payroll.scheduleText", {
          frequency: t(`schedule.frequencies.${schedule.frequency}`),
          date: day(schedule.nextPayDate),
        })
      : null,
    runs: written.map((r) => ({
      runId: r.runId,
      payDate: r.payDate,
      failed: r.jobStatus === "FAILED",
      text: t("payroll.run", {
        date: day(r.payDate),
        total: formatMoney(fromCents(r.totalCents), language),
        count: r.employees,
        job: r.jobId || "—",
      }),
      jobText:
        assisted && (r.jobStatus === "PENDING" || r.jobStatus === "IN_PROGRESS")
          ? t("payroll.jobAssisted")
          : t(`payroll.job.${r.jobStatus}`, { detail: r.jobDetail ?? "" }),
      readText: r.resultsReadAt
        ? t("payroll.resultsRead", {
            date: formatDateTime(r.resultsReadAt, language),
          })
        : null,
      unmatched: r.unmatched.map((u) =>
        t("payroll.unmatchedLine", { name: u.employeeName, reason: u.reason }),
      ),
      writeAgainLabel: t("payroll.writeAgainLabel", { date: day(r.payDate) }),
    })),
    credits: written.flatMap((r) =>
      r.credits.map((c) => ({
        id: c.id,
        text: t("payroll.creditLine", {
          name: c.employeeName,
          amount: formatMoney(c.amount, language),
          date: day(r.payDate),
        }),
      })),
    ),
    connection: view.connection
      ? {
          title: t("payroll.connected", {
            provider: view.connection.providerName,
          }),
          byText: t("payroll.connectedBy", {
            name: view.connection.connectedByName,
            date: formatDate(view.connection.connectedAt, language),
          }),
          products: view.connection.products.map((p) =>
            t(`payroll.products.${p}`, { defaultValue: p }),
          ),
          typeText: view.connection.authType
            ? assisted
              ? t("payroll.typeAssisted", {
                  days: PAYROLL_WRITE_DAYS_BEFORE_ASSISTED,
                })
              : t("payroll.typeAutomated", { days: PAYROLL_WRITE_DAYS_BEFORE })
            : null,
          syncText:
            sync && view.connection.lastSyncedAt
              ? t("payroll.lastSync", {
                  ...sync,
                  date: formatDateTime(view.connection.lastSyncedAt, language),
                })
              : t("payroll.neverSynced"),
        }
      : null,
    proposals: proposals.map((p) => ({
      id: p.id,
      employeeId: p.employeeId,
      name: p.name,
      lastPayDate: p.lastPayDate,
      text: t("payroll.proposal", {
        name: p.name,
        email: p.email,
        endDate: day(p.endDate),
        lastPayDate: day(p.lastPayDate),
      }),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  // Admins act on proposals and runs; the models refuse them the owners' actions (403).
  const member = await requireEmployer(request, "payroll");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const owner =
    typeof intent === "string" && ADMIN_INTENTS.includes(intent)
      ? member
      : await requireEmployer(request, "team");
  return toastOutcome(PATH, async () => {
    if (intent === "write-again") {
      await writeRunAgain(owner, parseId(formData.get("runId")) ?? 0);
      return redirectWithSuccess(
        PATH,
        "Deductions written again",
        "The amounts were sent to your payroll system again.",
      );
    }
    if (intent === "sync") {
      await syncPayrollRosterNow(owner);
      return redirectWithSuccess(
        PATH,
        "Roster synced",
        "The roster was read from your payroll system.",
      );
    }
    if (intent === "confirm-offboarding") {
      const done = await confirmOffboardingProposal(
        owner,
        parseId(formData.get("proposalId")) ?? 0,
        {},
      );
      return redirectWithSuccess(
        PATH,
        "Offboarding confirmed",
        `${done.name} was offboarded with the last pay date from payroll.`,
      );
    }
    if (intent === "dismiss-offboarding") {
      await dismissOffboardingProposal(
        owner,
        parseId(formData.get("proposalId")) ?? 0,
      );
      return redirectWithSuccess(
        PATH,
        "Proposal dismissed",
        "Nobody was offboarded.",
      );
    }
    if (intent === "disconnect") {
      await disconnectPayroll(owner);
      return redirectWithSuccess(
        PATH,
        "Payroll disconnected",
        "The access was revoked at Finch and deleted here.",
      );
    }
    const { connectUrl, state } = await startPayrollConnect(owner);
    return redirect(connectUrl, {
      headers: { "Set-Cookie": await keepConnectState(request, state) },
    });
  });
}

export default function PayrollConnectionPage() {
  const {
    enabled,
    connection,
    proposals,
    isOwner,
    state,
    scheduleText,
    runs,
    credits,
  } = useLoaderData<typeof loader>();
  const t = useT("settings");
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("payroll.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("payroll.intro")}</p>
      </div>
      {/* A fault comes first, where a person looks before anything else (and on a phone). */}
      {connection && !state.ok ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <h2 className="font-semibold">{t("payroll.state")}</h2>
          <p className="mt-1">{state.text}</p>
        </div>
      ) : null}
      {!enabled ? (
        <Card title={t("payroll.off")}>
          <p className="text-sm text-gray-700">{t("payroll.offHow")}</p>
        </Card>
      ) : connection ? (
        <Card title={connection.title}>
          <p className="text-sm text-gray-700">{connection.byText}</p>
          {connection.typeText ? (
            <p className="text-sm text-gray-700">{connection.typeText}</p>
          ) : null}
          <h3 className="mt-4 text-sm font-semibold text-gray-900">
            {t("payroll.granted")}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {connection.products.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {state.ok ? (
            <>
              <h3 className="mt-4 text-sm font-semibold text-gray-900">
                {t("payroll.state")}
              </h3>
              <p className="mt-1 text-sm text-gray-700">{state.text}</p>
            </>
          ) : null}
          {isOwner ? (
            <>
              <p className="mt-4 text-sm text-gray-700">
                {t("payroll.disconnectText")}
              </p>
              <div className="mt-3">
                <PostButton intent="disconnect" variant="danger">
                  {t("payroll.disconnect")}
                </PostButton>
              </div>
            </>
          ) : null}
        </Card>
      ) : !isOwner ? (
        <Card title={t("payroll.notConnected")}>
          <p className="text-sm text-gray-700">{t("payroll.intro")}</p>
        </Card>
      ) : (
        <Card title={t("payroll.notConnected")}>
          <p className="text-sm text-gray-700">{t("payroll.connectText")}</p>
          {/* A document post: the answer is a redirect to Finch, another site. */}
          <form method="post" action={PATH} className="mt-3">
            <input type="hidden" name="intent" value="connect" />
            <button type="submit" className={buttonClass("primary")}>
              {t("payroll.connect")}
            </button>
          </form>
        </Card>
      )}
      {enabled && connection ? (
        <>
          <Card title={t("payroll.sync")}>
            <p className="text-sm text-gray-700">{t("payroll.syncText")}</p>
            <p className="mt-2 text-sm text-gray-700">{connection.syncText}</p>
            {isOwner ? (
              <div className="mt-3">
                <PostButton intent="sync" variant="secondary">
                  {t("payroll.syncNow")}
                </PostButton>
              </div>
            ) : null}
          </Card>
          {scheduleText ? (
            <Card title={t("payroll.schedule")}>
              <p className="text-sm text-gray-700">{scheduleText}</p>
            </Card>
          ) : null}
          <Card title={t("payroll.runs")}>
            <p className="text-sm text-gray-700">{t("payroll.runsText")}</p>
            {runs.length === 0 ? (
              <p className="mt-2 text-sm text-gray-700">
                {t("payroll.noRuns")}
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100">
                {runs.map((r) => (
                  <li key={r.runId} className="py-3 last:pb-0">
                    <p className="text-sm font-medium text-gray-900">
                      {r.text}
                    </p>
                    <p
                      className={
                        r.failed
                          ? "mt-1 text-sm text-red-800"
                          : "mt-1 text-sm text-gray-700"
                      }
                    >
                      {r.jobText}
                    </p>
                    {r.readText ? (
                      <p className="mt-1 text-sm text-gray-700">{r.readText}</p>
                    ) : null}
                    {r.unmatched.length > 0 ? (
                      <>
                        <p className="mt-1 text-sm text-gray-800">
                          {t("payroll.unmatched")}
                        </p>
                        <ul className="mt-1 list-disc pl-5 text-sm text-gray-700">
                          {r.unmatched.map((u) => (
                            <li key={u}>{u}</li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    <div className="mt-2 flex flex-wrap items-center gap-3">
                      {r.failed ? (
                        <PostButton
                          intent="write-again"
                          fields={{ runId: r.runId }}
                          variant="primary"
                          aria-label={r.writeAgainLabel}
                        >
                          {t("payroll.writeAgain")}
                        </PostButton>
                      ) : null}
                      <Link
                        to={`/payroll?run=${r.runId}`}
                        className="text-sm font-medium text-brand-700 underline"
                      >
                        {t("payroll.openRun")}
                      </Link>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("payroll.credits")}>
            <p className="text-sm text-gray-700">{t("payroll.creditsText")}</p>
            {credits.length === 0 ? (
              <p className="mt-2 text-sm text-gray-700">
                {t("payroll.noCredits")}
              </p>
            ) : (
              <ul className="mt-2 list-disc pl-5 text-sm text-gray-700">
                {credits.map((c) => (
                  <li key={c.id}>{c.text}</li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={t("payroll.proposals")}>
            {proposals.length === 0 ? (
              <p className="text-sm text-gray-700">
                {t("payroll.noProposals")}
              </p>
            ) : (
              <ul className="divide-y divide-gray-100">
                {proposals.map((p) => (
                  <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                    <p className="text-sm text-gray-800">{p.text}</p>
                    {p.lastPayDate ? null : (
                      <p className="mt-1 text-sm text-gray-700">
                        {t("payroll.noLastPayDate")}{" "}
                        <Link
                          to={`/employees/${p.employeeId}`}
                          className="font-medium text-brand-700 underline"
                        >
                          {t("payroll.openEmployee", { name: p.name })}
                        </Link>
                      </p>
                    )}
                    <div className="mt-2 flex flex-wrap gap-2">
                      {p.lastPayDate ? (
                        <PostButton
                          intent="confirm-offboarding"
                          fields={{ proposalId: p.id }}
                          variant="danger"
                          aria-label={t("payroll.confirmLabel", {
                            name: p.name,
                          })}
                        >
                          {t("payroll.confirm")}
                        </PostButton>
                      ) : null}
                      <PostButton
                        intent="dismiss-offboarding"
                        fields={{ proposalId: p.id }}
                        variant="secondary"
                        aria-label={t("payroll.dismissLabel", { name: p.name })}
                      >
                        {t("payroll.dismiss")}
                      </PostButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
      <p className="text-sm text-gray-700">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("payroll.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.payroll");

export const ErrorBoundary = GeneralErrorBoundary;
