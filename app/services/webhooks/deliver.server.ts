import crypto from "node:crypto";
import type { LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import {
  isLocalName,
  isPublicAddress,
  systemResolver,
  type Resolver,
} from "./addresses.server";

// Posting one signed webhook. The
// address check is made on the address the connection actually uses: the request's own DNS
// lookup is replaced by one that resolves once and refuses any answer that is not a public
// address (addresses.server.ts), so a name that resolves differently between a check and the
// connection (DNS rebinding) gains nothing. Redirects are not followed (node's http client
// never follows them; a 3xx is a failure). A failure is recorded as a word from
// DELIVERY_FAILURES, never as the socket's message.

const SIGNATURE_HEADER = "Grocery-Advance-Signature";

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, Stripe's scheme; one `v1` per secret
 * (the current one first, then a rotated one still within its overlap).
 */
function signatureHeader(
  secret: string | string[],
  body: string,
  at: number = Math.floor(Date.now() / 1000),
): string {
  const signatures = (Array.isArray(secret) ? secret : [secret]).map(
    (s) =>
      `v1=${crypto.createHmac("sha256", s).update(`${at}.${body}`).digest("hex")}`,
  );
  return [`t=${at}`, ...signatures].join(",");
}

/**
 * Why an attempt failed, in words an owner reads (the settings page translates them): never a
 * socket's own message, which names addresses and ports.
 */
const DELIVERY_FAILURES = [
  "private_address",
  "https_only",
  "invalid_url",
  "connection_refused",
  "timed_out",
  "host_not_found",
  "host_unreachable",
  "connection_reset",
  "certificate_rejected",
  "connection_failed",
] as const;
export type DeliveryFailure = (typeof DELIVERY_FAILURES)[number];

export function isDeliveryFailure(value: unknown): value is DeliveryFailure {
  return DELIVERY_FAILURES.includes(value as DeliveryFailure);
}

class RefusedAddress extends Error {
  constructor() {
    super("refused: the address is not a public one");
  }
}

class TimedOut extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
  }
}

/** The failure a socket, DNS or TLS error stands for. */
function deliveryFailureOf(error: unknown): DeliveryFailure {
  const code = String((error as { code?: unknown })?.code ?? "");
  if (error instanceof RefusedAddress) return "private_address";
  if (error instanceof TimedOut || code === "ETIMEDOUT") return "timed_out";
  if (code === "ECONNREFUSED") return "connection_refused";
  if (
    ["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "ENODATA", "ESERVFAIL"].includes(
      code,
    )
  )
    return "host_not_found";
  if (
    ["EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL", "ENETDOWN"].includes(code)
  )
    return "host_unreachable";
  if (["ECONNRESET", "EPIPE", "ECONNABORTED"].includes(code))
    return "connection_reset";
  if (
    code === "EPROTO" ||
    code.startsWith("ERR_TLS_") ||
    code.startsWith("ERR_SSL_") ||
    code.startsWith("CERT_") ||
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
  )
    return "certificate_rejected";
  return "connection_failed";
}

export type DeliveryResult = {
  status: number | null;
  error: DeliveryFailure | null;
  ms: number;
};

export type PostOptions = {
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: any address, and plain http:. */
  allowPrivate: boolean;
  /** The name's one lookup (the system's resolver unless a test gives its own). */
  resolve?: Resolver;
};

/**
 * The connection's own lookup: resolves the name once with `resolve`, refuses it when any
 * answer is not a public address (unless private networks are allowed), and hands node exactly
 * the addresses it checked, so the socket connects to one of them and nothing asks DNS again.
 */
function checkedLookup(
  resolve: Resolver,
  allowPrivate: boolean,
): net.LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const wanted = options.family === 4 || options.family === 6;
        const list = wanted
          ? answers.filter((a) => a.family === options.family)
          : answers;
        if (list.length === 0) {
          const error = Object.assign(new Error("no address"), {
            code: "ENOTFOUND",
          });
          return callback(error, "", 4);
        }
        if (!allowPrivate && list.some((a) => !isPublicAddress(a.address)))
          return callback(new RefusedAddress(), "", 4);
        if ((options as { all?: boolean }).all)
          return (callback as unknown as (e: null, a: LookupAddress[]) => void)(
            null,
            list,
          );
        callback(null, list[0].address, list[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}

/**
 * POSTs `body` to `url` with its signature, within `timeoutMs`. Never throws: a network
 * error, a refused address or a timeout is a result with `error`. A literal address is
 * checked here (node connects to it without a lookup); a name is checked by checkedLookup on
 * the addresses the socket is given.
 */
export async function postSigned(
  url: string,
  body: string,
  secret: string | string[],
  options: PostOptions,
): Promise<DeliveryResult> {
  const started = Date.now();
  const done = (status: number | null, error: DeliveryFailure | null) => ({
    status,
    error,
    ms: Date.now() - started,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return done(null, "invalid_url");
  }
  const secure = target.protocol === "https:";
  if (!secure && !(options.allowPrivate && target.protocol === "http:"))
    return done(null, "https_only");
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate) {
    if (net.isIP(host) !== 0 ? !isPublicAddress(host) : isLocalName(host))
      return done(null, "private_address");
  }
  const lookup = checkedLookup(
    options.resolve ?? systemResolver,
    options.allowPrivate,
  );

  return new Promise<DeliveryResult>((resolve) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        // A fresh connection each time: never a pooled socket checked for another request.
        agent: false,
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
      request.destroy(new TimedOut(options.timeoutMs));
    }, options.timeoutMs);
    request.on("timeout", () =>
      request.destroy(new TimedOut(options.timeoutMs)),
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      resolve(done(null, deliveryFailureOf(error)));
    });
    request.on("close", () => clearTimeout(timer));
    request.end(body);
  });
}
