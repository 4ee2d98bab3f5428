import { z } from "zod";
import {
  messageSchema,
  validationErrorSchema,
} from "~/validation/api-responses";
import {
  DELIVERED_EVENTS,
  WEBHOOK_EVENT_DATA,
} from "~/validation/webhook-events";
import { API_VERSIONS, VERSION_HEADER } from "~/utils/api-version";
import { keyScope } from "./api-key-caller.server";
import type {
  ApiContract,
  ApiResponse,
  JsonSchema,
} from "./api-contract-types.server";

// The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json, readable at /api/docs),
// built from the endpoints' contracts only (app/web/api-contract.server.ts): the same zod
// schemas the routes parse requests with, and the response schemas of
// app/validation/api-responses/.

type Json = Record<string, unknown>;

function schema(s: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(s, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Json;
  delete out.$schema;
  return out;
}

const request = (s: z.ZodType) => schema(s, "input");
const response = (s: z.ZodType) => schema(s, "output");

function success(r: ApiResponse): {
  schema: JsonSchema;
  contentType: string;
  description: string;
} {
  if ("contentType" in r) return r;
  const s = "oneOf" in r ? { oneOf: r.oneOf.map(response) } : response(r);
  return { schema: s, contentType: "application/json", description: "Success" };
}

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid input",
  401: "Not signed in (or wrong credentials)",
  403: "Signed in with the wrong role, an API key without the scope (named), or not allowed",
  404: "Not found (or another employer's/employee's record)",
  402: "The card payment was declined",
  405: "This path does not serve that method (Allow lists the ones it does)",
  409: "Conflicts with the current state of the record, or a request with the same Idempotency-Key is still in progress",
  422: "The Idempotency-Key was already used with a different request",
  429: "Too many requests with this API key (wait Retry-After seconds)",
  413: "The body is over its size limit (64 KB; the webhook 512 KB), refused while it streams",
  415: "A body that is not Content-Type: application/json",
};

/** What the server checks before any endpoint runs (scripts/http-guards.ts). */
const CROSS_SITE =
  "Refused as cross-site (Sec-Fetch-Site cross-site/same-site, or a foreign Origin or Referer)";

export function openApiDocument(contracts: ApiContract[]): Json {
  const paths: Json = {};
  for (const e of contracts) {
    const method = e.method.toLowerCase();
    const ok = success(e.response);
    // An answer with a secret: the secret is in the first answer only (the idempotency store
    // never holds one), so a replay has it null and says why in `message`.
    const succeeded = {
      description: e.secrets
        ? `${ok.description}. ${e.secrets.fields.map((f) => `\`${f}\``).join(", ")} is shown in this first answer only and never stored: a replay of it (Idempotent-Replayed: true) has it null, with \`message\`: "${e.secrets.message}"`
        : ok.description,
      content: { [ok.contentType]: { schema: ok.schema } },
    };
    const status = e.status ?? 200;
    const responses: Json = { [status]: succeeded };
    if (e.alsoStatus) responses[e.alsoStatus] = succeeded;
    const scope = keyScope(e);
    const signed = e.role !== "public" && e.role !== "webhook";
    const write = signed && method !== "get";
    // Every non-GET request passes the server's guards first: cross-site refusal (403), the
    // JSON content type (415) and the streamed body limit (413). Any other method is 405; a
    // signed caller may be refused (401/403); a key may be over its limit (429); a path's id
    // may name nothing (404); query parameters and a write's Idempotency-Key may be malformed
    // (400); a key may be reused with another request (422) or still be in progress (409).
    const statuses = new Set([...e.errors, 405, 503]);
    if (method !== "get") [403, 413, 415].forEach((s) => statuses.add(s));
    if (signed) [401, 403].forEach((s) => statuses.add(s));
    if (scope) statuses.add(429);
    if (e.path.includes("{")) statuses.add(404);
    if (e.paged || e.query) statuses.add(400);
    if (write) [400, 409, 422].forEach((s) => statuses.add(s));
    for (const status of [...statuses].sort()) {
      responses[status] = {
        description:
          e.statusText?.[status] ??
          (status === 403 && !signed && !e.errors.includes(403)
            ? CROSS_SITE
            : (STATUS_TEXT[status] ?? "The database is unavailable")),
        content: {
          "application/json": {
            schema: response(
              status === 400 ? validationErrorSchema : messageSchema,
            ),
          },
        },
      };
    }
    if (responses[405])
      (responses[405] as Json).headers = {
        Allow: { $ref: "#/components/headers/Allow" },
      };
    if (responses[429] && scope)
      (responses[429] as Json).headers = {
        "Retry-After": { $ref: "#/components/headers/Retry-After" },
      };
    const operation: Json = {
      operationId: operationId(e.method, e.path),
      summary: e.summary,
      tags: [
        e.role === "EMPLOYER"
          ? "Employer"
          : e.role === "EMPLOYEE"
            ? "Employee"
            : "Account",
      ],
      security: !signed
        ? []
        : scope
          ? [{ session: [] }, { apiKey: [scope] }]
          : [{ session: [] }],
      "x-role": e.role,
      ...(scope ? { "x-scope": scope } : {}),
      responses,
    };
    const pathParams = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    if (pathParams.length > 0)
      operation.parameters = pathParams.map((name) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "integer", minimum: 1 },
      }));
    if (e.paged) {
      operation.parameters = [
        ...((operation.parameters as Json[] | undefined) ?? []),
        {
          name: "cursor",
          in: "query",
          description:
            e.paged === "asked"
              ? 'Opaque: where the page starts, as the previous page\'s `Link: <…>; rel="next"` gives it. This list answers whole (the form its first callers read) when the request sends none of `cursor`, `limit`, `page` and `pageSize`; any of them pages it like every other list (`limit` alone: the first page)'
              : 'Opaque: where the page starts, as the previous page\'s `Link: <…>; rel="next"` gives it (from the start without one)',
          schema: { type: "string" },
        },
        {
          name: "limit",
          in: "query",
          description: "Rows per page with `cursor`",
          schema: { type: "integer", minimum: 1, maximum: 500, default: 100 },
        },
        {
          name: "page",
          in: "query",
          description:
            "The page-number form (with `pageSize`; not with `cursor`/`limit`), 1-based",
          schema: { type: "integer", minimum: 1, default: 1 },
        },
        {
          name: "pageSize",
          in: "query",
          schema: { type: "integer", minimum: 1, maximum: 500, default: 100 },
        },
      ];
      (responses[status] as Json).headers = {
        "X-Total-Count": { $ref: "#/components/headers/X-Total-Count" },
        Link: { $ref: "#/components/headers/Link" },
      };
    }
    if (e.query) {
      const query = request(e.query) as {
        properties: Record<string, Json>;
        required?: string[];
      };
      operation.parameters = [
        ...((operation.parameters as Json[] | undefined) ?? []),
        ...Object.entries(query.properties).map(([name, schema]) => ({
          name,
          in: "query",
          required: query.required?.includes(name) ?? false,
          ...(typeof schema.description === "string"
            ? { description: schema.description }
            : {}),
          schema,
        })),
      ];
    }
    if (write) {
      operation.parameters = [
        ...((operation.parameters as Json[] | undefined) ?? []),
        IDEMPOTENCY_KEY,
      ];
      // A replay is any kept answer: a success or a refusal of the state (not 400/422/5xx).
      for (const [code, r] of Object.entries(responses))
        if (!["400", "405", "413", "415", "422", "503"].includes(code))
          (r as Json).headers = {
            ...((r as Json).headers as Json | undefined),
            "Idempotent-Replayed": {
              $ref: "#/components/headers/Idempotent-Replayed",
            },
          };
    }
    // A key's every answer past its authentication carries its rate-limit window.
    if (scope)
      for (const [code, r] of Object.entries(responses))
        if (!["401", "405", "413", "415"].includes(code))
          (r as Json).headers = {
            ...((r as Json).headers as Json | undefined),
            ...RATE_LIMIT_HEADERS,
          };
    if (e.body) {
      const bodySchema =
        e.body instanceof z.ZodType
          ? request(e.body)
          : "raw" in e.body
            ? e.body.raw
            : { oneOf: e.body.oneOf.map(request) };
      operation.requestBody = {
        required: e.bodyRequired ?? method !== "get",
        content: { "application/json": { schema: bodySchema } },
      };
    }
    // Every request may name the version it is written for; every answer says its version.
    operation.parameters = [
      ...((operation.parameters as Json[] | undefined) ?? []),
      VERSION_PARAMETER,
    ];
    for (const r of Object.values(responses))
      (r as Json).headers = {
        ...((r as Json).headers as Json | undefined),
        [VERSION_HEADER]: { $ref: `#/components/headers/${VERSION_HEADER}` },
      };
    paths[e.path] = {
      ...(paths[e.path] as Json | undefined),
      [method]: operation,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Grocery Advance API",
      version: "1.0.0",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      description:
        'JSON API for outside callers. Bodies are JSON; money is a string with two decimals; dates are ISO 8601. Errors are {"message"} (validation adds "errors") with 400, 401, 403, 404, 405, 409, 413, 415, 422, 429 or 503; each operation lists those it can answer. A body must be sent as `application/json` (415 otherwise) and is limited to 64 KB (413); a browser request from another site is refused (403). Outside systems send a company API key: `Authorization: Bearer ga_…` (made by an owner on /settings/api), which acts as the company\'s employer side within its scopes (each operation names its scope in `x-scope`; a missing scope is 403 naming it), rate-limited per key (every answer to a key carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; over the limit, 429 with Retry-After); a person signs in with POST /api/login and sends the `__session` cookie it sets. Every write takes an `Idempotency-Key` header: the same key with the same body within 24 hours replays the first response (`Idempotent-Replayed: true`), another body is 422; a request refused as invalid (400 or 422, nothing changed) is not kept, so the corrected request may reuse its key. A secret (an API key, a webhook signing secret, a Stripe client secret or ephemeral key) is in the first response only: the replay has it null, with a `message` saying it was shown once, because the idempotency store never holds a secret. Events reach your endpoints as signed webhooks (see `webhooks`): verify `Grocery-Advance-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s secret>`.',
    },
    servers: [{ url: "/" }],
    components: {
      headers: HEADERS,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__session" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "ga_<43 characters>",
          description:
            "A company API key; the security requirement lists the scope the operation needs.",
        },
      },
    },
    paths,
    webhooks: webhooks(),
  };
}

/** getApiKeys, postAdvanceRequestsIdApprove…: stable, from the method and the path. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/\-.]/)
    .map((w) => w.replace(/[{}]/g, ""))
    .filter(Boolean);
  return (
    method.toLowerCase() +
    words.map((w) => w[0].toUpperCase() + w.slice(1)).join("")
  );
}

const integer = { type: "integer", minimum: 0 };

/** The response headers the operations refer to. */
const HEADERS: Json = {
  [VERSION_HEADER]: {
    description:
      "The API version this answer is in: the request's Grocery-Advance-Version, else the key's, else the current one",
    required: true,
    schema: { type: "string", enum: [...API_VERSIONS] },
  },
  "RateLimit-Limit": {
    description:
      "Requests an API key may make per window (on every answer to a key)",
    schema: integer,
  },
  "RateLimit-Remaining": {
    description: "Requests the key has left in the current window",
    schema: integer,
  },
  "RateLimit-Reset": {
    description: "Seconds until the current window ends",
    schema: integer,
  },
  "Retry-After": {
    description: "Seconds to wait before the key may send again",
    required: true,
    schema: { type: "integer", minimum: 1 },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the kept answer to an earlier request with the same Idempotency-Key and body (nothing was done again)",
    schema: { type: "string", enum: ["true"] },
  },
  Allow: {
    description: "The methods this path serves",
    required: true,
    schema: { type: "string" },
  },
  "X-Total-Count": {
    description: "Rows in the whole list",
    schema: { type: "integer", minimum: 0 },
  },
  Link: {
    description:
      'RFC 8288 links: rel="next" (by cursor, or by page number when the request used page/pageSize) and, by page number, rel="prev"',
    schema: { type: "string" },
  },
};

const VERSION_PARAMETER = {
  name: VERSION_HEADER,
  in: "header",
  required: false,
  description:
    "The API version (a date) the request is written for and the answer is to be in; without it, the key's version (pinned when the key was created), or the current one for a session. An unknown version is 400.",
  schema: { type: "string", enum: [...API_VERSIONS] },
};

const RATE_LIMIT_HEADERS = Object.fromEntries(
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].map((h) => [
    h,
    { $ref: `#/components/headers/${h}` },
  ]),
);

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any string of 1–255 visible characters, unique per intended action. The same key with the same body within 24 hours replays the first response without acting again (even when both arrive at once), marked `Idempotent-Replayed: true`; with a different body: 422. An answer of 400 or 422 (the input refused before anything changed) or 5xx is not kept, so the corrected request may use the same key. A secret in the first response (an API key, a signing secret) is null in the replay, with a `message` saying it was shown once.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

function webhooks(): Json {
  const out: Json = {};
  for (const type of DELIVERED_EVENTS) {
    out[type] = {
      post: {
        operationId: `webhook${type
          .split(/[._]/)
          .map((w) => w[0].toUpperCase() + w.slice(1))
          .join("")}`,
        summary:
          type === "ping"
            ? "The ping event, posted by POST /api/webhook-endpoints/{id}/test to that endpoint only (never subscribed to)"
            : `The ${type} event, posted to each endpoint subscribed to it`,
        // Our request to the receiver: authenticated by its signature header, not a scheme.
        security: [],
        parameters: [
          {
            name: "Grocery-Advance-Signature",
            in: "header",
            required: true,
            description:
              't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>; for 24 hours after the secret is rotated, a second v1 signed with the previous secret follows',
            schema: { type: "string" },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["id", "type", "created", "version", "data"],
                additionalProperties: false,
                properties: {
                  id: {
                    type: "string",
                    description: "evt_…, the same on a resend",
                  },
                  type: { type: "string", const: type },
                  created: { type: "integer", description: "Unix seconds" },
                  version: {
                    type: "string",
                    enum: [...API_VERSIONS],
                    description:
                      "The API version (Grocery-Advance-Version) the body is written in: its endpoint's apiVersion, pinned when the endpoint was added (the version that request was answered in)",
                  },
                  data: response(WEBHOOK_EVENT_DATA[type]),
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description:
              "Any 2xx acknowledges it; anything else (or no answer within 10 s) is retried with exponential backoff for 24 hours",
          },
        },
      },
    };
  }
  return out;
}
