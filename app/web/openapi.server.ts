import { z } from "zod";
import {
  messageSchema,
  validationErrorSchema,
} from "~/validation/api-responses";
import type {
  ApiContract,
  ApiResponse,
  JsonSchema,
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
  429: "Too many sign-in attempts",
  413: "The body is over its size limit (64 KB; the webhook 512 KB), refused while it streams",
  415: "A body that is not Content-Type: application/json",
};

/** What the server checks before any endpoint runs (scripts/http-guards.js). */
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
    const operation: Json = {
      summary: e.summary,
      tags: [
        e.role === "EMPLOYER"
          ? "Employer"
          : e.role === "EMPLOYEE"
            ? "Employee"
            : "Account",
      ],
      security:
        e.role === "public" || e.role === "webhook" ? [] : [{ session: [] }],
      "x-role": e.role,
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
      description:
        'JSON API for outside callers. Bodies are JSON; money is a string with two decimals; dates are ISO 8601. Errors are {"message"} (validation adds "errors") with 400, 401, 403, 404, 409, 413, 415, 429 or 503. A body must be sent as `application/json` (415 otherwise) and is limited to 64 KB (413); a browser request from another site is refused (403). Sign in with POST /api/login and send the `__session` cookie it sets.',
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "__session" },
      },
    },
    paths,
  };
}
