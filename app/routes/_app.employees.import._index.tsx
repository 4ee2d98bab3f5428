import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  json,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { useIsPending } from "~/components/use-is-pending";
import {
  listRosterImports,
  previewRoster,
} from "~/models/companies/index.server";
import { formatDateTime } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import { translatedTitle, useMessageText, useT } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";
import {
  ROSTER_MAX_BYTES,
  ROSTER_NO_FILE,
  ROSTER_NOT_CSV,
  ROSTER_TOO_LARGE,
} from "~/utils/roster-rules";
import { requireEmployer } from "~/web/auth.server";

// /employees/import: upload a roster (CSV) to invite many employees at once. The upload is
// only read and checked: the preview that follows says what Confirm would do.

export async function loader({ request }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const imports = await listRosterImports(employer);
  const { language, i18n } = await pageI18n(
    request,
    ["employees", "messages"],
    employer,
  );
  return json({
    i18n,
    imports: imports.map((i) => ({
      id: i.id,
      fileName: i.fileName,
      status: i.status,
      totalRows: i.totalRows,
      invited: i.invited,
      createdText: formatDateTime(i.createdAt, language),
    })),
  });
}

type ActionData = { error: string };

export async function action({ request }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data"))
    return json<ActionData>({ error: ROSTER_NO_FILE }, 400);
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: ROSTER_MAX_BYTES }),
    );
  } catch (error) {
    const tooLarge =
      error instanceof Error && /exceeded|too large/i.test(error.message);
    return json<ActionData>(
      { error: tooLarge ? ROSTER_TOO_LARGE : ROSTER_NOT_CSV },
      tooLarge ? 413 : 400,
    );
  }
  const file = form.get("roster");
  if (!file || typeof file === "string" || file.size === 0)
    return json<ActionData>({ error: ROSTER_NO_FILE }, 400);
  try {
    const preview = await previewRoster(
      employer,
      file.name,
      new Uint8Array(await file.arrayBuffer()),
    );
    return redirect(`/employees/import/${preview.id}`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return json<ActionData>({ error: error.message }, error.status);
  }
}

export default function RosterImportPage() {
  const { imports } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const pending = useIsPending({ formMethod: null });
  const t = useT("employees");
  const text = useMessageText();
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("roster.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("roster.intro")}</p>
      </div>
      <Card>
        <Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
          aria-describedby={actionData?.error ? "roster-error" : undefined}
        >
          <div>
            <label
              htmlFor="roster"
              className="mb-1 block text-sm font-medium text-gray-800"
            >
              {t("roster.file")}
            </label>
            <input
              id="roster"
              name="roster"
              type="file"
              accept=".csv,text/csv"
              required
              className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
            />
          </div>
          {actionData?.error ? (
            <p id="roster-error" role="alert" className="text-sm text-red-700">
              {text(actionData.error)}
            </p>
          ) : null}
          <Button type="submit" disabled={pending}>
            {pending ? t("roster.reading") : t("roster.upload")}
          </Button>
        </Form>
      </Card>
      <Card title={t("roster.recent")}>
        <Table
          caption={t("roster.recent")}
          head={[
            t("roster.columns.file"),
            t("roster.columns.uploaded"),
            t("roster.columns.rows"),
            t("roster.columns.invited"),
            t("roster.columns.status"),
          ]}
        >
          {imports.length === 0 ? (
            <EmptyRow colSpan={5}>{t("roster.noImports")}</EmptyRow>
          ) : (
            imports.map((i) => (
              <tr key={i.id}>
                <Td>
                  <Link
                    to={`/employees/import/${i.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {i.fileName}
                  </Link>
                </Td>
                <Td>{i.createdText}</Td>
                <Td>{i.totalRows}</Td>
                <Td>{i.invited}</Td>
                <Td>{t(`roster.status.${i.status}`)}</Td>
              </tr>
            ))
          )}
        </Table>
      </Card>
      <p className="text-sm text-gray-700">
        <Link to="/employees" className="font-medium text-brand-700 underline">
          {t("roster.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("common:titles.importRoster");

export const ErrorBoundary = GeneralErrorBoundary;
