import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { countCompanyActivity } from "~/models/audit/index.server";
import { listActivityPeople } from "~/models/people/index.server";
import { listCompanyActivity } from "~/models/reports/index.server";
import { requireEmployer } from "~/web/auth.server";
import { formatDateTime } from "~/utils/dates";
import { AUDIT_ACTIONS, activityQuery } from "~/validation/audit";
import { readActivityFilter } from "~/web/activity-filter.server";
import { readPage, readPageParam } from "~/validation/pagination";
import { translatedTitle, useT } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";

// /activity: the company's audit trail, newest first, 50 a page, filtered by employee and by
// action with a plain GET form (works without JavaScript), and its CSV (/activity.csv).
const ACTIVITY_PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "activity");
  const url = new URL(request.url);
  const filter = readActivityFilter(url);
  const { language, i18n } = await pageI18n(
    request,
    ["activity", "messages"],
    user,
  );
  const [{ items: rows, page, pageCount, total }, people] = await Promise.all([
    readPage(
      { page: readPageParam(url), pageSize: ACTIVITY_PAGE_SIZE },
      () => countCompanyActivity(user, filter),
      (limit, offset) =>
        listCompanyActivity(user, filter, limit, offset, language),
      { clamp: true },
    ),
    listActivityPeople(user),
  ]);
  return json({
    i18n,
    filter,
    page,
    pageCount,
    total,
    people,
    events: rows.map((r) => ({
      id: r.id,
      time: formatDateTime(r.occurredAt, language),
      iso: r.occurredAt.toISOString(),
      label: r.label,
      actorName: r.actorName,
      subjectName: r.subjectName,
      amount: r.amount,
      summary: r.summary,
    })),
  });
}

const selectClass =
  "block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600";

export default function ActivityPage() {
  const { filter, page, pageCount, total, people, events } =
    useLoaderData<typeof loader>();
  const query = activityQuery(filter);
  const t = useT("activity");
  return (
    <div className="space-y-6" style={{ contain: "inline-size" }}>
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-sm text-gray-700">{t("intro")}</p>
      </div>
      <Card>
        <Form
          method="get"
          action="/activity"
          className="mb-4 grid gap-3 sm:grid-cols-2 sm:items-end xl:grid-cols-[1fr_1fr_auto_auto]"
        >
          <div>
            <label
              htmlFor="activity-employee"
              className="block text-sm font-medium text-gray-800"
            >
              {t("employee")}
            </label>
            <select
              id="activity-employee"
              name="employee"
              defaultValue={filter.employee ? String(filter.employee) : ""}
              className={selectClass}
            >
              <option value="">{t("everyone")}</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label
              htmlFor="activity-action"
              className="block text-sm font-medium text-gray-800"
            >
              {t("action")}
            </label>
            <select
              id="activity-action"
              name="action"
              defaultValue={filter.action ?? ""}
              className={selectClass}
            >
              <option value="">{t("allActions")}</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t(`actions.${a.replace(/\./g, "__")}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary">
            {t("filter")}
          </Button>
          <LinkButton
            to={`/activity.csv${query}`}
            reloadDocument
            variant="secondary"
          >
            {t("download")}
          </LinkButton>
        </Form>
        <p className="mb-2 text-sm text-gray-700" aria-live="polite">
          {t("events", { count: total })}
        </p>
        <Table
          caption={t("caption")}
          head={[
            t("columns.time"),
            t("columns.action"),
            t("columns.by"),
            t("columns.on"),
            t("columns.amount"),
            t("columns.details"),
          ]}
        >
          {events.length === 0 ? (
            <EmptyRow colSpan={6}>{t("empty")}</EmptyRow>
          ) : (
            events.map((e) => (
              <tr key={e.id}>
                <Td>
                  <time dateTime={e.iso}>{e.time}</time>
                </Td>
                <Td>{e.label}</Td>
                <Td>{e.actorName}</Td>
                {/* On a phone each event is a card: it leaves out "On" when that is the
                    person who acted, and the empty lines, so the list stays short. */}
                <Td blank={!e.subjectName || e.subjectName === e.actorName}>
                  {e.subjectName || "—"}
                </Td>
                <Td blank={!e.amount}>{e.amount ?? "—"}</Td>
                <Td
                  blank={!e.summary}
                  className="min-w-[12rem] max-w-sm !whitespace-normal break-words"
                >
                  {e.summary || "—"}
                </Td>
              </tr>
            ))
          )}
        </Table>
        <Pager
          label={t("pages")}
          page={page}
          pageCount={pageCount}
          href={(n) => `/activity${activityQuery(filter, n)}`}
        />
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.activity");

export const ErrorBoundary = GeneralErrorBoundary;
