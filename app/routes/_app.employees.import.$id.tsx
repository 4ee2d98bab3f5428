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
import { translatedTitle } from "~/utils/i18n";
import { ROSTER_LISTED_ROWS, ROSTER_STATUS_TEXT } from "~/utils/roster-rules";
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
  return json({
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    toInvite,
    processed: row.processed,
    invited: row.invited,
    skippedLater: row.skippedLater,
    badCount: bad.length,
    bad: bad.slice(0, ROSTER_LISTED_ROWS),
    skippedCount: skipped.length,
    skipped: skipped.slice(0, ROSTER_LISTED_ROWS),
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
          Roster: {data.fileName}
        </h1>
        <p className="mt-1 text-gray-700">
          {ROSTER_STATUS_TEXT[data.status]}. {data.totalRows} rows read.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="To invite" value={String(data.toInvite)}>
          New addresses
        </StatCard>
        <StatCard
          label="Already employees or invited"
          value={String(data.skippedCount)}
        >
          Nobody is invited twice
        </StatCard>
        <StatCard label="Rows with problems" value={String(data.badCount)}>
          Listed below, not invited
        </StatCard>
      </div>
      {data.status === "PREVIEW" ? (
        <Card title="Confirm">
          <p className="text-gray-700">
            Nothing has been sent yet.{" "}
            {data.toInvite > 0
              ? `Confirm to e-mail ${invitationsText(data.toInvite)}; each link works for 7 days.`
              : "There is nobody new to invite in this file."}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {data.toInvite > 0 ? (
              <Form method="post">
                <Button type="submit" disabled={pending}>
                  {pending
                    ? "Starting..."
                    : `Send ${invitationsText(data.toInvite)}`}
                </Button>
              </Form>
            ) : null}
            <Link
              to="/employees/import"
              className="inline-flex items-center font-medium text-brand-700 underline"
            >
              Upload a different file
            </Link>
          </div>
        </Card>
      ) : (
        <Card title="Progress">
          <label htmlFor="roster-progress" className="text-gray-700">
            {data.processed} of {data.toInvite} rows done: {data.invited}{" "}
            invited
            {data.skippedLater > 0
              ? `, ${data.skippedLater} skipped (invited or employed meanwhile)`
              : ""}
            .
          </label>
          <progress
            id="roster-progress"
            className="mt-2 h-3 w-full"
            max={Math.max(1, data.toInvite)}
            value={data.processed}
          />
        </Card>
      )}
      <Card title="Rows with problems">
        <Table caption="Rows with problems" head={["Line", "Problem"]}>
          {data.bad.length === 0 ? (
            <EmptyRow colSpan={2}>Every row could be read.</EmptyRow>
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
            and {data.badCount - data.bad.length} more.
          </p>
        ) : null}
      </Card>
      {data.skippedCount > 0 ? (
        <Card title="Already employees or invited">
          <Table
            caption="Already employees or invited"
            head={["Line", "Email", "Why"]}
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
              and {data.skippedCount - data.skipped.length} more.
            </p>
          ) : null}
        </Card>
      ) : null}
      <p className="text-sm text-gray-700">
        <Link to="/employees" className="font-medium text-brand-700 underline">
          Back to employees
        </Link>
      </p>
    </div>
  );
}

const invitationsText = (n: number) =>
  `${n} ${n === 1 ? "invitation" : "invitations"}`;

export const meta = translatedTitle("common:titles.rosterImport");

export const ErrorBoundary = GeneralErrorBoundary;
