import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { lazy, Suspense, useEffect, useState } from "react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CardFace } from "~/components/card/card-face";
import { CopyButtons } from "~/components/card/copy-buttons";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, StatCard } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import {
  CARD_PAGE_AUTHORIZATIONS,
  getOwnCard,
  parseCardId,
  requireOwnCard,
  revealCardDetails,
  closeOwnCard,
  setCardFrozen,
  simulateCardPurchase,
  simulateMerchantRefund,
  superstoreNames,
} from "~/models/cards/index.server";
import { cardRestrictions } from "~/models/reports/index.server";
import { requireEmployee } from "~/web/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  closeCardSchema,
  parseWithZod,
  SIMULATED_CATEGORIES,
  simulatePurchaseSchema,
  simulateRefundSchema,
} from "~/web/action.server";
import { formatCents, formatMoney } from "~/utils/money";
import type { ActionData } from "~/components/card/card-actions";
import { island } from "~/components/island";

const FreezeForm = island(() =>
  import("~/components/card/card-actions").then((m) => m.FreezeForm),
);
const SimulatePurchase = island(() =>
  import("~/components/card/card-actions").then((m) => m.SimulatePurchase),
);
const CloseCardForm = island(() =>
  import("~/components/card/card-actions").then((m) => m.CloseCardForm),
);
const SimulateRefund = island(() =>
  import("~/components/card/card-actions").then((m) => m.SimulateRefund),
);
import {
  fixedT,
  intlLocale,
  translatedTitle,
  useMessageText,
  useT,
  withElements,
  type TFunction,
} from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";

// Stripe.js reaches the browser only when Stripe is the provider: in sandbox mode this module
// is never imported.
const StripeCardDetails = lazy(() =>
  import("~/components/card/stripe-card-details").then((m) => ({
    default: m.StripeCardDetails,
  })),
);

// /cards/:id: the employee's own grocery card (anyone else's is a 404): its figures, its
// purchases with their outcome, Freeze / Unfreeze, and in sandbox mode the "Simulate a
// purchase" test tool. Every form is a plain POST, so the page works without JavaScript.

function notFoundPage(error: unknown): never {
  if (isAppError(error) && error.status === 404)
    throw json({ message: error.message }, { status: 404 });
  throw error;
}

/** A category's name in the page's language; Stripe's own name for one the form does not offer. */
const categoryLabel = (value: string, t: TFunction) =>
  SIMULATED_CATEGORIES.some((c) => c.value === value)
    ? t(`categories.${value}`)
    : value;

// Single fetch sends a route's own headers, on pages and data requests alike, only through
// this export (cookies pass without it): the revealed details' no-store.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const cacheControl = actionHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  return headers;
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  const { language, i18n } = await pageI18n(
    request,
    ["cards", "messages"],
    user,
  );
  const t = fixedT(language, i18n, "cards");
  try {
    const view = await getOwnCard(user, parseCardId(params.id));
    const { card } = view;
    // After "Simulate a purchase" the page is shown again with ?purchase=<id>: its outcome
    // (only one of this card's own purchases; anything else shows nothing).
    const shownId = Number(new URL(request.url).searchParams.get("purchase"));
    const shown = view.authorizations.find((a) => a.id === shownId);
    return json({
      i18n,
      simulated: shown
        ? {
            approved: shown.approved,
            reason: shown.reason,
            summary: t(
              shown.approved ? "simulated.approved" : "simulated.declined",
              {
                amount: formatMoney(shown.amount, language),
                merchant: shown.merchantName,
              },
            ),
          }
        : null,
      id: card.id,
      cardNumber: card.cardNumber,
      status: card.status,
      expiry: `${String(card.expiryMonth).padStart(2, "0")}/${card.expiryYear}`,
      limit: formatCents(view.limitCents, language),
      spent: formatCents(view.spentCents, language),
      remaining: formatCents(view.remainingCents, language),
      returned: formatCents(view.returnedCents, language),
      owedBack:
        view.creditCents > 0 ? formatCents(view.creditCents, language) : null,
      restrictions: cardRestrictions(card.spendingLimits),
      // The superstores where the card works too (their categories, listed merchants only).
      superstores: new Intl.ListFormat(intlLocale(language), {
        type: "conjunction",
      }).format(superstoreNames()),
      // The card works until the last day of its expiry month; then the daily job closes it
      // and its unspent balance comes off the deductions.
      useBy: formatDate(
        new Date(Date.UTC(card.expiryYear, card.expiryMonth, 0, 12)),
        language,
      ),
      sandbox: view.sandbox,
      // With Stripe, Issuing Elements show the full details in Stripe's frames.
      stripeDisplay:
        !view.sandbox && view.publishableKey
          ? {
              publishableKey: view.publishableKey,
              issuingCard: card.providerCardId,
            }
          : null,
      authorizations: view.authorizations.map((a) => ({
        id: a.id,
        when: formatDateTime(a.createdAt, language),
        merchantName: a.merchantName,
        category: categoryLabel(a.merchantCategory, t),
        // A merchant's refund gives money back to the card: shown as a refund, not a purchase.
        refund: a.kind === "refund",
        amount:
          a.kind === "refund"
            ? `−${formatMoney(a.amount, language)}`
            : formatMoney(a.amount, language),
        approved: a.approved,
        reason: a.reason,
        reversed: a.status === "reversed",
      })),
    });
  } catch (error) {
    notFoundPage(error);
  }
}

/** What closing the card did with what was left on it, in its amounts. */
function closedMessage(returned: {
  returnedCents: number;
  creditCents: number;
}): string {
  if (returned.returnedCents <= 0) return "Nothing was left on it to return.";
  const left = formatCents(returned.returnedCents);
  if (returned.creditCents > 0)
    return `The ${left} left on it comes off your upcoming deductions; ${formatCents(returned.creditCents)} of it is more than you owe, and is paid back to you.`;
  return `The ${left} left on it comes off your upcoming deductions.`;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  let cardId: number;
  try {
    // Anyone else's card is a 404 whatever the form says.
    cardId = (await requireOwnCard(user, parseCardId(params.id))).id;
  } catch (error) {
    notFoundPage(error);
  }
  const here = `/cards/${cardId}`;
  if (intent === "freeze" || intent === "unfreeze") {
    return attempt(
      async () => {
        await setCardFrozen(user, cardId, intent === "freeze");
        return intent === "freeze"
          ? redirectWithSuccess(
              here,
              "Card frozen",
              "Every purchase is declined until you unfreeze it.",
            )
          : redirectWithSuccess(here, "Card unfrozen", "You can shop again.");
      },
      (error): ActionData => {
        if (error.status === 404) notFoundPage(error);
        return { error: error.message };
      },
    );
  }
  if (intent === "reveal") {
    // Only in this answer, never stored, logged or cached (no-store).
    return attempt(
      async () =>
        json<ActionData>(
          { revealed: await revealCardDetails(user, cardId) },
          { headers: { "Cache-Control": "no-store" } },
        ),
      (error): ActionData => {
        if (error.status === 404) notFoundPage(error);
        return { error: error.message };
      },
    );
  }
  if (intent === "close") {
    const closing = parseWithZod(formData, { schema: closeCardSchema });
    if (closing.status !== "success")
      return json<ActionData>({ close: closing.reply() }, { status: 400 });
    return attempt(
      async () => {
        const { returned } = await closeOwnCard(user, cardId);
        return redirectWithSuccess(
          here,
          "Card closed",
          closedMessage(returned),
        );
      },
      (error): ActionData => {
        if (error.status === 404) notFoundPage(error);
        return { close: replyToFailure(closing, error) };
      },
    );
  }
  if (intent === "refund") {
    const refund = parseWithZod(formData, { schema: simulateRefundSchema });
    if (refund.status !== "success")
      return json<ActionData>({ refund: refund.reply() }, { status: 400 });
    return attempt(
      async () => {
        await simulateMerchantRefund(user, cardId, refund.value);
        return redirectWithSuccess(
          here,
          "Refund received",
          `${formatMoney(refund.value.amount)} from ${refund.value.merchantName} is back on the card.`,
        );
      },
      (error): ActionData => {
        if (error.status === 404) notFoundPage(error);
        return { refund: replyToFailure(refund, error) };
      },
    );
  }
  if (intent !== "simulate")
    return json<ActionData>(
      { error: "Choose an action on this page." },
      { status: 400 },
    );
  const submission = parseWithZod(formData, { schema: simulatePurchaseSchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const decision = await simulateCardPurchase(
        user,
        cardId,
        submission.value,
      );
      // Post/redirect/get: the outcome is read back from the stored purchase, so it survives
      // the live updates' revalidation and a reload does not buy twice.
      return redirect(`${here}?purchase=${decision.authorizationId}`);
    },
    (error): ActionData => {
      if (error.status === 404) notFoundPage(error);
      return { result: replyToFailure(submission, error) };
    },
  );
}

export default function CardPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const frozen = data.status === "frozen";
  const closed = data.status === "closed";
  const t = useT("cards");
  const text = useMessageText();
  // The details stay shown until the page is left or reloaded: a live update's revalidation
  // (the catch-up when the event stream opens, a purchase) clears the action's answer.
  const [revealed, setRevealed] = useState(actionData?.revealed ?? null);
  useEffect(() => {
    if (actionData?.revealed) setRevealed(actionData.revealed);
  }, [actionData?.revealed]);
  return (
    <div className="space-y-6">
      <div>
        <Link
          to="/"
          className="text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          {t("backToDashboard")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">
          {t("heading", { last4: data.cardNumber.slice(-4) })}
        </h1>
        <p className="mt-1 text-sm text-gray-700">
          {t("restrictions", {
            restrictions: text(data.restrictions),
            superstores: data.superstores,
          })}
        </p>
        {closed ? null : (
          <p className="mt-1 text-sm text-gray-700" data-testid="card-deadline">
            {withElements(t(frozen ? "deadlineFrozen" : "deadlineActive"), {
              date: <strong>{data.useBy}</strong>,
            })}
          </p>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        {/* The card and what to do with it, in the order of use: see its details, freeze it;
            closing it for good is last, at the end of the page. */}
        <div className="max-w-sm space-y-4">
          <CardFace
            cardNumber={data.cardNumber}
            status={data.status}
            expiry={data.expiry}
            amount={data.limit}
            revealed={closed ? null : revealed}
            label={t("details.label")}
          />
          {closed ? (
            <p
              role="note"
              className="rounded-md border border-gray-200 bg-white p-4 text-sm text-gray-800"
            >
              {t("closed", { returned: data.returned })}
              {data.owedBack
                ? ` ${t("owedBack", { amount: data.owedBack })}`
                : null}
            </p>
          ) : data.stripeDisplay ? (
            <>
              <noscript>
                <p className="text-sm text-gray-800">{t("needsJavaScript")}</p>
              </noscript>
              <Suspense fallback={null}>
                <StripeCardDetails
                  cardId={data.id}
                  publishableKey={data.stripeDisplay.publishableKey}
                  issuingCard={data.stripeDisplay.issuingCard}
                />
              </Suspense>
            </>
          ) : revealed ? (
            <>
              <CopyButtons revealed={revealed} />
              <p className="text-xs text-gray-700">{t("details.showHint")}</p>
            </>
          ) : (
            <Form method="post">
              <input type="hidden" name="intent" value="reveal" />
              <Button type="submit" className="w-full">
                {t("details.show")}
              </Button>
              <p className="mt-1 text-xs text-gray-700">
                {t("details.showHint")}
              </p>
            </Form>
          )}
          {closed ? null : (
            <FreezeForm frozen={frozen} error={actionData?.error} />
          )}
        </div>
        <div className="min-w-0 space-y-6">
          <div className="grid content-start gap-4 sm:grid-cols-3">
            <StatCard label={t("stats.limit")} value={data.limit} />
            <StatCard label={t("stats.spent")} value={data.spent} />
            <StatCard label={t("stats.remaining")} value={data.remaining}>
              {frozen ? t("stats.frozen") : null}
            </StatCard>
          </div>
          <Purchases authorizations={data.authorizations} />
        </div>
      </div>

      {data.sandbox && !closed ? (
        <SimulatePurchase actionData={actionData} simulated={data.simulated} />
      ) : null}
      {data.sandbox ? <SimulateRefund lastResult={actionData?.refund} /> : null}

      {closed ? null : (
        <Card title={t("close.title")}>
          <CloseCardForm
            remaining={data.remaining}
            lastResult={actionData?.close}
          />
        </Card>
      )}
    </div>
  );
}

type PurchaseRow = ReturnType<
  typeof useLoaderData<typeof loader>
>["authorizations"][number];

/** The card's purchases, newest first, with each one's outcome. */
function Purchases({ authorizations }: { authorizations: PurchaseRow[] }) {
  const t = useT("cards");
  const text = useMessageText();
  return (
    <Card title={t("purchases.title", { number: authorizations.length })}>
      <Table
        caption={t("purchases.caption")}
        head={[
          t("purchases.columns.date"),
          t("purchases.columns.merchant"),
          t("purchases.columns.category"),
          t("purchases.columns.amount"),
          t("purchases.columns.outcome"),
        ]}
      >
        {authorizations.length === 0 ? (
          <EmptyRow colSpan={5}>{t("purchases.empty")}</EmptyRow>
        ) : (
          authorizations.map((a) => (
            <tr key={a.id}>
              <Td>{a.when}</Td>
              <Td className="max-w-xs whitespace-normal break-words">
                {a.merchantName}
              </Td>
              <Td className="whitespace-normal">{a.category}</Td>
              <Td>{a.amount}</Td>
              <Td className="max-w-xs whitespace-normal">
                {a.approved && a.refund ? (
                  <Badge tone="blue">{t("purchases.refunded")}</Badge>
                ) : a.approved ? (
                  <Badge tone={a.reversed ? "gray" : "green"}>
                    {a.reversed
                      ? t("purchases.released")
                      : t("purchases.approved")}
                  </Badge>
                ) : (
                  <>
                    <Badge tone="red">{t("purchases.declined")}</Badge>
                    {a.reason ? (
                      <span className="mt-1 block text-sm text-gray-700">
                        {text(a.reason)}
                      </span>
                    ) : null}
                  </>
                )}
              </Td>
            </tr>
          ))
        )}
      </Table>
      {authorizations.length >= CARD_PAGE_AUTHORIZATIONS ? (
        <p className="mt-3 text-sm text-gray-700">
          {t("purchases.newest", { number: CARD_PAGE_AUTHORIZATIONS })}
        </p>
      ) : null}
    </Card>
  );
}

export const meta = translatedTitle("cards:title");

export const ErrorBoundary = GeneralErrorBoundary;
