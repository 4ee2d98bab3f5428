import crypto from "node:crypto";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

// Posting one signed webhook (docs/decisions/0079-api-keys-idempotency-webhooks.md). The
// address check is made on the address the connection actually uses: the request's own DNS
// lookup is replaced by one that refuses private, loopback and link-local results, so a name
// that resolves differently between a check and the connection (DNS rebinding) gains nothing.
// Redirects are not followed (node's http client never follows them; a 3xx is a failure).

export const SIGNATURE_HEADER = "Grocery-Advance-Signature";

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, Stripe's scheme. */
export function signatureHeader(
  secret: string,
  body: string,
  at: number = Math.floor(Date.now() / 1000),
): string {
  const v1 = crypto
    .createHmac("sha256", secret)
    .update(`${at}.${body}`)
    .digest("hex");
  return `t=${at},v1=${v1}`;
}

/** Whether an address is private, loopback, link-local or otherwise not on the internet. */
export function isPrivateAddress(address: string): boolean {
  const v4mapped = address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  const ip = v4mapped ? v4mapped[1] : address;
  if (net.isIPv4(ip)) {
    const [a, b] = ip.split(".").map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (net.isIPv6(ip)) {
    const lower = ip.toLowerCase();
    return (
      lower === "::" ||
      lower === "::1" ||
      lower.startsWith("fe8") ||
      lower.startsWith("fe9") ||
      lower.startsWith("fea") ||
      lower.startsWith("feb") ||
      lower.startsWith("fc") ||
      lower.startsWith("fd") ||
      lower.startsWith("ff")
    );
  }
  return true;
}

export const PRIVATE_ADDRESS_REFUSED =
  "refused: the address is private, loopback or link-local";

export type DeliveryResult = {
  status: number | null;
  error: string | null;
  ms: number;
};

/**
 * POSTs `body` to `url` with its signature, within `timeoutMs`. Never throws: a network
 * error, a refused address or a timeout is a result with `error`.
 */
export async function postSigned(
  url: string,
  body: string,
  secret: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<DeliveryResult> {
  const started = Date.now();
  const done = (status: number | null, error: string | null) => ({
    status,
    error,
    ms: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done(null, "invalid URL");
  }
  const secure = target.protocol === "https:";
  if (!secure && !(options.allowPrivate && target.protocol === "http:"))
    return done(null, "refused: only https:// addresses are allowed");
  const lookup: net.LookupFunction = (hostname, opts, callback) => {
    dns.lookup(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      const allowed = options.allowPrivate
        ? list
        : list.filter((a) => !isPrivateAddress(a.address));
      if (allowed.length === 0 || allowed.length !== list.length)
        return callback(new Error(PRIVATE_ADDRESS_REFUSED), "", 4);
      if ((opts as { all?: boolean }).all)
        return (
          callback as unknown as (e: null, a: dns.LookupAddress[]) => void
        )(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
  // A literal IP address in the URL never goes through lookup: check it here.
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !options.allowPrivate && isPrivateAddress(host))
    return done(null, PRIVATE_ADDRESS_REFUSED);

  return new Promise<DeliveryResult>((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        lookup,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          "User-Agent": "GroceryAdvance-Webhooks/1.0",
          [SIGNATURE_HEADER]: signatureHeader(secret, body),
        },
        timeout: options.timeoutMs,
      },
      (response) => {
        // Read (and drop) at most a little of the answer, then close.
        response.resume();
        response.on("end", () =>
          resolve(done(response.statusCode ?? null, null)),
        );
        response.on("error", () =>
          resolve(done(response.statusCode ?? null, null)),
        );
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    request.on("timeout", () =>
      request.destroy(new Error(`timed out after ${options.timeoutMs} ms`)),
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve(done(null, error.message.slice(0, 300)));
    });
    request.on("close", () => clearTimeout(timer));
    request.end(body);
  });
}
