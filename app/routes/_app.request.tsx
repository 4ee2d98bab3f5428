import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getRequestPage, requestAdvance } from "~/models/advances/index.server";
import { requireEmployee } from "~/web/auth.server";
import { formatCents } from "~/utils/money";
import { quoteAdvance, quoteKey, type Quote } from "~/utils/quote";
import {
  ADVANCE_RANGE_TEXT,
  MIN_ADVANCE_CENTS,
  MIN_ADVANCE_TEXT,
} from "~/utils/rules";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  parseWithZod,
  readRequestPrefill,
  requestFormSchema,
} from "~/web/action.server";
import { island } from "~/components/island";

const RequestForm = island(() =>
  import("~/components/request/request-form").then((m) => m.RequestForm),
);
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const page = await getRequestPage(user);
  // The advance calculator's "Request an Advance" links here with ?amount=260.
  const prefill = readRequestPrefill(new URL(request.url).searchParams);
  return json({
    prefill,
    linked: page.linked,
    left: page.left,
    availableBalanceText: formatCents(page.availableCents),
    // Linked but less than the minimum left: the form is not offered (it says why and when).
    belowMinimum: page.linked && page.availableCents < MIN_ADVANCE_CENTS,
    paySchedule: page.paySchedule,
    feePayer: page.feePayer,
    quote: quoteAdvance(
      Math.round(prefill.amount * 100),
      prefill.repaymentPeriods,
      page.paySchedule,
      new Date(),
      page.feePayer,
    ),
  });
}

type ActionData = {
  result: SubmissionResult<string[]>;
  /** The disclosure for the submitted values, when it was not shown before (decision 0074). */
  review?: Quote;
};

const REQUEST_FAILED_FALLBACK = "There was an error submitting your request.";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: requestFormSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  const { amount, reason, repaymentPeriods } = submission.value;
  // Nothing is created before the employee has seen the cost of what they submit: the form
  // says which amount and periods its disclosure showed; other values get a review first.
  const quoted = quoteKey(Math.round(amount * 100), repaymentPeriods);
  if (formData.get("quotedFor") !== quoted) {
    const page = await getRequestPage(user);
    return json<ActionData>({
      result: submission.reply(),
      review: quoteAdvance(
        Math.round(amount * 100),
        repaymentPeriods,
        page.paySchedule,
        new Date(),
        page.feePayer,
      ),
    });
  }
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
  const {
    linked,
    left,
    availableBalanceText,
    prefill,
    belowMinimum,
    paySchedule,
    feePayer,
    quote,
  } = useLoaderData<typeof loader>();
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

      {left ? (
        <div
          role="note"
          data-testid="left-company"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <p className="font-semibold">
            You can no longer request advances: your employer has offboarded
            you.
          </p>
          <p className="mt-1">
            What you still owe is deducted from your last paycheck; your{" "}
            <Link to="/history" className="text-brand-700 underline">
              history
            </Link>{" "}
            stays here for you.
          </p>
        </div>
      ) : belowMinimum ? (
        <div
          role="note"
          data-testid="below-minimum"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <p className="font-semibold">
            You have {availableBalanceText} available to request, less than the{" "}
            {MIN_ADVANCE_TEXT} minimum.
          </p>
          <p className="mt-1">
            What you can request comes back as payroll repays your advances (see
            your upcoming deductions on the{" "}
            <Link to="/" className="text-brand-700 underline">
              dashboard
            </Link>
            ), or when a pending request is declined or cancelled.
          </p>
        </div>
      ) : (
        <RequestForm
          availableBalanceText={availableBalanceText}
          prefill={prefill}
          lastResult={actionData?.result}
          paySchedule={paySchedule}
          feePayer={feePayer}
          quote={actionData?.review ?? quote}
          reviewing={Boolean(actionData?.review)}
        />
      )}
    </div>
  );
}

export const meta = pageTitle("Request Grocery Advance");

export const ErrorBoundary = GeneralErrorBoundary;
