import {
  Elements,
  PaymentElement,
  useElements,
  useStripe,
} from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useRevalidator, useSubmit } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { Button, LinkButton } from "~/components/ui/button";
import { Toast, type ToastData } from "~/components/ui/toast";
import { useMessageText, useT } from "~/utils/i18n";
import { CheckoutError } from "./checkout-error";

// The Stripe checkout (SPEC §4 payment flow): loading → ready (a client secret) or error;
// paying → processing → failed (toast) or succeeded; then the card is created and the user
// goes to /payment-success, or stays here with 'Card creation failed'. Needs JavaScript:
// Stripe's Payment Element is a script.

const PROVIDER_DOWN =
  "The card payment provider is not available. Please try again later.";

type SetupState =
  | { status: "loading" }
  | { status: "ready"; stripe: Stripe; clientSecret: string }
  | { status: "error"; message: string };

async function postJson(
  url: string,
  body: unknown,
): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json().catch(() => ({}))) as Record<
    string,
    unknown
  >;
  return { ok: res.ok, body: parsed };
}

const messageOf = (body: Record<string, unknown>, fallback: string) =>
  typeof body.message === "string" && body.message ? body.message : fallback;

export function StripePayment({
  publishableKey,
  amount,
  amountText,
  advanceRequestId,
}: {
  publishableKey: string | null;
  amount: string;
  amountText: string;
  advanceRequestId: number;
}) {
  const [setup, setSetup] = useState<SetupState>({ status: "loading" });
  const [toast, setToast] = useState<ToastData | null>(null);
  // Written in English here and by the API; shown in the page's language.
  const text = useMessageText();

  useEffect(() => {
    let cancelled = false;
    (async () => {
      let stripe: Stripe | null = null;
      try {
        stripe = publishableKey ? await loadStripe(publishableKey) : null;
      } catch {
        stripe = null;
      }
      if (cancelled) return;
      if (!stripe) {
        setToast({ type: "error", title: "Error", description: PROVIDER_DOWN });
        setSetup({ status: "error", message: PROVIDER_DOWN });
        return;
      }
      try {
        const res = await postJson("/api/create-payment-intent", {
          amount,
          advanceRequestId,
        });
        if (cancelled) return;
        const secret = res.body.clientSecret;
        if (!res.ok || typeof secret !== "string") {
          const message = messageOf(
            res.body,
            "We couldn't set up the payment. Please try again.",
          );
          setToast({
            type: "error",
            title: "Payment setup failed",
            description: message,
          });
          setSetup({ status: "error", message });
          return;
        }
        setSetup({ status: "ready", stripe, clientSecret: secret });
      } catch {
        if (cancelled) return;
        const message = "Failed to set up payment";
        setToast({
          type: "error",
          title: "Payment setup failed",
          description: message,
        });
        setSetup({ status: "error", message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [publishableKey, amount, advanceRequestId]);

  return (
    <>
      <Toast
        toast={
          toast && {
            ...toast,
            title: text(toast.title),
            description: toast.description && text(toast.description),
          }
        }
      />
      {setup.status === "loading" ? (
        <p role="status" className="text-gray-700">
          Setting up payment...
        </p>
      ) : setup.status === "error" ? (
        <CheckoutError message={setup.message} />
      ) : (
        <Elements
          stripe={setup.stripe}
          options={{ clientSecret: setup.clientSecret }}
        >
          <StripePaymentForm
            amount={amount}
            amountText={amountText}
            advanceRequestId={advanceRequestId}
            onToast={setToast}
          />
        </Elements>
      )}
    </>
  );
}

function StripePaymentForm({
  amount,
  amountText,
  advanceRequestId,
  onToast,
}: {
  amount: string;
  amountText: string;
  advanceRequestId: number;
  onToast: (toast: ToastData) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const submit = useSubmit();
  const { revalidate } = useRevalidator();
  const [processing, setProcessing] = useState(false);
  const t = useT("checkout");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      confirmParams: {
        return_url: `${window.location.origin}/payment-success`,
      },
      redirect: "if_required",
    });
    // Manual capture: a confirmed payment authorizes the fee (requires_capture); it is
    // captured when the card is issued (decisions 0047, 0075).
    const held =
      paymentIntent?.status === "requires_capture" ||
      paymentIntent?.status === "succeeded";
    // A field the Payment Element itself marks (incomplete number, past expiry) is said there,
    // under the field: a toast would say it a second time.
    if (error?.type === "validation_error") {
      setProcessing(false);
      return;
    }
    if (error || !held) {
      onToast({
        type: "error",
        title: "Payment failed",
        description:
          error?.message || "An error occurred during payment processing.",
      });
      setProcessing(false);
      return;
    }
    try {
      const res = await postJson("/api/create-grocery-card", {
        advanceRequestId,
      });
      if (!res.ok) {
        onToast({
          type: "error",
          title: "Card creation failed",
          description: messageOf(
            res.body,
            "Payment succeeded but we couldn't create your grocery card.",
          ),
        });
        setProcessing(false);
        // The page shows what became of the request (cancelled with the hold released, or
        // still waiting for its card).
        revalidate();
        return;
      }
    } catch {
      onToast({
        type: "error",
        title: "Card creation failed",
        description: "Failed to create grocery card",
      });
      setProcessing(false);
      revalidate();
      return;
    }
    // The card exists: the page's action redirects to /payment-success with the toast.
    submit(
      { intent: "issue-card", amount, requestId: String(advanceRequestId) },
      { method: "post" },
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <PaymentElement />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!stripe || processing}>
          {processing
            ? t("form.processing")
            : t("form.pay", { amount: amountText })}
        </Button>
        <LinkButton to="/request" variant="secondary">
          {t("form.cancel")}
        </LinkButton>
      </div>
    </form>
  );
}
