import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { island } from "~/components/island";
import { EmployeesTable } from "~/components/employer/employees-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, LinkButton } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { Card } from "~/components/ui/card";
import { loadEmployeesPage } from "~/models/reports/index.server";
import { requireEmployer } from "~/web/auth.server";
import { readEmployeesSearch } from "~/web/validation.server";

// The invitations' table (its Resend and Revoke forms) loads after the page.
const InvitationsTable = island(() =>
  import("~/components/company/invitations-table").then(
    (m) => m.InvitationsTable,
  ),
);

// The Add New Employee dialog (and its form) loads when the dialog opens.
const AddEmployeeDialog = island(() =>
  import("~/components/employer/add-employee-dialog").then(
    (m) => m.AddEmployeeDialog,
  ),
);
import { translatedTitle, useT } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request);
  const url = new URL(request.url);
  // Approvers see the list; owners and admins also add, invite and manage invitations.
  const { language, i18n } = await pageI18n(
    request,
    ["employees", "invitations", "messages"],
    employer,
  );
  const { page, mayManage, invitations } = await loadEmployeesPage(
    employer,
    readEmployeesSearch(url),
    language,
  );
  return json({
    ...page,
    i18n,
    mayManage,
    invitations,
    dialog:
      mayManage && url.searchParams.get("dialog") === "add" ? "add" : null,
  });
}

/** /employees with the given search and page (and nothing else). */
function employeesHref(params: { q?: string; page?: number; dialog?: string }) {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  if (params.dialog) search.set("dialog", params.dialog);
  const text = search.toString();
  return text ? `/employees?${text}` : "/employees";
}

const SEARCH_DELAY_MS = 300;

function SearchForm({ q }: { q?: string }) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // A navigation that changes ?q (a link, back/forward) updates the box unless it is in use.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current)
      input.current.value = q ?? "";
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const t = useT("employees");
  return (
    <Form
      method="get"
      action="/employees"
      role="search"
      className="flex w-full max-w-md gap-2"
    >
      <label htmlFor="employee-search" className="sr-only">
        {t("list.searchLabel")}
      </label>
      <input
        ref={input}
        id="employee-search"
        type="search"
        name="q"
        defaultValue={q ?? ""}
        placeholder={t("list.searchPlaceholder")}
        maxLength={100}
        className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-1 focus:ring-brand-600"
        onChange={(event) => {
          // With JavaScript the list filters as you type (debounced, server-side).
          const form = event.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (form)
              submit(form, {
                replace: true,
                preventScrollReset: true,
              });
          }, SEARCH_DELAY_MS);
        }}
      />
      <Button type="submit" variant="secondary">
        {t("list.search")}
      </Button>
    </Form>
  );
}

export default function EmployeesPage() {
  const data = useLoaderData<typeof loader>();
  const { q, page, pageCount } = data;
  const t = useT("employees");
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">
            {t("list.heading")}
          </h1>
          <p className="mt-1 text-gray-700">{t("list.intro")}</p>
        </div>
        {data.mayManage ? (
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/employees/invite">{t("list.invite")}</LinkButton>
            <LinkButton to="/employees/import" variant="secondary">
              {t("list.importRoster")}
            </LinkButton>
            <LinkButton
              to={employeesHref({ q, page, dialog: "add" })}
              preventScrollReset
              variant="secondary"
            >
              {t("list.add")}
            </LinkButton>
          </div>
        ) : null}
      </header>
      <Card>
        <div className="mb-4">
          <SearchForm q={q} />
        </div>
        <EmployeesTable
          employees={data.employees}
          withActions
          emptyText={q ? t("list.noMatch", { q }) : t("list.empty")}
        />
        <footer className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-700">
          <p aria-live="polite">
            {t("list.showing", {
              shown: data.employees.length,
              total: data.total,
            })}
          </p>
          <Pager
            label={t("list.pages")}
            page={page}
            pageCount={pageCount}
            href={(n) => employeesHref({ q, page: n })}
            className="flex flex-wrap items-center gap-2"
          />
        </footer>
      </Card>
      {data.mayManage && data.invitations.length > 0 ? (
        <Card title={t("list.invitations")}>
          <InvitationsTable
            invitations={data.invitations}
            action="/employees/invite"
            caption={t("list.invitations")}
            emptyText={t("list.noInvitations")}
          />
        </Card>
      ) : null}
      {data.dialog === "add" ? (
        <AddEmployeeDialog closeTo={employeesHref({ q, page })} />
      ) : null}
    </div>
  );
}

export const meta = translatedTitle("common:titles.employees");

export const ErrorBoundary = GeneralErrorBoundary;
