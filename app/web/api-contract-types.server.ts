import {
  type ApiKeyActor,
  type ResponseSecrets,
} from "~/models/integrations/index.server";
import { type SessionUser } from "~/models/people/index.server";
import type { Capability } from "~/utils/company-roles";
import { type ApiVersion } from "~/utils/api-version";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { User } from "#db/schema";
import { type PageRequest } from "~/validation/pagination";

// One contract per JSON endpoint: method, path, role, body, response, statuses and paging.
// apiRoute() builds the route's loader and action from it (method check → 405, session and
// role → 401/403, path parameters → 404, body → 400, the handler, errors → JSON), and
// app/web/openapi.server.ts builds the OpenAPI document from the same contracts.

export type Params = LoaderFunctionArgs["params"];

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
   * without paging parameters, and pages like every other list with them.
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

export type Signed<R extends ApiRole> = R extends "public" | "webhook"
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
