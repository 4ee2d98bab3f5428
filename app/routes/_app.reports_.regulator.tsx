import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/error-list";
import { Table, Td } from "~/components/ui/table";
import { companyRegulatorReport } from "~/models/reports/index.server";
import { FREQUENT_USER_ADVANCES } from "~/utils/rules";
import { formatDate } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import { translatedTitle, translateMessage, useT } from "~/utils/i18n";
import { formatCents } from "~/utils/money";
import { requireEmployer } from "~/web/auth.server";
import { pageI18n } from "~/web/language.server";

// /reports/regulator: an owner's figures for the state regulators, for a period
// (?from=yyyy-MM-dd&to=yyyy-MM-dd, `to` not included; last calendar year by default) and an
// optional state, with the same figures as CSV at /reports/regulator.csv.

const CATEGORIES = ["ADVANCE", "DEDUCTION", "CARD_PURCHASE", "OTHER"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "regulatorReports");
  const { language, i18n } = await pageI18n(
    request,
    ["regulator", "complaints", "messages"],
    user,
  );
  const params = new URL(request.url).searchParams;
  const year = new Date().getUTCFullYear() - 1;
  const query = {
    from: params.get("from") || `${year}-01-01`,
    to: params.get("to") || `${year + 1}-01-01`,
    state: params.get("state") || "",
  };
  try {
    const report = await companyRegulatorReport(user, query);
    const day = (d: string) => formatDate(`${d}T12:00:00Z`, language);
    return json({
      i18n,
      query,
      error: null,
      period: { from: day(report.from), to: day(report.to) },
      report,
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json(
      {
        i18n,
        query,
        error: translateMessage(language, i18n.messages, error.message),
        period: null,
        report: null,
      },
      { status: error.status },
    );
  }
}

export default function RegulatorReportPage() {
  const { query, error, period, report } = useLoaderData<typeof loader>();
  const t = useT("regulator");
  const tc = useT("complaints");
  const csv = `/reports/regulator.csv?${new URLSearchParams(query).toString()}`;
  const money = (cents: number) => formatCents(cents);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-gray-700">{t("intro")}</p>
      </div>
      <Card>
        <Form
          method="get"
          className="grid gap-4 sm:grid-cols-2 sm:items-end lg:grid-cols-4"
        >
          <div>
            <label htmlFor="from" className="mb-1 block text-sm font-medium">
              {t("form.from")}
            </label>
            <input
              id="from"
              name="from"
              type="date"
              defaultValue={query.from}
              className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="to" className="mb-1 block text-sm font-medium">
              {t("form.to")}
            </label>
            <input
              id="to"
              name="to"
              type="date"
              defaultValue={query.to}
              className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"
            />
          </div>
          <div>
            <label htmlFor="state" className="mb-1 block text-sm font-medium">
              {t("form.state")}
            </label>
            <input
              id="state"
              name="state"
              type="text"
              maxLength={2}
              defaultValue={query.state}
              aria-describedby="state-hint"
              className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm uppercase"
            />
            <p id="state-hint" className="mt-1 text-xs text-gray-600">
              {t("form.stateHint")}
            </p>
          </div>
          <Button type="submit">{t("form.submit")}</Button>
        </Form>
        <ErrorList id="period-error" errors={error ? [error] : null} />
      </Card>
      {report && period ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-gray-800">{t("period", period)}</p>
            <a
              href={csv}
              className="font-medium text-brand-700 underline"
              download
            >
              {t("form.csv")}
            </a>
          </div>
          {report.state ? (
            <p
              className="rounded-md bg-gray-50 p-3 text-sm text-gray-800"
              data-testid="state-applied"
            >
              {t("stateApplied", { state: report.state })}
            </p>
          ) : null}
          <Card>
            <Table caption={t("caption")} head={[t("figure"), t("value")]}>
              {[
                [t("figures.advances"), String(report.advances)],
                [t("figures.uniqueUsers"), String(report.uniqueUsers)],
                [t("figures.amount"), money(report.amountCents)],
                [
                  t("figures.feesCharged", { count: report.feesChargedCount }),
                  money(report.feesChargedCents),
                ],
                [
                  t("figures.feesWaived", { count: report.feesWaivedCount }),
                  money(report.feesWaivedCents),
                ],
                [t("figures.averageFee"), money(report.averageFeeCents)],
                [
                  t("figures.frequentUsers", { count: FREQUENT_USER_ADVANCES }),
                  String(report.usersWith12OrMore),
                ],
                [
                  t("figures.writeOffs", { count: report.writeOffs }),
                  money(report.writeOffCents),
                ],
              ].map(([label, value]) => (
                <tr key={label} className="border-t border-gray-100">
                  <Td>{label}</Td>
                  <Td>{value}</Td>
                </tr>
              ))}
            </Table>
          </Card>
          <Card>
            <Table
              caption={t("complaints.caption")}
              head={[
                t("complaints.category"),
                t("complaints.received"),
                t("complaints.resolved"),
              ]}
            >
              {CATEGORIES.map((c) => (
                <tr key={c} className="border-t border-gray-100">
                  <Td>{tc(`categories.${c}`)}</Td>
                  <Td>{report.complaintsReceived[c]}</Td>
                  <Td>{report.complaintsResolved[c]}</Td>
                </tr>
              ))}
            </Table>
          </Card>
        </>
      ) : null}
      <p className="text-sm">
        <Link to="/reports" className="font-medium text-brand-700 underline">
          {t("common:nav.reports")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("common:titles.regulator");

export const ErrorBoundary = GeneralErrorBoundary;
