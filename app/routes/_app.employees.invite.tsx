import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import {
  companyLanguage,
  inviteEmployee,
} from "~/models/companies/index.server";
import { INVITATION_DAYS } from "~/utils/invitation-rules";
import { translatedTitle, useT } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  inviteEmployeeSchema,
  parseId,
  parseWithZod,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { invitationButtonAction } from "~/web/invitation-buttons.server";

// /employees/invite: an owner or admin invites an employee by e-mail; the employee chooses
// their own username and password from the mailed link. The employees list's Resend and
// Revoke buttons post here too.

const InviteEmployeeForm = island(() =>
  import("~/components/company/invite-employee-form").then(
    (m) => m.InviteEmployeeForm,
  ),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  return json({
    ...(await pageMessages(request, ["invitations", "messages"])),
    language: await companyLanguage(employer, "EMPLOYEE"),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const employer = await requireEmployer(request, "manageEmployees");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "resend-invitation" || intent === "revoke-invitation")
    return invitationButtonAction(
      employer,
      intent,
      parseId(formData.get("invitationId")) ?? 0,
      "/employees",
    );
  const submission = parseWithZod(formData, { schema: inviteEmployeeSchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const row = await inviteEmployee(employer, submission.value);
      return redirectWithSuccess(
        "/employees",
        "Invitation sent",
        `${row.firstName} ${row.lastName} will get an e-mail at ${row.email} with a link that works for ${INVITATION_DAYS} days.`,
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, {
        fields: true,
        conflictField: "email",
      }),
    }),
  );
}

export default function InviteEmployeePage() {
  const { language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("invitations");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("invite.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("invite.intro")}</p>
      </div>
      <Card>
        <InviteEmployeeForm
          lastResult={actionData?.result}
          language={language}
        />
      </Card>
      <p className="text-sm text-gray-700">
        <Link to="/employees" className="font-medium text-brand-700 underline">
          {t("invite.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("common:titles.inviteEmployee");

export const ErrorBoundary = GeneralErrorBoundary;
