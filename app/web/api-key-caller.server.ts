import { companyFor } from "~/utils/company-access.server";
import { type ApiKeyActor } from "~/models/integrations/index.server";
import {
  authenticateApiKey,
  reserveRequest,
  type RateWindow,
  type SessionUser,
} from "~/models/people/index.server";
import type { ApiScope } from "~/utils/api-scopes";
import { env } from "~/utils/env.server";
import type { User } from "#db/schema";
import { forbidden, unauthorized } from "~/utils/errors";
import { apiError, requireApiAuth } from "./api.server";
import type { ApiContract } from "./api-contract-types.server";

// The scope an API key needs for each employer endpoint: the one table of them. An employer
// endpoint missing here refuses every key (403), so a new endpoint is closed to keys until it
// has its line (tests/integration/integrations/api-keys.test.ts checks every employer contract has one).
export const API_KEY_SCOPES: Record<string, ApiScope> = {
  "GET /api/employees": "employees:read",
  "GET /api/invitations": "employees:read",
  "GET /api/invitations/{id}": "employees:read",
  "POST /api/invitations": "employees:write",
  "POST /api/invitations/{id}/resend": "employees:write",
  "POST /api/invitations/{id}/revoke": "employees:write",
  "GET /api/advance-requests/pending": "advances:read",
  "GET /api/advance-requests/all": "advances:read",
  "GET /api/employer/advance-requests": "advances:read",
  "GET /api/advance-requests/{id}": "advances:read",
  "POST /api/advance-requests/{id}/approve": "advances:write",
  "POST /api/advance-requests/{id}/decline": "advances:write",
  "GET /api/webhook-endpoints": "webhooks:write",
  "POST /api/webhook-endpoints": "webhooks:write",
  "DELETE /api/webhook-endpoints/{id}": "webhooks:write",
  "POST /api/webhook-endpoints/{id}/enable": "webhooks:write",
  "PATCH /api/webhook-endpoints/{id}": "webhooks:write",
  "GET /api/webhook-endpoints/{id}/deliveries": "webhooks:write",
  "POST /api/webhook-endpoints/{id}/deliveries/{deliveryId}/redeliver":
    "webhooks:write",
  "POST /api/webhook-endpoints/{id}/test": "webhooks:write",
  "POST /api/webhook-endpoints/{id}/rotate-secret": "webhooks:write",
  "POST /api/employees/{id}/offboard": "employees:write",
  "POST /api/employees/{id}/credit-payout": "employees:write",
  "GET /api/pay-schedule": "payroll:read",
  "PUT /api/pay-schedule": "payroll:write",
  "GET /api/payroll-runs": "payroll:read",
  "POST /api/payroll-runs": "payroll:write",
  "GET /api/payroll-runs/{id}": "payroll:read",
  "POST /api/payroll-runs/{id}/results": "payroll:write",
  "GET /api/company-complaints": "complaints:read",
  "POST /api/company-complaints/{id}/review": "complaints:write",
  "POST /api/company-complaints/{id}/resolve": "complaints:write",
};

/** The scope a key needs for an endpoint, or null when keys may not use it at all. */
export function scopeFor(contract: Pick<ApiContract, "method" | "path">) {
  return API_KEY_SCOPES[`${contract.method} ${contract.path}`] ?? null;
}

/**
 * The scope a key needs here: employer endpoints, and endpoints for any signed-in user that
 * have a line (a key then reads as its company's employer side); null refuses keys.
 */
export function keyScope(
  contract: Pick<ApiContract, "method" | "path" | "role">,
) {
  return contract.role === "EMPLOYER" || contract.role === "any"
    ? scopeFor(contract)
    : null;
}

const API_KEY_INVALID = "Invalid or revoked API key";
const API_KEY_NOT_HERE = "API keys cannot be used on this endpoint.";
const API_KEY_RATE_LIMITED =
  "Too many requests with this API key. Please slow down.";
const missingScope = (scope: string) =>
  `This API key lacks the scope ${scope}.`;

/** The secret of an `Authorization: Bearer …` header, or null when there is none. */
function bearerSecret(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

export type Caller = {
  user: User | undefined;
  auth: SessionUser | null | undefined;
  apiKey: ApiKeyActor["key"] | null | undefined;
  /** A key's rate-limit window after this request (null for a session or public call). */
  rate?: RateWindow | null;
};

/** `RateLimit-Limit`, `-Remaining` and `-Reset` (seconds) on every answer to a key. */
export function withRateHeaders(res: Response, rate: RateWindow): Response {
  let out = res;
  try {
    out.headers.set("RateLimit-Limit", String(rate.limit));
  } catch {
    // Immutable headers (a fetched response): answer a copy.
    out = new Response(res.body, res);
    out.headers.set("RateLimit-Limit", String(rate.limit));
  }
  out.headers.set("RateLimit-Remaining", String(rate.remaining));
  out.headers.set("RateLimit-Reset", String(rate.reset));
  return out;
}

/** An API key's request: a live key (401), an employer endpoint it holds the scope of (403). */
async function keyCaller(
  secret: string,
  contract: Pick<ApiContract, "method" | "path" | "role">,
): Promise<Caller> {
  const actor = await authenticateApiKey(secret);
  if (!actor) throw unauthorized(API_KEY_INVALID);
  const scope = keyScope(contract);
  if (!scope) throw forbidden(API_KEY_NOT_HERE);
  if (!actor.key.scopes.includes(scope)) throw forbidden(missingScope(scope));
  const { API_KEY_RATE_LIMIT, API_KEY_RATE_WINDOW_SECONDS } = env();
  const rate = await reserveRequest(
    `api-key:${actor.key.id}`,
    API_KEY_RATE_LIMIT,
    API_KEY_RATE_WINDOW_SECONDS,
  );
  if (rate.limited) {
    const res = withRateHeaders(apiError(429, API_KEY_RATE_LIMITED), rate);
    res.headers.set("Retry-After", String(rate.reset));
    throw res;
  }
  return { user: actor.user, auth: null, apiKey: actor.key, rate };
}

export async function signedIn(
  request: Request,
  contract: Pick<ApiContract, "method" | "path" | "role" | "capability">,
): Promise<Caller> {
  const { role, capability = "approve" } = contract;
  if (role === "public" || role === "webhook")
    return { user: undefined, auth: undefined, apiKey: undefined };
  const secret = bearerSecret(request);
  if (secret !== null) return keyCaller(secret, contract);
  const auth = await requireApiAuth(request);
  if (role !== "any" && auth.user.role !== role)
    throw forbidden("You don't have permission to access this resource.");
  if (role === "EMPLOYER") companyFor(auth.user, capability);
  return { user: auth.user, auth, apiKey: null };
}
