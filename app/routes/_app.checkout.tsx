import { type SubmissionResult } from "@conform-to/react";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CostDisclosure } from "~/components/cost-disclosure";
import { formatDate } from "~/utils/dates";
import { CheckoutError } from "~/components/checkout/checkout-error";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { Toast } from "~/components/ui/toast";
import { lazy, Suspense } from "react";
import {
  CardCreationError,
  completeSandboxCheckout,
  getCheckout,
  issueCardAfterPayment,
} from "~/models/cards/index.server";
import { requireEmployee } from "~/web/auth.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  errorToast,
  redirectWithSuccess,
  type Toast as ToastData,
  checkoutParamsSchema,
  INVALID_CHECKOUT,
  parseExpiry,
  parseWithZod,
  sandboxPaymentSchema,
} from "~/web/action.server";
import { formatMoney } from "~/utils/money";
import { island } from "~/components/island";

const SandboxPaymentForm = island(() =>
  import("~/components/checkout/checkout-forms").then(
    (m) => m.SandboxPaymentForm,
  ),
);
const IssueCardPanel = island(() =>
  import("~/components/checkout/checkout-forms").then((m) => m.IssueCardPanel),
);
const ConfirmNoCostPanel = island(() =>
  import("~/components/checkout/checkout-forms").then(
    (m) => m.ConfirmNoCostPanel,
  ),
);
import { translatedTitle, useLanguage, useT, withElements } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";

// /checkout?amount=300.00&requestId=12 (SPEC §2 Checkout). With the sandbox provider the card
// form is rendered here and posted to the action, so paying works without JavaScript; with
// Stripe the Payment Element is mounted in the browser (components/checkout/stripe-payment).

const SUCCESS_TITLE = "Success!";
const SUCCESS_TEXT =
  "Your grocery advance has been processed. You can now use your virtual card.";

// Stripe's React components (and Stripe's own script, which they load) reach the browser only
// when Stripe is the provider: in sandbox mode this module is never imported.
const StripePayment = lazy(() =>
  import("~/components/checkout/stripe-payment").then((m) => ({
    default: m.StripePayment,
  })),
);

function readParams(source: { get(name: string): unknown }) {
  const value = (name: string) => {
    const v = source.get(name);
    return typeof v === "string" ? v : undefined;
  };
  return checkoutParamsSchema.safeParse({
    amount: value("amount"),
    requestId: value("requestId"),
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const { language, i18n } = await pageI18n(
    request,
    ["checkout", "disclosure", "messages"],
    user,
  );
  const params = readParams(new URL(request.url).searchParams);
  if (!params.success) {
    return json(
      { state: "error" as const, message: INVALID_CHECKOUT, toast: null, i18n },
      { status: 400 },
    );
  }
  return attempt(
    async () => {
      const view = await getCheckout(
        user,
        {
          amount: params.data.amount,
          advanceRequestId: params.data.requestId,
        },
        language,
      );
      const year = (new Date().getFullYear() + 3) % 100;
      return json({
        state: "ready" as const,
        toast: null,
        i18n,
        ...view,
        // The sandbox's form is prefilled with Stripe's success test card.
        defaults: {
          cardNumber: "4242 4242 4242 4242",
          expiry: `12 / ${String(year).padStart(2, "0")}`,
          cvc: "123",
        },
      });
    },
    // SPEC §8: 'Payment setup failed', and the page shows the message.
    (error) => ({
      state: "error" as const,
      i18n,
      message: error.message,
      toast: errorToast("Payment setup failed", error.message),
    }),
  );
}

type ActionData = { result?: SubmissionResult<string[]>; toast?: ToastData };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const params = readParams(formData);
  if (!params.success) {
    return json<ActionData>(
      { toast: errorToast("Payment failed", INVALID_CHECKOUT) },
      { status: 400 },
    );
  }
  const { amount, requestId } = params.data;
  const intent = formData.get("intent");

  if (intent === "pay") {
    // The CVC is never echoed back, stored or logged: it only passes the format check.
    const submission = parseWithZod(formData, { schema: sandboxPaymentSchema });
    if (submission.status !== "success") {
      return json<ActionData>(
        { result: submission.reply({ hideFields: ["cvc"] }) },
        { status: 400 },
      );
    }
    const { cardNumber, expiry, cvc } = submission.value;
    return attempt(
      async () => {
        await completeSandboxCheckout(user, {
          amount,
          advanceRequestId: requestId,
          card: { number: cardNumber, cvc, ...parseExpiry(expiry) },
        });
        return redirectWithSuccess(
          "/payment-success",
          SUCCESS_TITLE,
          SUCCESS_TEXT,
        );
      },
      // The payment went through but the card did not: the outcome of a completed action, a
      // toast. A refused payment belongs to the card form: its form-level error, titled
      // 'Payment failed'.
      (error): ActionData =>
        error instanceof CardCreationError
          ? {
              result: submission.reply({ hideFields: ["cvc"] }),
              toast: errorToast("Card creation failed", error.message),
            }
          : {
              result: replyToFailure(submission, error, {
                hideFields: ["cvc"],
              }),
            },
    );
  }

  if (intent === "issue-card") {
    // The payment went through earlier (Stripe in the browser, or a sandbox payment whose
    // card step failed): create the card, or find the one that exists, and finish.
    return attempt(
      async () => {
        await issueCardAfterPayment(user, requestId);
        return redirectWithSuccess(
          "/payment-success",
          SUCCESS_TITLE,
          SUCCESS_TEXT,
        );
      },
      (error): ActionData => ({
        toast: errorToast("Card creation failed", error.message),
      }),
    );
  }

  return json<ActionData>(
    { toast: errorToast("Payment failed", "Unknown form") },
    { status: 400 },
  );
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("checkout");
  const language = useLanguage();
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <Toast toast={actionData?.toast ?? data.toast} />
      <h1 className="text-2xl font-bold text-gray-900">
        {t(
          data.state === "ready" && (data.companyPays || data.noFee)
            ? "noCost.title"
            : "title",
        )}
      </h1>
      {data.state === "error" ? (
        <CheckoutError message={data.message} />
      ) : (
        <>
          {/* What was approved. The SPEC's sentence where the employee pays; where the company
              pays there is nothing to buy, so the page says the advance is approved (0122). */}
          <div className="space-y-1">
            <p className="text-lg text-gray-800" data-testid="checkout-lead">
              {t(data.companyPays ? "approved" : "requesting", {
                amount: formatMoney(data.amount, language),
              })}
            </p>
            {data.approvedOn && !data.companyPays ? (
              <p className="text-sm text-gray-700">
                {withElements(t("approvedOn"), {
                  date: <>{formatDate(data.approvedOn, language)}</>,
                })}
              </p>
            ) : null}
          </div>
          {/* The cost, explained once: the disclosure. */}
          <CostDisclosure quote={data.quote} />
          {data.paid ? null : (
            <div
              className="space-y-1 text-sm text-gray-800"
              data-testid="terms-and-deadline"
            >
              <p data-testid="paying">{data.paying}</p>
              <p>
                {withElements(
                  t(
                    data.companyPays || data.noFee
                      ? "acceptByCard"
                      : "acceptByPaying",
                  ),
                  {
                    link: (
                      <Link to="/terms" className="text-brand-700 underline">
                        {t("termsLink", { version: data.quote.termsVersion })}
                      </Link>
                    ),
                  },
                )}
                {data.payBy ? (
                  <>
                    {" "}
                    {withElements(
                      t(data.companyPays || data.noFee ? "confirmBy" : "payBy"),
                      {
                        date: (
                          <strong>{formatDate(data.payBy, language)}</strong>
                        ),
                      },
                    )}
                  </>
                ) : null}
              </p>
            </div>
          )}
          {data.paid ? (
            <IssueCardPanel
              amount={data.amount}
              requestId={data.advanceRequestId}
              companyPays={data.companyPays}
              noFee={data.noFee}
            />
          ) : data.companyPays || data.noFee ? (
            <ConfirmNoCostPanel
              amount={data.amount}
              requestId={data.advanceRequestId}
            />
          ) : data.provider === "sandbox" ? (
            <SandboxPaymentForm
              amount={data.amount}
              feeText={formatMoney(data.feeAmount, language)}
              requestId={data.advanceRequestId}
              defaults={data.defaults}
              result={actionData?.result}
            />
          ) : (
            <Card title={t("paymentDetails")}>
              <noscript>
                <p className="mb-4 text-gray-800">{t("needsJavaScript")}</p>
              </noscript>
              <Suspense
                fallback={<p className="text-gray-700">{t("loading")}</p>}
              >
                <StripePayment
                  publishableKey={data.publishableKey}
                  amount={data.amount}
                  amountText={formatMoney(data.feeAmount, language)}
                  advanceRequestId={data.advanceRequestId}
                />
              </Suspense>
            </Card>
          )}
        </>
      )}
    </div>
  );
}

// The company pays the fee, or the fee is $0.00: a confirmation with nothing to pay, titled so.
export const meta: MetaFunction<typeof loader> = (args) =>
  translatedTitle(
    args.data?.state === "ready" && (args.data.companyPays || args.data.noFee)
      ? "checkout:noCost.title"
      : "checkout:title",
  )(args as Parameters<ReturnType<typeof translatedTitle>>[0]);

export const ErrorBoundary = GeneralErrorBoundary;
