// Security headers on every answer, with a fresh nonce per request for the page's own scripts
// (the Content-Security-Policy), and the address sign-in throttling counts by.
import crypto from "node:crypto";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";

/** The page's Content-Security-Policy: Stripe's script and frames only when Stripe is on. */
function contentSecurityPolicy(
  nonce: string,
  { stripeOn, dev }: { stripeOn: boolean; dev: boolean },
): string {
  const stripe = stripeOn
    ? {
        script: " https://js.stripe.com",
        frame: " https://js.stripe.com https://hooks.stripe.com",
        connect: " https://api.stripe.com",
      }
    : { script: "", frame: "", connect: "" };
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe.script}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${stripe.connect}${dev ? " ws:" : ""}`,
    `frame-src${stripe.frame || " 'none'"}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function securityHeaders(options: {
  stripeOn: boolean;
  dev: boolean;
}): RequestHandler {
  return (req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, options),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    // The default referrer policy, unless the page set its own (a page holding a token says
    // no-referrer): decided when the headers are written, since Remix appends.
    onHeaders(res, () => {
      if (!res.getHeader("Referrer-Policy"))
        res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    });
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=()",
    );
    if (req.secure)
      res.setHeader(
        "Strict-Transport-Security",
        "max-age=31536000; includeSubDomains",
      );
    // The address used to throttle sign-ins: always ours, never the client's header.
    req.headers["x-ga-client-address"] =
      req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  };
}

/**
 * TRUST_PROXY as Express understands it: a hop count ("1"), true/false, or addresses and
 * names ("loopback", "10.0.0.0/8, 127.0.0.1"). Express reads every string as an address list,
 * so "1" would silently trust nothing and "true" would crash the start-up.
 */
export function trustProxySetting(value: string): number | boolean | string {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (text === "true") return true;
  if (text === "false") return false;
  return text;
}
