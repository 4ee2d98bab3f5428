import { companyFor } from "~/utils/company-access.server";
import {
  type ApiKeyActor,
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  keepsIdempotentResponse,
  releaseIdempotencyKey,
  requestFingerprint,
  type ResponseSecrets,
} from "~/models/integrations/index.server";
import {
  authenticateApiKey,
  reserveRequest,
  type RateWindow,
  type SessionUser,
} from "~/models/people/index.server";
import type { Capability } from "~/utils/company-roles";
import type { ApiScope } from "~/utils/api-scopes";
import { env } from "~/utils/env.server";
import {
  API_VERSION,
  isApiVersion,
  VERSION_HEADER,
  type ApiVersion,
} from "~/utils/api-version";
import { actingWithApiKey } from "~/utils/request-context.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { User } from "#db/schema";
import { badRequest, forbidden, notFound, unauthorized } from "~/utils/errors";
import { pageOf, type PageRequest, type Paged } from "~/validation/pagination";
import {
  apiError,
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiAuth,
} from "./api.server";
import {
  asksForPage,
  pagedJson,
  readApiPage,
  streamedJsonArray,
} from "./pagination.server";

// One contract per JSON endpoint: method, path, role, body, response, statuses and paging.
// apiRoute() builds the route's loader and action from it (method check → 405, session and
// role → 401/403, path parameters → 404, body → 400, the handler, errors → JSON), and
// app/web/openapi.server.ts builds the OpenAPI document from the same contracts.

type Params = LoaderFunctionArgs["params"];

export type ApiRole = "public" | "any" | "EMPLOYEE" | "EMPLOYER" | "webhook";
export type JsonSchema = Record<string, unknown>;

/** A request body: a zod schema; or several documented shapes with their own parser; or raw. */
type ApiBody<B> =
  | z.ZodType<B>
  | {
      oneOf: z.ZodType[];
      parse: (body: Record<string, unknown>) => B;
      required?: boolean;
    }
  | { raw: JsonSchema };

/** A success body: a zod schema, one of several, or another content type. */
export type ApiResponse =
  | z.ZodType
  | { oneOf: z.ZodType[] }
  | { contentType: string; schema: JsonSchema; description: string };

export type ApiContract<
  R extends ApiRole = ApiRole,
  B = unknown,
  P = unknown,
> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As OpenAPI writes it: /api/virtual-cards/{id}/freeze */
  path: string;
  summary: string;
  role: R;
  /**
   * For employer routes: the membership capability required (default "approve", which every
   * member holds); a member whose role lacks it gets 403.
   */
  capability?: Capability;
  /** The path parameters, parsed; throws (404) when they name nothing. */
  params?: (params: Params) => P;
  body?: ApiBody<B>;
  /** Whether a body must be sent (default: a POST with a body schema requires it). */
  bodyRequired?: boolean;
  response: ApiResponse;
  /** The success status (default 200), and another one with the same body. */
  status?: number;
  alsoStatus?: number;
  /** Refusals the endpoint itself answers (the server's guards and 503 are added). */
  errors: number[];
  /** What a status means for this endpoint, where the general text says too little. */
  statusText?: Partial<Record<number, string>>;
  /** The query parameters, parsed (400 naming the field) into the handler's `query`. */
  query?: z.ZodObject;
  /**
   * A paged list: `?cursor=&limit=` (or the page-number form), X-Total-Count and Link headers.
   * `"asked"`: a list the SPEC's callers read whole answers whole (streamed when `streamed`)
   * without paging parameters, and pages like every other list with them (decision 0120).
   */
  paged?: boolean | "asked";
  /** An unbounded list: the handler yields JSON chunks, streamed as one array. */
  streamed?: boolean;
  /**
   * The answer's fields that carry a secret (shown once). The first answer has them; the copy
   * kept for an Idempotency-Key's replay has them null, with `message` in their place
   * (docs/api-guide.md). A response schema with such a field declares it here
   * (tests/unit/api-secrets.test.ts).
   */
  secrets?: ResponseSecrets;
};

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
export const API_VERSION_UNKNOWN =
  "Unknown Grocery-Advance-Version: send a version the API guide lists (a date such as 2026-11-28), or none";
const missingScope = (scope: string) =>
  `This API key lacks the scope ${scope}.`;

type Signed<R extends ApiRole> = R extends "public" | "webhook"
  ? { user: undefined; auth: undefined; apiKey: undefined }
  : R extends "EMPLOYER"
    ? {
        user: User;
        /** The person's session; null when an API key makes the request. */
        auth: SessionUser | null;
        apiKey: ApiKeyActor["key"] | null;
      }
    : { user: User; auth: SessionUser; apiKey: null };

type ApiContext<R extends ApiRole, B, P> = Signed<R> & {
  request: Request;
  params: P;
  body: B;
  page: PageRequest;
  /**
   * A list paged only when asked (`paged: "asked"`) and asked for no page: the handler answers
   * the whole list (its chunks when streamed).
   */
  whole: boolean;
  /** The contract's `query`, parsed (an empty object without one). */
  query: Record<string, unknown>;
  /** The API version the answer is in (the request's, else the key's, else the current one). */
  version: ApiVersion;
};

/**
 * What a handler returns: a Response as it is, a page of a paged list (with its headers), the
 * chunks of a streamed list, or data answered as JSON with the contract's status.
 */
export type ApiHandler<R extends ApiRole, B, P> = (
  ctx: ApiContext<R, B, P>,
) => Promise<unknown>;

export type ApiRoute = {
  contract: ApiContract;
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action: (args: ActionFunctionArgs) => Promise<Response>;
};

/** The secret of an `Authorization: Bearer …` header, or null when there is none. */
function bearerSecret(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

type Caller = {
  user: User | undefined;
  auth: SessionUser | null | undefined;
  apiKey: ApiKeyActor["key"] | null | undefined;
  /** A key's rate-limit window after this request (null for a session or public call). */
  rate?: RateWindow | null;
};

/** `RateLimit-Limit`, `-Remaining` and `-Reset` (seconds) on every answer to a key. */
function withRateHeaders(res: Response, rate: RateWindow): Response {
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

/** The answer's Grocery-Advance-Version: the request's, else its key's, else the current one. */
function withVersion(res: Response, version: ApiVersion): Response {
  try {
    res.headers.set(VERSION_HEADER, version);
    return res;
  } catch {
    const out = new Response(res.body, res);
    out.headers.set(VERSION_HEADER, version);
    return out;
  }
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

async function signedIn(
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

async function readBody<B>(
  request: Request,
  body: ApiBody<B> | undefined,
): Promise<B> {
  if (!body || "raw" in body) return undefined as B;
  const json = await readJson(request);
  if ("oneOf" in body) return body.parse(json);
  return parseBody(body, json);
}

/**
 * Answers a write at most once per (caller, Idempotency-Key): the first request acts and its
 * response is kept (not a 5xx, nor a 400/422 refusal of its input: those changed nothing, so
 * the corrected request may use the same key), without the secrets the contract names; a repeat
 * within 24 hours gets the kept response again with `Idempotent-Replayed: true`, and a
 * concurrent repeat waits for it.
 */
async function idempotent(
  caller: string,
  header: string,
  request: Request,
  secrets: ResponseSecrets | undefined,
  act: () => Promise<Response>,
): Promise<Response> {
  const key = checkIdempotencyKey(header);
  const text = await request.clone().text();
  const claim = await claimIdempotencyKey(
    caller,
    key,
    requestFingerprint(request.method, new URL(request.url).pathname, text),
  );
  if (claim.kind === "replay")
    return new Response(claim.body, {
      status: claim.status,
      headers: {
        "Content-Type": claim.contentType ?? "application/json; charset=utf-8",
        "Cache-Control": "no-store",
        "Idempotent-Replayed": "true",
      },
    });
  let res: Response;
  try {
    res = await act();
  } catch (error) {
    await releaseIdempotencyKey(claim.id);
    throw error;
  }
  if (!keepsIdempotentResponse(res.status)) {
    await releaseIdempotencyKey(claim.id);
    return res;
  }
  await completeIdempotencyKey(
    claim.id,
    res.status,
    await res.clone().text(),
    res.headers.get("Content-Type"),
    secrets,
  );
  return res;
}

/** The loader and action of a JSON endpoint, wired from its contract. */
export function apiRoute<R extends ApiRole, B = undefined, P = undefined>(
  contract: ApiContract<R, B, P>,
  handler: ApiHandler<R, B, P>,
): ApiRoute {
  const respond = async (
    request: Request,
    params: Params,
    signed: Caller,
    version: ApiVersion,
  ) => {
    const parsedParams = contract.params
      ? contract.params(params)
      : (undefined as P);
    const whole =
      !contract.paged || (contract.paged === "asked" && !asksForPage(request));
    const page = whole ? { page: 1, pageSize: 0 } : readApiPage(request);
    const query = contract.query
      ? parseBody(contract.query, queryParams(request, contract.query))
      : {};
    const body = await readBody(request, contract.body);
    const ctx = {
      ...(signed as Signed<R>),
      request,
      params: parsedParams,
      body,
      page,
      whole,
      query,
      version,
    };
    const result = signed.apiKey
      ? await actingWithApiKey(signed.apiKey, () => handler(ctx))
      : await handler(ctx);
    if (result instanceof Response) return result;
    if (!whole)
      return pagedJson(
        request,
        Array.isArray(result)
          ? pageOf(result, page)
          : (result as Paged<unknown>),
      );
    if (contract.streamed)
      return streamedJsonArray(
        result as AsyncGenerator<string>,
        request.signal,
      );
    return ok(result, contract.status ?? 200);
  };
  const run = async (request: Request, params: Params) => {
    let rate: RateWindow | null = null;
    const asked = request.headers.get(VERSION_HEADER)?.trim() ?? null;
    let version: ApiVersion =
      asked !== null && isApiVersion(asked) ? asked : API_VERSION;
    const res = await handleApi(async () => {
      if (request.method !== contract.method && contract.method !== "GET")
        return methodNotAllowed(contract.method);
      if (asked !== null && !isApiVersion(asked))
        throw badRequest(API_VERSION_UNKNOWN);
      const signed = await signedIn(request, contract);
      rate = signed.rate ?? null;
      if (asked === null && signed.apiKey) version = signed.apiKey.apiVersion;
      const header = request.headers.get("Idempotency-Key");
      // Every write of a signed-in caller or a key may carry an Idempotency-Key.
      if (header === null || request.method === "GET" || !signed.user)
        return respond(request, params, signed, version);
      const caller = signed.apiKey
        ? `key:${signed.apiKey.id}`
        : `user:${signed.user.id}`;
      return idempotent(caller, header, request, contract.secrets, () =>
        handleApi(() => respond(request, params, signed, version)),
      );
    });
    return withVersion(rate ? withRateHeaders(res, rate) : res, version);
  };
  const refuse = async () => methodNotAllowed(contract.method);
  return {
    contract: contract as ApiContract,
    loader:
      contract.method === "GET"
        ? ({ request, params }) => run(request, params)
        : refuse,
    action:
      contract.method !== "GET"
        ? ({ request, params }) => run(request, params)
        : refuse,
  };
}

/** The query parameters a contract declares, as sent (absent ones left out for defaults). */
function queryParams(request: Request, schema: z.ZodObject) {
  const search = new URL(request.url).searchParams;
  const out: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = search.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** A path's `{id}`, parsed by `parse`; a malformed one names nothing: 404 with `message`. */
export function idParam(
  parse: (value: unknown) => number | null,
  message: string,
): (params: Params) => number {
  return (params) => {
    const id = parse(params.id);
    if (id === null) throw notFound(message);
    return id;
  };
}

/**
 * Several endpoints on one route module: a collection and its items (`api.things.($id).ts`
 * serves /api/things and /api/things/{id}), each request going to the contract of its method
 * and shape (with or without the id). One module instead of two keeps every page's route
 * manifest smaller.
 */
export function apiRoutes(...routes: ApiRoute[]): {
  loader: ApiRoute["loader"];
  action: ApiRoute["action"];
} {
  const pick = async (args: LoaderFunctionArgs) => {
    const withId = args.params.id !== undefined;
    const shaped = routes.filter(
      (r) => r.contract.path.includes("{id}") === withId,
    );
    const route = shaped.find((r) => r.contract.method === args.request.method);
    if (route)
      return route.contract.method === "GET"
        ? route.loader(args)
        : route.action(args);
    return methodNotAllowed(
      shaped.map((r) => r.contract.method).join(", ") || "GET",
    );
  };
  return { loader: pick, action: pick };
}
