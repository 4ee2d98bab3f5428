import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LinkButton } from "~/components/ui/button";
import { Toast } from "~/components/ui/toast";
import {
  issueCardForPaymentIntent,
  latestCardStory,
} from "~/models/cards/index.server";
import { requireEmployee } from "~/web/auth.server";
import { attempt, errorToast, redirectWithSuccess } from "~/web/action.server";
import { translatedTitle, useT } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";

// /payment-success (SPEC §2). Stripe's redirect flow returns here with ?payment_intent=…:
// the card of that payment is issued (idempotently) before the success screen shows.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const { language, i18n } = await pageI18n(request, ["checkout"], user);
  const url = new URL(request.url);
  const paymentIntent = url.searchParams.get("payment_intent");
  if (!paymentIntent) {
    const story = await latestCardStory(user, language);
    return json({
      i18n,
      toast: null,
      moneyLines: story.lines,
      cardId: story.cardId,
      companyPaid: story.companyPaid,
    });
  }
  if (url.searchParams.get("redirect_status") === "failed") {
    return json(
      {
        toast: errorToast(
          "Payment failed",
          "An error occurred during payment processing.",
        ),
        moneyLines: [] as string[],
        cardId: null,
        companyPaid: false,
        i18n,
      },
      { status: 402 },
    );
  }
  return attempt(
    async () => {
      await issueCardForPaymentIntent(user, paymentIntent);
      return redirectWithSuccess(
        "/payment-success",
        "Success!",
        "Your grocery advance has been processed. You can now use your virtual card.",
      );
    },
    (error) => ({
      toast: errorToast("Card creation failed", error.message),
      moneyLines: [] as string[],
      cardId: null,
      companyPaid: false,
      i18n,
    }),
  );
}

export default function PaymentSuccessPage() {
  const { toast, moneyLines, cardId, companyPaid } =
    useLoaderData<typeof loader>();
  const t = useT("checkout");
  if (toast) {
    return (
      <div className="mx-auto max-w-xl space-y-6">
        <Toast toast={toast} />
        <h1 className="text-2xl font-bold text-gray-900">{toast.title}</h1>
        <p className="text-gray-800">{toast.description}</p>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/history">{t("success.viewHistory")}</LinkButton>
          <LinkButton to="/" variant="secondary">
            {t("issue.goToDashboard")}
          </LinkButton>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl">
      <section className="rounded-lg border border-gray-200 bg-white p-8 text-center shadow-sm">
        <div
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-2xl text-green-800"
        >
          ✓
        </div>
        <h1 className="mt-4 text-2xl font-bold text-gray-900">
          {t(successTitle(companyPaid))}
        </h1>
        <p className="mt-3 text-gray-800">{t("success.ready")}</p>
        <p className="mt-2 text-gray-700">{t("success.deducted")}</p>
        {moneyLines.length > 0 ? (
          <ul
            aria-label={t("success.yourMoney")}
            className="mx-auto mt-4 max-w-md space-y-1 rounded-md bg-gray-50 px-4 py-3 text-left text-sm text-gray-800"
          >
            {moneyLines.map((line) => (
              <li key={line} data-testid="money-line">
                {line}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="mt-2 text-gray-700">{t("success.anyTime")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {cardId !== null ? (
            <LinkButton to={`/cards/${cardId}`}>
              {t("success.viewCard")}
            </LinkButton>
          ) : null}
          <LinkButton to="/history">{t("success.viewHistory")}</LinkButton>
          <LinkButton to="/" variant="secondary">
            {t("issue.goToDashboard")}
          </LinkButton>
        </div>
      </section>
    </div>
  );
}

/**
 * The SPEC's "Payment Successful" where the employee paid the fee; where the company paid it
 * nothing was paid here, and the screen says the advance is confirmed.
 */
function successTitle(companyPaid: boolean | undefined) {
  return companyPaid
    ? "checkout:issue.confirmed"
    : "common:titles.paymentSuccess";
}

export const meta: MetaFunction<typeof loader> = (args) =>
  translatedTitle(successTitle(args.data?.companyPaid))(
    args as Parameters<ReturnType<typeof translatedTitle>>[0],
  );

export const ErrorBoundary = GeneralErrorBoundary;
