import { z } from "zod";
import { requestApiSchema } from "~/validation/advance";
import {
  advanceRequestSchema,
  clientSecretSchema,
  deductionSchema,
  issuedCardSchema,
  employeeListItemSchema,
  employeeRecordSchema,
  messageSchema,
  ownCardSchema,
  cardDecisionSchema,
  realTimeAuthorizationSchema,
  pendingRequestSchema,
  requestSummarySchema,
  userSchema,
  validationErrorSchema,
  webhookAckSchema,
} from "~/validation/api-responses";
import {
  addEmployeeSchema,
  apiLoginSchema,
  registerSchema,
} from "~/validation/auth";
import { sandboxAuthorizationSchema } from "~/validation/card";
import { declineBodySchema } from "~/validation/employer";
import {
  createGroceryCardSchema,
  createPaymentIntentSchema,
} from "~/validation/checkout";

// The OpenAPI 3.1 document of the JSON API (GET /api/openapi.json, readable at /api/docs),
// generated from the same zod schemas the routes parse requests with and the response
// schemas of app/validation/api-responses.ts.

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

type Endpoint = {
  method: "get" | "post";
  path: string;
  summary: string;
  role: "public" | "any" | "EMPLOYEE" | "EMPLOYER" | "webhook";
  body?: z.ZodType | Json;
  ok: {
    status: number;
    schema: Json;
    description?: string;
    contentType?: string;
    /** Another success status with the same body (e.g. 200 for an existing card). */
    alsoStatus?: number;
  };
  errors: number[];
  /** A paged list: ?page and ?pageSize, with X-Total-Count and Link headers. */
  paged?: boolean;
};

const list = (s: z.ZodType) => response(z.array(s));

export const ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api/user",
    summary: "The signed-in user (401 when signed out)",
    role: "any",
    ok: { status: 200, schema: response(userSchema) },
    errors: [401],
  },
  {
    method: "post",
    path: "/api/login",
    summary:
      "Sign in; sets the session cookie (a server-side session: idle and absolute timeouts, ended by logout or a password change). An employer with two-factor sign-in sends `code` too (the 6-digit TOTP code or a recovery code; each accepted once): without it the answer is 401 saying a code is required",
    role: "public",
    body: apiLoginSchema,
    ok: { status: 200, schema: response(userSchema) },
    errors: [400, 401, 429],
  },
  {
    method: "post",
    path: "/api/register",
    summary:
      "Register (signs the new user in). With `employerId`, a signed-in employer adds an employee: the employer comes from the session and its session is unchanged",
    role: "public",
    body: {
      oneOf: [
        request(registerSchema),
        request(addEmployeeSchema.extend({ employerId: z.unknown() })),
      ],
    },
    ok: { status: 201, schema: response(userSchema) },
    errors: [400, 401, 403, 409],
  },
  {
    method: "post",
    path: "/api/logout",
    summary: "Sign out; revokes the server-side session and clears the cookie",
    role: "public",
    ok: { status: 200, schema: response(messageSchema) },
    errors: [],
  },
  {
    method: "get",
    path: "/api/employee",
    summary: "The signed-in employee's record",
    role: "EMPLOYEE",
    ok: { status: 200, schema: response(employeeRecordSchema) },
    errors: [401, 403, 404],
  },
  {
    method: "get",
    path: "/api/advance-requests/employee",
    summary: "The signed-in employee's requests, newest first",
    role: "EMPLOYEE",
    ok: { status: 200, schema: list(advanceRequestSchema) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/advance-requests",
    summary:
      "Request an advance ($200–$500, 1–3 periods); under the company's auto-approval limit it is approved at once",
    role: "EMPLOYEE",
    body: requestApiSchema,
    ok: { status: 201, schema: response(advanceRequestSchema) },
    errors: [400, 401, 403],
  },
  {
    method: "get",
    path: "/api/payroll-deductions/upcoming",
    summary: "The signed-in employee's unpaid deductions, earliest first",
    role: "EMPLOYEE",
    ok: { status: 200, schema: list(deductionSchema) },
    errors: [401, 403],
  },
  {
    method: "get",
    path: "/api/virtual-cards",
    summary:
      "The signed-in employee's grocery cards, each with its spent amount and remaining balance",
    role: "EMPLOYEE",
    ok: { status: 200, schema: list(ownCardSchema) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/virtual-cards/{id}/freeze",
    summary:
      "Freeze the caller's own card: every purchase is declined until it is unfrozen (with Stripe, the Issuing card becomes inactive). Repeating it changes nothing",
    role: "EMPLOYEE",
    ok: { status: 200, schema: response(ownCardSchema) },
    errors: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/virtual-cards/{id}/unfreeze",
    summary:
      "Unfreeze the caller's own card (with Stripe, the Issuing card becomes active again)",
    role: "EMPLOYEE",
    ok: { status: 200, schema: response(ownCardSchema) },
    errors: [401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/sandbox/card-authorizations",
    summary:
      "Sandbox only (404 with Stripe): a simulated purchase on the caller's own card, decided like a real one: approved only at grocery stores (`grocery_stores_supermarkets`), while the card is active, up to its remaining balance. `amount` in dollars; `merchantCategory` a Stripe category name. Stored either way",
    role: "EMPLOYEE",
    body: sandboxAuthorizationSchema,
    ok: { status: 200, schema: response(cardDecisionSchema) },
    errors: [400, 401, 403, 404],
  },
  {
    method: "get",
    path: "/api/employees",
    summary: "The employer's employees",
    role: "EMPLOYER",
    ok: { status: 200, schema: list(employeeListItemSchema) },
    errors: [400, 401, 403],
    paged: true,
  },
  {
    method: "get",
    path: "/api/advance-requests/pending",
    summary: "The employer's pending requests, each with its employee",
    role: "EMPLOYER",
    ok: { status: 200, schema: list(pendingRequestSchema) },
    errors: [400, 401, 403],
    paged: true,
  },
  {
    method: "get",
    path: "/api/advance-requests/all",
    summary: "All of the employer's requests",
    role: "EMPLOYER",
    ok: { status: 200, schema: list(advanceRequestSchema) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/advance-requests/{id}/approve",
    summary:
      "Approve a pending request: the amount is reserved from the employee's available balance (the deduction schedule is made when the card is issued)",
    role: "EMPLOYER",
    ok: { status: 200, schema: response(advanceRequestSchema) },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/advance-requests/{id}/decline",
    summary:
      "Decline a pending request (reason defaults to 'Declined by employer')",
    role: "EMPLOYER",
    body: declineBodySchema,
    ok: { status: 200, schema: response(advanceRequestSchema) },
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/advance-requests/{id}/cancel",
    summary:
      "The employee cancels their own PENDING request, or an APPROVED one not paid for yet (no body): status CANCELLED, an approved amount goes back to the available balance once. Declined, paid for or already cancelled: 409",
    role: "EMPLOYEE",
    ok: { status: 200, schema: response(advanceRequestSchema) },
    errors: [401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/employer/advance-requests",
    summary: "The employer's requests for reports",
    role: "EMPLOYER",
    ok: { status: 200, schema: list(requestSummarySchema) },
    errors: [401, 403],
  },
  {
    method: "post",
    path: "/api/create-payment-intent",
    summary:
      "Create (or reuse) the payment intent of the caller's approved, unpaid request; `amount` in dollars. The intent only authorizes (a hold for the advance amount, manual capture): the processing fee alone is captured when the card is issued and the rest of the hold is released",
    role: "EMPLOYEE",
    body: createPaymentIntentSchema,
    ok: { status: 200, schema: response(clientSecretSchema) },
    errors: [400, 401, 402, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/create-grocery-card",
    summary:
      "Issue the grocery-only card once the hold is placed (201): captures only the processing fee from the hold (the rest is released) and creates the repayment schedule. A repeat returns the existing card (200). If the card cannot be issued, the hold is cancelled, nothing is charged and the request is cancelled (503)",
    role: "EMPLOYEE",
    body: createGroceryCardSchema,
    ok: { status: 201, schema: response(issuedCardSchema), alsoStatus: 200 },
    errors: [400, 401, 402, 403, 404, 409],
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    summary:
      "Stripe webhook (signature checked with STRIPE_WEBHOOK_SECRET); payment_intent.amount_capturable_updated (the hold is placed) issues the card, captures the fee and creates the repayment schedule, once; payment_intent.succeeded finds it done; issuing_authorization.request is answered {approved} within 2 s (the card's rules); issuing_authorization.created/updated and issuing_transaction.created record outcomes",
    role: "webhook",
    body: { type: "object", description: "A Stripe event" },
    ok: {
      status: 200,
      schema: {
        oneOf: [
          response(webhookAckSchema),
          response(realTimeAuthorizationSchema),
        ],
      },
    },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/events",
    summary:
      "Server-Sent Events: the signed-in user's own changes (`event: change`, data {type, requestId, at}); heartbeat every 15 s",
    role: "any",
    ok: {
      status: 200,
      schema: { type: "string" },
      contentType: "text/event-stream",
      description: "An event stream",
    },
    errors: [401],
  },
];

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

export function openApiDocument(): Json {
  const paths: Json = {};
  for (const e of ENDPOINTS) {
    const success = {
      description: e.ok.description ?? "Success",
      content: {
        [e.ok.contentType ?? "application/json"]: { schema: e.ok.schema },
      },
    };
    const responses: Json = { [e.ok.status]: success };
    if (e.ok.alsoStatus) responses[e.ok.alsoStatus] = success;
    // Every non-GET request passes the server's guards first: cross-site refusal (403), the
    // JSON content type (415) and the streamed body limit (413).
    const guarded = e.method === "get" ? [] : [403, 413, 415];
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
      (responses[e.ok.status] as Json).headers = {
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
      const bodySchema = e.body instanceof z.ZodType ? request(e.body) : e.body;
      operation.requestBody = {
        required:
          e.method === "post" &&
          e.path !== "/api/advance-requests/{id}/decline",
        content: { "application/json": { schema: bodySchema } },
      };
    }
    paths[e.path] = {
      ...(paths[e.path] as Json | undefined),
      [e.method]: operation,
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
