import { companyFor } from "~/models/company.server";
import type { Capability } from "~/utils/company-roles";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { User } from "#db/schema";
import type { SessionUser } from "~/models/sessions.server";
import { forbidden, notFound } from "~/utils/errors";
import type { PageRequest, Paged } from "~/validation/pagination";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiAuth,
} from "./api.server";
import { pagedJson, readApiPage, streamedJsonArray } from "./pagination.server";

// One contract per JSON endpoint: method, path, role, body, response, statuses and paging.
// apiRoute() builds the route's loader and action from it (method check → 405, session and
// role → 401/403, path parameters → 404, body → 400, the handler, errors → JSON), and
// app/web/openapi.server.ts builds the OpenAPI document from the same contracts.

type Params = LoaderFunctionArgs["params"];

export type ApiRole = "public" | "any" | "EMPLOYEE" | "EMPLOYER" | "webhook";
export type JsonSchema = Record<string, unknown>;

/** A request body: a zod schema; or several documented shapes with their own parser; or raw. */
export type ApiBody<B> =
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
  method: "GET" | "POST" | "PUT";
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
  /** A paged list: ?page and ?pageSize, X-Total-Count and Link headers. */
  paged?: boolean;
  /** An unbounded list: the handler yields JSON chunks, streamed as one array. */
  streamed?: boolean;
};

type Signed<R extends ApiRole> = R extends "public" | "webhook"
  ? { user: undefined; auth: undefined }
  : { user: User; auth: SessionUser };

export type ApiContext<R extends ApiRole, B, P> = Signed<R> & {
  request: Request;
  params: P;
  body: B;
  page: PageRequest;
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

async function signedIn(
  request: Request,
  role: ApiRole,
  capability: Capability = "approve",
) {
  if (role === "public" || role === "webhook")
    return { user: undefined, auth: undefined };
  const auth = await requireApiAuth(request);
  if (role !== "any" && auth.user.role !== role)
    throw forbidden("You don't have permission to access this resource.");
  if (role === "EMPLOYER") companyFor(auth.user, capability);
  return { user: auth.user, auth };
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

/** The loader and action of a JSON endpoint, wired from its contract. */
export function apiRoute<R extends ApiRole, B = undefined, P = undefined>(
  contract: ApiContract<R, B, P>,
  handler: ApiHandler<R, B, P>,
): ApiRoute {
  const run = (request: Request, params: Params) =>
    handleApi(async () => {
      if (request.method !== contract.method && contract.method !== "GET")
        return methodNotAllowed(contract.method);
      const signed = await signedIn(
        request,
        contract.role,
        contract.capability,
      );
      const parsedParams = contract.params
        ? contract.params(params)
        : (undefined as P);
      const page = contract.paged
        ? readApiPage(request)
        : { page: 1, pageSize: 0 };
      const body = await readBody(request, contract.body);
      const result = await handler({
        ...(signed as Signed<R>),
        request,
        params: parsedParams,
        body,
        page,
      });
      if (result instanceof Response) return result;
      if (contract.paged) return pagedJson(request, result as Paged<unknown>);
      if (contract.streamed)
        return streamedJsonArray(
          result as AsyncGenerator<string>,
          request.signal,
        );
      return ok(result, contract.status ?? 200);
    });
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
