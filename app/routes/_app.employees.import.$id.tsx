import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { useIsPending } from "~/components/use-is-pending";
import {
  confirmRoster,
  getRosterImport,
  type BadRow,
  type SkippedRow,
} from "~/models/companies/index.server";
import { notFound } from "~/utils/errors";
import { translatedTitle, useT } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { ROSTER_LISTED_ROWS } from "~/utils/roster-rules";
import { pageI18n } from "~/web/language.server";
import {
  attempt,
  readFormData,
  redirectWithSuccess,
  parseId,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";

// /employees/import/<id>: a roster's preview (what Confirm will do, every refused row with its
// line and reason), then its progress while the job queue sends the invitations. The page
// updates live with JavaScript (the company's events) and refreshes itself without.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const id = parseId(params.id);
  if (id === null) throw notFound("Import not found");
  const row = await getRosterImport(employer, id).catch(() => {
    throw json({ message: "Import not found" }, { status: 404 });
  });
  const toInvite = (row.rows as unknown[]).length;
  const bad = row.badRows as BadRow[];
  const skipped = row.skippedRows as SkippedRow[];
  const { language, i18n } = await pageI18n(
    request,
    ["employees", "messages"],
    employer,
  );
  // The rows' reasons (the schema's and the import's messages) in the page's language.
  const reason = <T extends { reason: string }>(r: T): T => ({
    ...r,
    reason: localizeMessage(language, r.reason),
  });
  return json({
    i18n,
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    toInvite,
    processed: row.processed,
    invited: row.invited,
    skippedLater: row.skippedLater,
    badCount: bad.length,
    bad: bad.slice(0, ROSTER_LISTED_ROWS).map(reason),
    skippedCount: skipped.length,
    skipped: skipped.slice(0, ROSTER_LISTED_ROWS).map(reason),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  await readFormData(request);
  const id = parseId(params.id) ?? 0;
  return attempt(
    async () => {
      const row = await confirmRoster(employer, id);
      return redirectWithSuccess(
        `/employees/import/${row.id}`,
        "Import started",
        `Sending ${invitationsText((row.rows as unknown[]).length)}; this page shows the progress.`,
      );
    },
    (error) => ({ message: error.message }),
  );
}

export default function RosterImportDetails() {
  const data = useLoaderData<typeof loader>();
  const pending = useIsPending({ formMethod: null });
  const working = data.status === "QUEUED" || data.status === "RUNNING";
  const t = useT("employees");
  return (
    <div className="space-y-6 [contain:inline-size]">
      {/* Without JavaScript the page reloads itself while the invitations go out. */}
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("roster.title", { file: data.fileName })}
        </h1>
        <p className="mt-1 text-gray-700">
          {t("roster.rowsRead", {
            status: t(`roster.status.${data.status}`),
            rows: data.totalRows,
          })}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t("roster.toInvite")} value={String(data.toInvite)}>
          {t("roster.newAddresses")}
        </StatCard>
        <StatCard
          label={t("roster.alreadyThere")}
          value={String(data.skippedCount)}
        >
          {t("roster.nobodyTwice")}
        </StatCard>
        <StatCard label={t("roster.problems")} value={String(data.badCount)}>
          {t("roster.listedBelow")}
        </StatCard>
      </div>
      {data.status === "PREVIEW" ? (
        <Card title={t("roster.confirm")}>
          <p className="text-gray-700">
            {t("roster.nothingSent")}{" "}
            {data.toInvite > 0
              ? t("roster.confirmText", { count: data.toInvite })
              : t("roster.nobodyNew")}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {data.toInvite > 0 ? (
              <Form method="post">
                <Button type="submit" disabled={pending}>
                  {pending
                    ? t("roster.starting")
                    : t("roster.send", { count: data.toInvite })}
                </Button>
              </Form>
            ) : null}
            <Link
              to="/employees/import"
              className="inline-flex items-center font-medium text-brand-700 underline"
            >
              {t("roster.differentFile")}
            </Link>
          </div>
        </Card>
      ) : (
        <Card title={t("roster.progress")}>
          <label htmlFor="roster-progress" className="text-gray-700">
            {t(data.skippedLater > 0 ? "roster.doneSkipped" : "roster.done", {
              processed: data.processed,
              total: data.toInvite,
              invited: data.invited,
              skipped: data.skippedLater,
            })}
          </label>
          <progress
            id="roster-progress"
            className="mt-2 h-3 w-full"
            max={Math.max(1, data.toInvite)}
            value={data.processed}
          />
        </Card>
      )}
      <Card title={t("roster.problems")}>
        <Table
          caption={t("roster.problems")}
          head={[t("roster.line"), t("roster.problem")]}
        >
          {data.bad.length === 0 ? (
            <EmptyRow colSpan={2}>{t("roster.everyRowRead")}</EmptyRow>
          ) : (
            data.bad.map((b) => (
              <tr key={b.line}>
                <Td>{b.line}</Td>
                <Td>{b.reason}</Td>
              </tr>
            ))
          )}
        </Table>
        {data.badCount > data.bad.length ? (
          <p className="mt-2 text-sm text-gray-700">
            {t("roster.more", { number: data.badCount - data.bad.length })}
          </p>
        ) : null}
      </Card>
      {data.skippedCount > 0 ? (
        <Card title={t("roster.alreadyThere")}>
          <Table
            caption={t("roster.alreadyThere")}
            head={[t("roster.line"), t("roster.email"), t("roster.why")]}
          >
            {data.skipped.map((s) => (
              <tr key={s.line}>
                <Td>{s.line}</Td>
                <Td>{s.email}</Td>
                <Td>{s.reason}</Td>
              </tr>
            ))}
          </Table>
          {data.skippedCount > data.skipped.length ? (
            <p className="mt-2 text-sm text-gray-700">
              {t("roster.more", {
                number: data.skippedCount - data.skipped.length,
              })}
            </p>
          ) : null}
        </Card>
      ) : null}
      <p className="text-sm text-gray-700">
        <Link to="/employees" className="font-medium text-brand-700 underline">
          {t("roster.back")}
        </Link>
      </p>
    </div>
  );
}

const invitationsText = (n: number) =>
  `${n} ${n === 1 ? "invitation" : "invitations"}`;

export const meta = translatedTitle("common:titles.rosterImport");

export const ErrorBoundary = GeneralErrorBoundary;
