import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getEmployeeRecord, requestAdvance } from "~/models/advance.server";
import { requireEmployee } from "~/web/auth.server";
import { formatMoney } from "~/utils/money";
import { redirectWithSuccess } from "~/web/toast.server";
import { ADVANCE_RANGE_TEXT } from "~/utils/rules";
import {
  parseWithZod,
  readRequestPrefill,
  requestFormSchema,
} from "~/web/validation.server";
import { readFormData } from "~/web/form.server";
import { attempt, replyToFailure } from "~/web/action.server";
import { island } from "~/components/island";

const RequestForm = island(() =>
  import("~/components/request/request-form").then((m) => m.RequestForm),
);
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const employee = await getEmployeeRecord(user);
  return json({
    // The advance calculator's "Request an Advance" links here with ?amount=260.
    prefill: readRequestPrefill(new URL(request.url).searchParams),
    linked: Boolean(employee?.companyId),
    availableBalanceText: formatMoney(employee?.availableBalance ?? "0.00"),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

const REQUEST_FAILED_FALLBACK = "There was an error submitting your request.";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: requestFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { amount, reason, repaymentPeriods } = submission.value;
  return attempt(
    async () => {
      // Only the amount, reason and periods go on: the payment fields are checked, not stored.
      await requestAdvance(user, { amount, reason, repaymentPeriods });
      return redirectWithSuccess(
        "/",
        "Request submitted",
        "Your grocery advance request has been submitted successfully.",
      );
    },
    (error): ActionData => ({
      // One place for the message: under the amount when it is about the amount (over
      // the balance), else in the form-level error titled 'Request failed'.
      result: replyToFailure(submission, error, {
        fields: ["amount"],
        fallback: REQUEST_FAILED_FALLBACK,
      }),
    }),
  );
}

export default function RequestPage() {
  const { linked, availableBalanceText, prefill } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          Request Grocery Advance
        </h1>
        <p className="mt-1 text-sm text-gray-700">
          Get an advance of {ADVANCE_RANGE_TEXT} on your paycheck for groceries.
        </p>
      </div>

      {linked ? null : (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">
            Your account is not linked to an employer yet.
          </p>
          <p className="mt-1">
            You can request an advance once your employer adds you to their
            company. Please ask your employer or HR team to add you.
          </p>
        </div>
      )}

      <RequestForm
        availableBalanceText={availableBalanceText}
        prefill={prefill}
        lastResult={actionData?.result}
      />
    </div>
  );
}

export const meta = pageTitle("Request Grocery Advance");

export const ErrorBoundary = GeneralErrorBoundary;
