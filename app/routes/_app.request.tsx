import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  exceedsBalance,
  getRequestPage,
  requestAdvance,
  signDeductionAuthorization,
} from "~/models/advances/index.server";
import {
  DEDUCTION_AUTHORIZATION_REQUIRED,
  DEDUCTION_AUTHORIZATION_VERSION,
} from "~/utils/state-rules";
import { requireEmployee } from "~/web/auth.server";
import { formatCents, fromCents } from "~/utils/money";
import { quoteAdvance, quoteKey, type Quote } from "~/utils/quote";
import {
  MAX_ADVANCE_WHOLE,
  MIN_ADVANCE_CENTS,
  MIN_ADVANCE_WHOLE,
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
import { translatedTitle, useLanguage, useT, withElements } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import type { RequestPage } from "~/models/advances/index.server";

/**
 * The limits on the employee's next advance, in their language (the state's rules and the
 * company's limits on repeat use, each with the day it lifts). Written here on
 * the server so the page carries no code for them.
 */
function limitLines(terms: RequestPage["terms"], language: Language): string[] {
  if (!terms) return [];
  const t = serverT(language, "request");
  const day = (iso: string) => formatDate(`${iso}T12:00:00`, language);
  const name = terms.rule.name;
  const lines = [
    name
      ? t("limits.workState", { state: name })
      : t("limits.workStateUnknown"),
  ];
  if (name && terms.maxPeriods < 3)
    lines.push(t("limits.periods", { state: name, count: terms.maxPeriods }));
  if (terms.coolingOffDays > 0) {
    lines.push(t("limits.coolingOff", { count: terms.coolingOffDays }));
    if (terms.coolingOffUntil)
      lines.push(
        t("limits.coolingOffUntil", { date: day(terms.coolingOffUntil) }),
      );
  }
  lines.push(
    t("limits.yearly", {
      count: terms.yearly.max,
      used: terms.yearly.used,
    }),
  );
  if (terms.yearly.liftsOn)
    lines.push(t("limits.yearlyUntil", { date: day(terms.yearly.liftsOn) }));
  if (terms.state) {
    lines.push(
      t("limits.state", {
        state: terms.state.stateName,
        max: terms.state.max,
        days: terms.state.days ?? 0,
        used: terms.state.used,
      }),
    );
    if (terms.state.liftsOn)
      lines.push(t("limits.yearlyUntil", { date: day(terms.state.liftsOn) }));
  }
  return lines;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const page = await getRequestPage(user);
  // The advance calculator's "Request an Advance" links here with ?amount=260.
  const prefill = readRequestPrefill(new URL(request.url).searchParams);
  const { language, i18n } = await pageI18n(
    request,
    ["request", "disclosure", "messages"],
    user,
  );
  const maxPeriods = page.terms?.maxPeriods ?? 3;
  // No authorisation in force and nothing else in the way: the page offers signing it first.
  const signFirst = page.terms?.refusal === DEDUCTION_AUTHORIZATION_REQUIRED;
  const periods = Math.min(prefill.repaymentPeriods, maxPeriods);
  return json({
    i18n,
    prefill: { ...prefill, repaymentPeriods: periods },
    limits: limitLines(page.terms, language),
    refusal: page.terms?.refusal
      ? localizeMessage(language, page.terms.refusal)
      : null,
    // The authorisation's text, in the page's language, from Profile's catalogue.
    authorizationText: signFirst
      ? serverT(language, "profile")("authorization.text", {
          version: DEDUCTION_AUTHORIZATION_VERSION,
        })
      : null,
    feeLimit: page.terms?.feeLimit ?? null,
    paycheck: page.terms?.paycheck ?? null,
    maxPeriods,
    linked: page.linked,
    left: page.left,
    availableBalanceText: formatCents(page.availableCents, language),
    // Linked but less than the minimum left: the form is not offered (it says why and when).
    belowMinimum: page.linked && page.availableCents < MIN_ADVANCE_CENTS,
    paySchedule: page.paySchedule,
    feePayer: page.feePayer,
    quote: quoteAdvance(
      Math.round(prefill.amount * 100),
      periods,
      page.paySchedule,
      new Date(),
      page.feePayer,
      page.terms?.feeLimit ?? null,
    ),
  });
}

type ActionData = {
  result: SubmissionResult<string[]>;
  /** The disclosure for the submitted values, when it was not shown before (decision 0074). */
  review?: Quote;
  /** The submitted values' cost, shown (not for confirming) beside a refused amount. */
  quote?: Quote;
};

const SIGN_INTENT = "sign-authorization";

const REQUEST_FAILED_FALLBACK = "There was an error submitting your request.";

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  if (formData.get("intent") === SIGN_INTENT) {
    await signDeductionAuthorization(user);
    return redirectWithSuccess(
      "/request",
      "Authorization signed",
      "Your advances can be repaid by payroll deduction.",
    );
  }
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
    const submitted = quoteAdvance(
      Math.round(amount * 100),
      repaymentPeriods,
      page.paySchedule,
      new Date(),
      page.feePayer,
      page.terms?.feeLimit ?? null,
    );
    // More than the balance allows: refused now, not after a confirmation of a cost that
    // cannot be; the cost shown is the submitted amount's, beside the field that says it.
    if (Math.round(amount * 100) > page.availableCents) {
      const message = exceedsBalance(fromCents(page.availableCents));
      return json<ActionData>(
        {
          result: submission.reply({ fieldErrors: { amount: [message] } }),
          quote: submitted,
        },
        { status: 400 },
      );
    }
    return json<ActionData>({ result: submission.reply(), review: submitted });
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
    limits,
    refusal,
    authorizationText,
    feeLimit,
    maxPeriods,
    paycheck,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("request");
  const language = useLanguage();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-gray-700">
          {t("intro", {
            min: MIN_ADVANCE_WHOLE,
            max: MAX_ADVANCE_WHOLE,
          })}
        </p>
      </div>

      {linked ? null : (
        <div
          role="note"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">{t("notLinked.title")}</p>
          <p className="mt-1">{t("notLinked.text")}</p>
          <p className="mt-2">
            {withElements(t("notLinked.next"), {
              howItWorks: (
                <Link to="/how-it-works" className="font-medium underline">
                  {t("notLinked.howItWorks")}
                </Link>
              ),
              dashboard: (
                <Link to="/" className="font-medium underline">
                  {t("notLinked.dashboard")}
                </Link>
              ),
            })}
          </p>
        </div>
      )}

      {/* A leaver, or an employee with no company (the note above): no form that could only be
          refused; the action refuses them all the same. */}
      {left ? (
        <div
          role="note"
          data-testid="left-company"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <p className="font-semibold">{t("left.title")}</p>
          <p className="mt-1">
            {withElements(t("left.text"), {
              link: (
                <Link to="/history" className="text-brand-700 underline">
                  {t("left.history")}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : !linked ? null : belowMinimum ? (
        <div
          role="note"
          data-testid="below-minimum"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <p className="font-semibold">
            {t("belowMinimum.title", {
              available: availableBalanceText,
              minimum: formatCents(MIN_ADVANCE_CENTS, language),
            })}
          </p>
          <p className="mt-1">
            {withElements(t("belowMinimum.text"), {
              link: (
                <Link to="/" className="text-brand-700 underline">
                  {t("belowMinimum.dashboard")}
                </Link>
              ),
            })}
          </p>
        </div>
      ) : authorizationText ? (
        <section
          aria-labelledby="authorization-title"
          data-testid="sign-authorization"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <h2 id="authorization-title" className="font-semibold">
            {t("authorization.title")}
          </h2>
          <p className="mt-1">{refusal}</p>
          <p className="mt-2 text-gray-900">{authorizationText}</p>
          <Form
            method="post"
            className="mt-3 flex flex-wrap items-center gap-3"
          >
            <input type="hidden" name="intent" value="sign-authorization" />
            <button
              type="submit"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
            >
              {t("authorization.sign")}
            </button>
            <Link to="/profile" className="text-brand-700 underline">
              {t("authorization.profile")}
            </Link>
          </Form>
        </section>
      ) : refusal ? (
        <div
          role="note"
          data-testid="request-refused"
          className="rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-900"
        >
          <p className="font-semibold">{t("refused.title")}</p>
          <p className="mt-1">{refusal}</p>
        </div>
      ) : (
        <RequestForm
          feeLimit={feeLimit}
          maxPeriods={maxPeriods}
          paycheck={paycheck}
          availableBalanceText={availableBalanceText}
          prefill={prefill}
          lastResult={actionData?.result}
          paySchedule={paySchedule}
          feePayer={feePayer}
          quote={actionData?.review ?? actionData?.quote ?? quote}
          reviewing={Boolean(actionData?.review)}
        />
      )}
      {limits.length ? (
        <section
          aria-labelledby="limits-title"
          data-testid="advance-limits"
          className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-900"
        >
          <h2 id="limits-title" className="font-semibold">
            {t("limits.title")}
          </h2>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {limits.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta = translatedTitle("request:title");

export const ErrorBoundary = GeneralErrorBoundary;
