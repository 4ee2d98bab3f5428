import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  ComplaintCard,
  type ComplaintRow,
} from "~/components/complaints/complaint-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import {
  fileComplaint,
  listOwnComplaints,
} from "~/models/complaints/index.server";
import { translatedTitle, useT } from "~/utils/i18n";
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_RESOLVE_DAYS,
} from "~/utils/rules";
import {
  attempt,
  fileComplaintSchema,
  parseWithZod,
  readFormData,
  redirectWithSuccess,
  replyToFailure,
} from "~/web/action.server";
import { requireEmployee } from "~/web/auth.server";
import { complaintRow } from "~/web/complaint-rows.server";
import { pageI18n } from "~/web/language.server";

// /complaints: an employee files a complaint or dispute and follows each of theirs, step by
// step. The form works without JavaScript.

const FileComplaintForm = island(() =>
  import("~/components/complaints/complaint-forms").then(
    (m) => m.FileComplaintForm,
  ),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const { language, i18n } = await pageI18n(
    request,
    ["complaints", "messages"],
    user,
  );
  const rows = await listOwnComplaints(user);
  return json({
    i18n,
    complaints: rows.map((c) => complaintRow(c, language)),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: fileComplaintSchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const filed = await fileComplaint(user, submission.value);
      return redirectWithSuccess(
        "/complaints",
        "Complaint sent",
        `Your reference is ${filed.reference}. We e-mailed you an acknowledgement.`,
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, { fields: true }),
    }),
  );
}

export default function ComplaintsPage() {
  const { complaints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("complaints");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-gray-700">
          {t("intro", {
            acknowledge: COMPLAINT_ACKNOWLEDGE_DAYS,
            resolve: COMPLAINT_RESOLVE_DAYS,
          })}
        </p>
      </div>
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-gray-900">
          {t("form.heading")}
        </h2>
        <FileComplaintForm lastResult={actionData?.result} />
      </Card>
      <section aria-labelledby="own-complaints" className="space-y-3">
        <h2 id="own-complaints" className="text-lg font-semibold text-gray-900">
          {t("own.heading")}
        </h2>
        {complaints.length === 0 ? (
          <p className="text-sm text-gray-700">{t("own.empty")}</p>
        ) : (
          complaints.map((c) => (
            <ComplaintCard key={c.id} c={c as ComplaintRow} />
          ))
        )}
      </section>
    </div>
  );
}

export const meta = translatedTitle("common:titles.complaints");

export const ErrorBoundary = GeneralErrorBoundary;
