import { env } from "~/utils/env.server";
import type { PaymentProvider } from "./provider.server";
import { sandboxProvider } from "./sandbox.server";
import { createStripeProvider } from "./stripe.server";

export * from "./provider.server";

// Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox (DESIGN §7).
let cached: { key: string; provider: PaymentProvider } | undefined;
let override: PaymentProvider | undefined;

export function paymentProvider(): PaymentProvider {
  if (override) return override;
  const e = env();
  if (!e.STRIPE_SECRET_KEY) return sandboxProvider;
  const settings = {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    host: e.STRIPE_API_HOST,
    port: e.STRIPE_API_PORT,
    protocol: e.STRIPE_API_PROTOCOL,
  };
  const key = JSON.stringify(settings);
  if (cached?.key !== key) {
    cached = { key, provider: createStripeProvider(settings) };
  }
  return cached.provider;
}

/** Tests put a provider in front (e.g. one whose card issuance fails); undefined removes it. */
export function setPaymentProviderForTests(
  provider: PaymentProvider | undefined,
) {
  override = provider;
}
