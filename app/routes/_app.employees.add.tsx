import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import type { AddEmployeeActionData } from "~/components/employer/add-employee-form";
import { island } from "~/components/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { addEmployee } from "~/models/companies/index.server";
import { requireEmployer } from "~/web/auth.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  addEmployeeSchema,
  parseWithZod,
} from "~/web/action.server";
import { translatedTitle, useT } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";

const AddEmployeeForm = island(() =>
  import("~/components/employer/add-employee-form").then(
    (m) => m.AddEmployeeForm,
  ),
);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireEmployer(request, "manageEmployees");
  return json(await pageMessages(request, ["employees", "messages"]));
}

/**
 * The Add New Employee form's one action (the /employees dialog posts here too). The employer
 * is the signed-in user, never a form field. Success → /employees with 'Employee added'; a
 * refusal keeps the input (not the password) with 'Failed to add employee' and the message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: addEmployeeSchema });
  if (submission.status !== "success") {
    return json<AddEmployeeActionData>(
      { result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  return attempt(
    async () => {
      const user = await addEmployee(employer, submission.value);
      return redirectWithSuccess(
        "/employees",
        "Employee added",
        `${user.firstName} ${user.lastName} can now sign in as ${user.username}.`,
      );
    },
    (error): AddEmployeeActionData => ({
      // A field's problem (a taken username, a weak password) shows under its field; anything
      // else is the form's, under the title 'Failed to add employee'. Never both, never a toast.
      result: replyToFailure(submission, error, {
        fields: true,
        conflictField: "username",
        hideFields: ["password"],
        fallback: "There was an error adding the employee.",
      }),
    }),
  );
}

export default function AddEmployeePage() {
  const actionData = useActionData<typeof action>() as
    AddEmployeeActionData | undefined;
  const t = useT("employees");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <p>
        <Link to="/employees" className="text-sm text-brand-700 underline">
          {t("add.back")}
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold text-gray-900">{t("add.title")}</h1>
        <p className="mt-1 text-gray-700">{t("add.pageText")}</p>
      </header>
      <Card>
        <AddEmployeeForm cancelTo="/employees" actionData={actionData} />
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.addEmployee");

export const ErrorBoundary = GeneralErrorBoundary;
