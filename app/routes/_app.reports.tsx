import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/charts/bar-chart";
import { DonutChart } from "~/components/charts/donut-chart";
import { HorizontalBarChart } from "~/components/charts/horizontal-bar-chart";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Card, StatCard } from "~/components/ui/card";
import { getEmployerReport } from "~/models/reports/index.server";
import { requireEmployer } from "~/web/auth.server";
import { formatDate } from "~/utils/dates";
import { formatCents } from "~/utils/money";
import { translatedTitle } from "~/utils/i18n";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request);
  const report = await getEmployerReport(user);
  return json({ report }, { headers: { "Cache-Control": "no-store" } });
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

/** "2026-03" → ["Mar", "March 2026"] */
function monthLabels(key: string): [string, string] {
  const [year, month] = key.split("-").map(Number);
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

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export default function ReportsPage() {
  const { report } = useLoaderData<typeof loader>();
  const trend = report.trend.percent;
  const riskTotal = report.risk.reduce((sum, r) => sum + r.count, 0);
  const busiest = report.monthly.reduce(
    (best, m) => (m.amountCents > best.amountCents ? m : best),
    report.monthly[0],
  );
  const noData = report.totalAdvances === 0;
  // The period ends today; its start is the first of the month 11 months ago (UTC).
  const periodStart = formatDate(report.period.start.slice(0, 10) + "T12:00");

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          Employee Financial Wellness Analytics
        </h1>
        <p className="mt-1 text-gray-700">
          How your employees use grocery advances, from your company&apos;s own
          requests.
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Advances" value={report.totalAdvances}>
          {report.approvedAdvances} approved, {report.declinedAdvances}{" "}
          declined, {report.pendingAdvances} pending
          {report.cancelledAdvances > 0
            ? `, ${report.cancelledAdvances} cancelled`
            : ""}
        </StatCard>
        <StatCard
          label="Total Amount"
          value={formatCents(report.totalAmountCents)}
        >
          Average {formatCents(report.averageAmountCents)} per request
        </StatCard>
        <StatCard label="Approval Rate" value={`${report.approvalRate}%`}>
          {report.approvedAdvances} of{" "}
          {report.approvedAdvances + report.declinedAdvances} decided requests
        </StatCard>
        <StatCard
          label="Monthly Trend"
          value={`${trend > 0 ? "+" : ""}${trend}%`}
        >
          {plural(report.trend.last30Days, "request")} in the last 30 days vs{" "}
          {report.trend.prior30Days} in the 30 before
        </StatCard>
      </div>

      <Card title="Repayment">
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-gray-700">Collected by payroll</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {formatCents(report.repayment.collectedCents)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">Written off (losses)</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {formatCents(report.repayment.writtenOffCents)}
            </dd>
            <dd className="text-xs text-gray-700">
              What leavers&apos; last paychecks could not cover
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">Still owed</dt>
            <dd className="text-xl font-semibold text-gray-900">
              {formatCents(report.repayment.owedCents)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-700">Fees paid by the company</dt>
            <dd
              className="text-xl font-semibold text-gray-900"
              data-testid="company-fees"
            >
              {formatCents(report.repayment.companyFeesCents)}
            </dd>
            <dd className="text-xs text-gray-700">
              Processing fees of advances your company pays for its employees
              (Settings), billed to the company
            </dd>
          </div>
        </dl>
      </Card>

      <Card title="Monthly Advance Volume">
        <BarChart
          title="Amount requested per month, last 12 months"
          summary={
            noData
              ? "Dollars requested per month over the last 12 months."
              : `Dollars requested per month: ${formatCents(report.totalAmountCents)} in ${plural(report.totalAdvances, "request")} over 12 months; the largest month was ${monthLabels(busiest.month)[1]} with ${formatCents(busiest.amountCents)}.`
          }
          valueHeading="Amount requested"
          detailHeadings={["Requests", "Approved"]}
          formatTick={formatTickDollars}
          emptyText="No advance requests in the last 12 months. The chart fills in as your employees request advances."
          bars={report.monthly.map((m) => {
            const [label, longLabel] = monthLabels(m.month);
            return {
              label,
              longLabel,
              value: m.amountCents,
              valueLabel: formatCents(m.amountCents),
              details: [String(m.requests), String(m.approved)],
            };
          })}
        />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Top Departments">
          {report.departments.length === 0 ? (
            <p className="text-gray-600">
              No data yet: no approved advances in the last 12 months.
            </p>
          ) : (
            <HorizontalBarChart
              title="Approved advance amount by department"
              summary={`${report.departments[0].department} leads with ${report.departments[0].percent}% of the approved amount.`}
              labelHeading="Department"
              valueHeading="Approved amount"
              detailHeadings={["Share", "Advances"]}
              rows={report.departments.map((d) => ({
                label: d.department,
                value: d.amountCents,
                valueLabel: `${formatCents(d.amountCents)} · ${d.percent}%`,
                details: [`${d.percent}%`, String(d.advances)],
              }))}
            />
          )}
          <p className="mt-3 text-xs text-gray-600">
            Ranked by approved amount; shares are of all approved advances (
            {formatCents(report.approvedAmountCents)}).
          </p>
        </Card>

        <Card title="Risk Distribution">
          {riskTotal === 0 ? (
            <p className="text-gray-600">
              No data yet: no approved advances in the last 12 months.
            </p>
          ) : (
            <DonutChart
              title="Approved advances by risk band"
              summary={
                riskTotal === 0
                  ? "No approved advances yet."
                  : report.risk
                      .map((r) => `${r.label}: ${r.count} (${r.percent}%)`)
                      .join("; ")
              }
              centerValue={String(riskTotal)}
              centerCaption={riskTotal === 1 ? "advance" : "advances"}
              labelHeading="Risk band"
              valueHeading="Approved advances"
              segments={report.risk.map((r) => ({
                label: r.label,
                value: r.count,
                valueLabel: `${r.count} · ${r.percent}%`,
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
            Estimated Impact
          </h2>
          <Badge tone="blue">Estimates</Badge>
        </div>
        <p className="text-sm text-gray-700">
          Industry estimates for programs like this one, not measured from your
          data.
          {noData
            ? " Your own figures appear above once your employees request advances."
            : null}
        </p>
        <div className="grid gap-4 md:grid-cols-3">
          <StatCard
            label="Employee Retention (estimate)"
            value={`+${report.estimates.retentionPercent}%`}
          >
            Estimated improvement for employees who use advances.
          </StatCard>
          <StatCard
            label="Estimated Savings (estimate)"
            value={formatCents(report.estimates.savingsCents)}
          >
            From lower turnover, at an estimated{" "}
            {formatCents(report.estimates.replacementCostCents)} to replace an
            employee.
          </StatCard>
          <StatCard
            label="Employee Satisfaction (estimate)"
            value={`${report.estimates.satisfaction}/${report.estimates.satisfactionScale}`}
          >
            Estimated program satisfaction score.
          </StatCard>
        </div>
      </section>

      <p className="rounded-md bg-gray-100 p-4 text-sm text-gray-700">
        <strong>Reporting period:</strong> the last 12 months ({periodStart} to{" "}
        {formatDate(report.period.end)}). Figures cover requests made by your
        employees in that period; department and risk figures count approved
        advances only. The monthly trend compares the last 30 days with the 30
        days before.
      </p>
    </div>
  );
}

export const meta = translatedTitle("common:titles.reports");

export const ErrorBoundary = GeneralErrorBoundary;
