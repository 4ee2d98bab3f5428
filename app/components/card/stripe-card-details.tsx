import { loadStripe } from "@stripe/stripe-js/pure";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useMessageText, useT } from "~/utils/i18n";

// "Show card details" with Stripe: Stripe's Issuing Elements show the
// full number, expiry and CVC in Stripe's own frames. The browser makes a nonce for the card
// with Stripe.js, our server exchanges it for an ephemeral key (POST
// /api/virtual-cards/{id}/ephemeral-key) and the Elements use that key; the card's details
// never reach this server, its logs or its database. Loaded only when Stripe is the provider.

type State =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "shown" }
  | { status: "error"; message: string };

export function StripeCardDetails({
  cardId,
  publishableKey,
  issuingCard,
}: {
  cardId: number;
  publishableKey: string;
  issuingCard: string;
}) {
  const t = useT("cards");
  // The server's refusal (a JSON `message`, by the browser's Accept-Language) in the page's
  // language where the catalogue knows it; Stripe.js's own errors are shown as they come.
  const message = useMessageText();
  const PROVIDER_DOWN = t("details.providerDown");
  const [state, setState] = useState<State>({ status: "idle" });
  const number = useRef<HTMLDivElement>(null);
  const expiry = useRef<HTMLDivElement>(null);
  const cvc = useRef<HTMLDivElement>(null);

  async function show() {
    setState({ status: "loading" });
    try {
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error(PROVIDER_DOWN);
      const { nonce, error } = await stripe.createEphemeralKeyNonce({
        issuingCard,
      });
      if (!nonce) throw new Error(error?.message ?? PROVIDER_DOWN);
      const res = await fetch(`/api/virtual-cards/${cardId}/ephemeral-key`, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ nonce }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        ephemeralKeySecret?: string;
        message?: string;
      };
      if (!res.ok || !body.ephemeralKeySecret)
        throw new Error(body.message ?? PROVIDER_DOWN);
      const elements = stripe.elements();
      const options = {
        issuingCard,
        nonce,
        ephemeralKeySecret: body.ephemeralKeySecret,
      };
      if (number.current)
        elements
          .create("issuingCardNumberDisplay", options)
          .mount(number.current);
      if (expiry.current)
        elements
          .create("issuingCardExpiryDisplay", options)
          .mount(expiry.current);
      if (cvc.current)
        elements.create("issuingCardCvcDisplay", options).mount(cvc.current);
      setState({ status: "shown" });
    } catch (error) {
      setState({
        status: "error",
        message: error instanceof Error ? error.message : PROVIDER_DOWN,
      });
    }
  }

  return (
    <div>
      <dl
        aria-label={t("details.label")}
        data-testid="card-details"
        hidden={state.status !== "shown"}
        className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-1 rounded-md border border-gray-200 bg-white p-4 text-sm"
      >
        <dt className="text-gray-700">{t("details.number")}</dt>
        <dd ref={number} className="min-h-5" />
        <dt className="text-gray-700">{t("details.expiry")}</dt>
        <dd ref={expiry} className="min-h-5" />
        <dt className="text-gray-700">{t("details.cvc")}</dt>
        <dd ref={cvc} className="min-h-5" />
      </dl>
      {state.status === "shown" ? null : (
        <>
          <Button
            type="button"
            variant="secondary"
            disabled={state.status === "loading"}
            onClick={show}
          >
            {state.status === "loading"
              ? t("details.loading")
              : t("details.show")}
          </Button>
          <p className="mt-1 text-xs text-gray-700">
            {t("details.providerHint")}
          </p>
          {state.status === "error" ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {message(state.message)}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
