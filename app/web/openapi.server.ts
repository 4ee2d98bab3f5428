import { z } from "zod";
import {
  advanceRequestSchema,
  employeeListItemSchema,
  deductionCollectedSchema,
  messageSchema,
  validationErrorSchema,
  virtualCardSchema,
} from "~/validation/api-responses";
import { WEBHOOK_EVENTS, type WebhookEvent } from "~/utils/api-scopes";
import {
  scopeFor,
  type ApiContract,
  type ApiResponse,
  type JsonSchema,
} from "./api-contract.server";

// The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json, readable at /api/docs),
// built from the endpoints' contracts only (app/web/api-contract.server.ts): the same zod
// schemas the routes parse requests with, and the response schemas of
// app/validation/api-responses.ts.

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
  403: "Signed in with the wrong role, or not allowed",
  404: "Not found (or another employer's/employee's record)",
  402: "The card payment was declined",
  409: "Conflicts with the current state (already decided, cancelled or paid for, balance, taken username)",
  422: "The Idempotency-Key was already used with a different request",
  429: "Too many sign-in attempts, or too many requests with this API key (see Retry-After)",
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
    const succeeded = {
      description: ok.description,
      content: { [ok.contentType]: { schema: ok.schema } },
    };
    const status = e.status ?? 200;
    const responses: Json = { [status]: succeeded };
    if (e.alsoStatus) responses[e.alsoStatus] = succeeded;
    // Every non-GET request passes the server's guards first: cross-site refusal (403), the
    // JSON content type (415) and the streamed body limit (413).
    const guarded = method === "get" ? [] : [403, 413, 415];
    for (const status of [...new Set([...e.errors, ...guarded, 503])]) {
      responses[status] = {
        description:
          status === 403 && !e.errors.includes(403)
            ? CROSS_SITE
            : (STATUS_TEXT[status] ?? "The database is unavailable"),
        content: {
          "application/json": {
            schema: response(
              status === 400 ? validationErrorSchema : messageSchema,
            ),
          },
        },
      };
    }
    const scope = e.role === "EMPLOYER" ? scopeFor(e) : null;
    const signed = e.role !== "public" && e.role !== "webhook";
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
    if (e.path.includes("{id}")) {
      operation.parameters = [
        {
          name: "id",
          in: "path",
          required: true,
          schema: { type: "integer", minimum: 1 },
        },
      ];
    }
    if (e.paged) {
      operation.parameters = [
        {
          name: "page",
          in: "query",
          schema: { type: "integer", minimum: 1, default: 1 },
        },
        {
          name: "pageSize",
          in: "query",
          schema: { type: "integer", minimum: 1, maximum: 500, default: 100 },
        },
      ];
      (responses[status] as Json).headers = {
        "X-Total-Count": {
          description: "Rows in the whole list",
          schema: { type: "integer" },
        },
        Link: {
          description: "rel=next / rel=prev page links",
          schema: { type: "string" },
        },
      };
    }
    if (signed && method !== "get") {
      operation.parameters = [
        ...((operation.parameters as Json[] | undefined) ?? []),
        IDEMPOTENCY_KEY,
      ];
      for (const status of [400, 422])
        responses[status] ??= {
          description: STATUS_TEXT[status],
          content: {
            "application/json": {
              schema: response(
                status === 400 ? validationErrorSchema : messageSchema,
              ),
            },
          },
        };
    }
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
        'JSON API for outside callers. Bodies are JSON; money is a string with two decimals; dates are ISO 8601. Errors are {"message"} (validation adds "errors") with 400, 401, 403, 404, 409, 413, 415, 429 or 503. A body must be sent as `application/json` (415 otherwise) and is limited to 64 KB (413); a browser request from another site is refused (403). Outside systems send a company API key: `Authorization: Bearer ga_…` (made by an owner on /settings/api), which acts as the company\'s employer side within its scopes (each operation names its scope in `x-scope`; a missing scope is 403 naming it), rate-limited per key (429 with Retry-After); a person signs in with POST /api/login and sends the `__session` cookie it sets. Every write takes an `Idempotency-Key` header: the same key with the same body within 24 hours replays the first response (`Idempotent-Replayed: true`), another body is 422. Events reach your endpoints as signed webhooks (see `webhooks`): verify `Grocery-Advance-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint\'s secret>`.',
    },
    servers: [{ url: "/" }],
    components: {
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
export function operationId(method: string, path: string): string {
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

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Any string of 1–255 visible characters, unique per intended action. The same key with the same body within 24 hours replays the first response without acting again (even when both arrive at once); with a different body: 422.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** Each event's `data`: the record as the API returns it. */
const EVENT_DATA: Partial<Record<WebhookEvent, z.ZodType>> = {
  "advance_request.created": advanceRequestSchema,
  "advance_request.approved": advanceRequestSchema,
  "advance_request.declined": advanceRequestSchema,
  "advance_request.cancelled": advanceRequestSchema,
  "card.issued": virtualCardSchema,
  "card.closed": virtualCardSchema,
  "employee.joined": employeeListItemSchema,
  "employee.offboarded": employeeListItemSchema,
  "deduction.collected": deductionCollectedSchema,
};

function webhooks(): Json {
  const out: Json = {};
  for (const type of WEBHOOK_EVENTS) {
    const data = EVENT_DATA[type];
    out[type] = {
      post: {
        operationId: `webhook${type
          .split(/[._]/)
          .map((w) => w[0].toUpperCase() + w.slice(1))
          .join("")}`,
        summary: `The ${type} event, posted to each endpoint subscribed to it`,
        // Our request to the receiver: authenticated by its signature header, not a scheme.
        security: [],
        parameters: [
          {
            name: "Grocery-Advance-Signature",
            in: "header",
            required: true,
            description:
              't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>',
            schema: { type: "string" },
          },
        ],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["id", "type", "created", "data"],
                properties: {
                  id: {
                    type: "string",
                    description: "evt_…, the same on a resend",
                  },
                  type: { type: "string", const: type },
                  created: { type: "integer", description: "Unix seconds" },
                  data: data
                    ? response(data)
                    : {
                        type: "object",
                        description: "The record as the API returns it",
                      },
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
