import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useMayOpen } from "~/components/layout/use-may-open";
import { BarChart } from "~/components/charts/bar-chart";
import { DonutChart } from "~/components/charts/donut-chart";
import { HorizontalBarChart } from "~/components/charts/horizontal-bar-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Card, StatCard } from "~/components/ui/card";
import {
  getEmployerReport,
  NO_DEPARTMENT,
} from "~/models/reports/index.server";
import { requireEmployer } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatCents, formatPercent } from "~/utils/money";
import {
  intlLocale,
  translatedTitle,
  useLanguage,
  useT,
  withElements,
  type Language,
} from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";

// Single fetch sends a route's own headers, on pages and data requests alike, only through
// this export (cookies pass without it).
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "no-store",
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request);
  const report = await getEmployerReport(user);
  const { language, i18n } = await pageI18n(
    request,
    ["reports", "messages", ["regulator", "link"]],
    user,
  );
  const noDepartment = serverT(language, "reports")("noDepartment");
  return json(
    {
      i18n,
      report: {
        ...report,
        departments: report.departments.map((d) => ({
          ...d,
          department:
            d.department === NO_DEPARTMENT ? noDepartment : d.department,
        })),
      },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-03" → ["Mar", "March 2026"]; in Spanish ["mar", "marzo de 2026"] (Intl). */
function monthLabels(key: string, language: Language): [string, string] {
  const [year, month] = key.split("-").map(Number);
  if (language !== "en") {
    const date = new Date(year, month - 1, 15);
    const locale = intlLocale(language);
    return [
      date.toLocaleDateString(locale, { month: "short" }),
      date.toLocaleDateString(locale, { month: "long", year: "numeric" }),
    ];
  }
  const name = MONTHS[month - 1];
  return [name.slice(0, 3), `${name} ${year}`];
}

const RISK_COLORS: Record<string, string> = {
  low: "#15803d",
  moderate: "#b45309",
  high: "#b91c1c",
};

/** An axis value in cents as whole dollars ("$1,000"). */
const formatTickDollars = (cents: number) =>
  `$${Math.round(cents / 100).toLocaleString("en-US")}`;

export default function ReportsPage() {
  const { report } = useLoaderData<typeof loader>();
  const t = useT("reports");
  const mayOpen = useMayOpen();
  const language = useLanguage();
  const money = (cents: number) => formatCents(cents, language);
  // A percentage already multiplied by 100 (66.7): as written in English, by Intl otherwise.
  const percent = (value: number) =>
    language === "en" ? `${value}%` : formatPercent(value / 100, language);
  const trend = report.trend.percent;
  const riskTotal = report.risk.reduce((sum, r) => sum + r.count, 0);
  const busiest = report.monthly.reduce(
    (best, m) => (m.amountCents > best.amountCents ? m : best),
    report.monthly[0],
  );
  const noData = report.totalAdvances === 0;
  // The period ends today; its start is the first of the month 11 months ago (UTC).
  const periodStart = formatDate(
    report.period.start.slice(0, 10) + "T12:00",
    language,
  );

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-gray-700">{t("intro")}</p>
        {mayOpen("/reports/regulator") ? (
          <Link
            to="/reports/regulator"
            className="mt-2 inline-block text-sm font-medium text-brand-700 underline"
          >
            {t("regulator:link")}
          </Link>
        ) : null}
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t("totalAdvances")} value={report.totalAdvances}>
          {t(
            report.cancelledAdvances > 0 ? "breakdownCancelled" : "breakdown",
            {
              approved: report.approvedAdvances,
              declined: report.declinedAdvances,
              pending: report.pendingAdvances,
              cancelled: report.cancelledAdvances,
            },
          )}
        </StatCard>
        <StatCard
          label={t("totalAmount")}
          value={money(report.totalAmountCents)}
        >
          {t("average", { amount: money(report.averageAmountCents) })}
        </StatCard>
        <StatCard
          label={t("approvalRate")}
          value={percent(report.approvalRate)}
        >
          {t("decided", {
            approved: report.approvedAdvances,
            decided: report.approvedAdvances + report.declinedAdvances,
          })}
        </StatCard>
        <StatCard
          label={t("monthlyTrend")}
          value={`${trend > 0 ? "+" : ""}${percent(trend)}`}
        >
          {t("trend", {
            count: report.trend.last30Days,
            prior: report.trend.prior30Days,
          })}
        </StatCard>
      </div>

      <Card title={t("repayment")}>
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-gray-700">{t("collected")}</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {money(report.repayment.collectedCents)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">{t("writtenOff")}</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {money(report.repayment.writtenOffCents)}
            </dd>
            <dd className="text-xs text-gray-700">{t("writtenOffHint")}</dd>
          </div>
          <div>
            <dt className="text-gray-700">{t("owed")}</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {money(report.repayment.owedCents)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">{t("companyFees")}</dt>
            <dd
              className="text-xl font-semibold text-gray-900"
              data-testid="company-fees"
            >
              {money(report.repayment.companyFeesCents)}
            </dd>
            <dd className="text-xs text-gray-700">{t("companyFeesHint")}</dd>
          </div>
          <div>
            <dt className="text-gray-700">{t("owedBack")}</dt>
            <dd
              className="text-xl font-semibold text-gray-900"
              data-testid="owed-back"
            >
              {money(report.repayment.creditCents)}
            </dd>
            <dd className="text-xs text-gray-700">{t("owedBackHint")}</dd>
          </div>
          <div>
            <dt className="text-gray-700">{t("paidBack")}</dt>
            <dd
              className="text-xl font-semibold text-gray-900"
              data-testid="paid-back"
            >
              {money(report.repayment.paidBackCents)}
            </dd>
            <dd className="text-xs text-gray-700">{t("paidBackHint")}</dd>
          </div>
        </dl>
      </Card>

      <Card title={t("monthlyVolume")}>
        <BarChart
          title={t("volumeTitle")}
          summary={
            noData
              ? t("volumeEmptySummary")
              : t("volumeSummary", {
                  total: money(report.totalAmountCents),
                  count: report.totalAdvances,
                  month: monthLabels(busiest.month, language)[1],
                  amount: money(busiest.amountCents),
                })
          }
          valueHeading={t("amountRequested")}
          detailHeadings={[t("requests"), t("approved")]}
          formatTick={formatTickDollars}
          emptyText={t("volumeEmpty")}
          bars={report.monthly.map((m) => {
            const [label, longLabel] = monthLabels(m.month, language);
            return {
              label,
              longLabel,
              value: m.amountCents,
              valueLabel: money(m.amountCents),
              details: [String(m.requests), String(m.approved)],
            };
          })}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("topDepartments")}>
          {report.departments.length === 0 ? (
            <p className="text-gray-600">{t("noApproved")}</p>
          ) : (
            <HorizontalBarChart
              title={t("departmentsTitle")}
              summary={t("departmentsSummary", {
                department: report.departments[0].department,
                percent: percent(report.departments[0].percent),
              })}
              labelHeading={t("department")}
              valueHeading={t("approvedAmount")}
              detailHeadings={[t("share"), t("advances")]}
              rows={report.departments.map((d) => ({
                label: d.department,
                value: d.amountCents,
                valueLabel: `${money(d.amountCents)} · ${percent(d.percent)}`,
                details: [percent(d.percent), String(d.advances)],
              }))}
            />
          )}
          <p className="mt-3 text-xs text-gray-600">
            {t("ranked", { amount: money(report.approvedAmountCents) })}
          </p>
        </Card>

        <Card title={t("riskDistribution")}>
          {riskTotal === 0 ? (
            <p className="text-gray-600">{t("noApproved")}</p>
          ) : (
            <DonutChart
              title={t("riskTitle")}
              summary={
                riskTotal === 0
                  ? t("noApprovedYet")
                  : report.risk
                      .map(
                        (r) =>
                          `${t(`risk.${r.band}`)}: ${r.count} (${percent(r.percent)})`,
                      )
                      .join("; ")
              }
              centerValue={String(riskTotal)}
              centerCaption={t("advance", { count: riskTotal })}
              labelHeading={t("riskBand")}
              valueHeading={t("approvedAdvances")}
              segments={report.risk.map((r) => ({
                label: t(`risk.${r.band}`),
                value: r.count,
                valueLabel: `${r.count} · ${percent(r.percent)}`,
                color: RISK_COLORS[r.band],
              }))}
            />
          )}
        </Card>
      </div>

      {/* Not measured: industry estimates (SPEC §9 hard-coded figures), kept apart from the
          company's own figures above by a heading, a badge, a dashed border and a note. */}
      <section
        aria-labelledby="impact-heading"
        className="space-y-3 rounded-lg border border-dashed border-blue-300 bg-blue-50/40 p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="impact-heading" className="text-lg font-semibold">
            {t("impact")}
          </h2>
          <Badge tone="blue">{t("estimates")}</Badge>
        </div>
        <p className="text-sm text-gray-700">
          {t("impactText")}
          {noData ? t("impactNoData") : null}
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          <StatCard
            label={t("retention")}
            value={`+${percent(report.estimates.retentionPercent)}`}
          >
            {t("retentionText")}
          </StatCard>
          <StatCard
            label={t("savings")}
            value={money(report.estimates.savingsCents)}
          >
            {t("savingsText", {
              amount: money(report.estimates.replacementCostCents),
            })}
          </StatCard>
          <StatCard
            label={t("satisfaction")}
            value={`${report.estimates.satisfaction}/${report.estimates.satisfactionScale}`}
          >
            {t("satisfactionText")}
          </StatCard>
        </div>
      </section>

      <p className="rounded-md bg-gray-100 p-4 text-sm text-gray-700">
        {withElements(
          t("period", {
            start: periodStart,
            end: formatDate(report.period.end, language),
          }),
          { strong: <strong>{t("periodLabel")}</strong> },
        )}
      </p>
    </div>
  );
}

export const meta = translatedTitle("common:titles.reports");

export const ErrorBoundary = GeneralErrorBoundary;
