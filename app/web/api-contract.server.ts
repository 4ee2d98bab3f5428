import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  keepsIdempotentResponse,
  releaseIdempotencyKey,
  requestFingerprint,
  type ResponseSecrets,
} from "~/models/integrations/index.server";
import { type RateWindow } from "~/models/people/index.server";
import {
  API_VERSION,
  isApiVersion,
  VERSION_HEADER,
  type ApiVersion,
} from "~/utils/api-version";
import { actingWithApiKey } from "~/utils/request-context.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { badRequest, notFound } from "~/utils/errors";
import { pageOf, type Paged } from "~/validation/pagination";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
} from "./api.server";
import {
  asksForPage,
  pagedJson,
  readApiPage,
  streamedJsonArray,
} from "./pagination.server";
import type {
  ApiBody,
  ApiContract,
  ApiHandler,
  ApiRole,
  ApiRoute,
  Params,
  Signed,
} from "./api-contract-types.server";
import {
  type Caller,
  signedIn,
  withRateHeaders,
} from "./api-key-caller.server";

export const API_VERSION_UNKNOWN =
  "Unknown Grocery-Advance-Version: send a version the API guide lists (a date such as 2026-11-28), or none";

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
