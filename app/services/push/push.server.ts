import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { env } from "~/utils/env.server";

// Web Push's sending side: the VAPID keys, and one encrypted message to
// one browser's push service. `web-push` builds the request (RFC 8291 aes128gcm payload
// encryption, RFC 8292 VAPID headers); it is sent with fetch, which reports the push service's
// answer as it is (201, or 404/410 for a subscription that is gone).

export type VapidKeys = { publicKey: string; privateKey: string };

let cached: VapidKeys | undefined;

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated once and kept in the data folder
 * (as the session secret is), so that `npm start` works with no setup and subscriptions
 * survive restarts. Several instances must share one pair (docs/operations.md): a browser's
 * subscription is bound to the public key it was made with.
 */
export function vapidKeys(): VapidKeys {
  if (cached) return cached;
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, DATA_DIR } = env();
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY)
    return (cached = {
      publicKey: VAPID_PUBLIC_KEY,
      privateKey: VAPID_PRIVATE_KEY,
    });
  const file = path.resolve(DATA_DIR, "vapid-keys.json");
  try {
    const kept = JSON.parse(fs.readFileSync(file, "utf8")) as VapidKeys;
    if (kept.publicKey && kept.privateKey) return (cached = kept);
  } catch {
    // not created yet
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  console.warn(
    `VAPID keys are not set: generated a pair in ${file}. ` +
      "Several app instances must share one pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY).",
  );
  return (cached = keys);
}

/** Tests change the environment between cases; this forgets the keys read. */
export function resetVapidKeys() {
  cached = undefined;
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The push service's answer: delivered, gone for good (404/410), or failed (retry). */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "gone"; status: number }
  | { kind: "failed"; status: number | null; message: string };

const SEND_TIMEOUT_MS = 10_000;

/** Encrypts `payload` for the subscription and posts it to its push service. */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  ttlSeconds: number,
): Promise<PushOutcome> {
  const keys = vapidKeys();
  const details = webpush.generateRequestDetails(
    {
      endpoint: target.endpoint,
      keys: { p256dh: target.p256dh, auth: target.auth },
    },
    payload,
    {
      TTL: ttlSeconds,
      contentEncoding: "aes128gcm",
      vapidDetails: {
        subject: `mailto:${env().SUPPORT_EMAIL}`,
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
      },
    },
  );
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: "error",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return {
      kind: "failed",
      status: null,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  await response.body?.cancel().catch(() => {});
  if (response.ok) return { kind: "sent" };
  if (response.status === 404 || response.status === 410)
    return { kind: "gone", status: response.status };
  return {
    kind: "failed",
    status: response.status,
    message: `push service answered ${response.status}`,
  };
}
