import * as z from "zod";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { API_SCOPES, WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { API_VERSIONS } from "~/utils/api-version";

// The JSON shapes the /api routes answer with, as zod schemas: the OpenAPI document
// (app/web/openapi.server.ts) is generated from them and from the request schemas the
// routes parse with, and the contract tests validate real responses against that document.

const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('Dollars with two decimals, e.g. "300.00"');
const dateTime = z.string().describe("ISO 8601 date-time");
const status = z.enum(["PENDING", "APPROVED", "DECLINED", "CANCELLED"]);

/**
 * What a replay of an answer that carried a secret says in its place: the secret fields are
 * null in every copy kept for an Idempotency-Key (the store never holds a secret).
 */
const secretShownOnce = z
  .string()
  .optional()
  .describe(
    "Only in a replay (Idempotent-Replayed: true): why the secret fields are null there",
  );

export const messageSchema = z
  .object({ message: z.string() })
  .describe("An error (or a plain confirmation) with a human-readable message");

export const validationErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .describe("A refusal; `errors` names the invalid fields");

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(["EMPLOYEE", "EMPLOYER"]),
  companyName: z.string().nullable(),
  department: z.string().nullable(),
  maxAdvanceLimit: money.nullable(),
  employerId: z.number().int().nullable(),
  createdAt: dateTime,
});

export const employeeRecordSchema = z.object({
  id: z.number().int(),
  availableBalance: money.describe(
    "What the employee may still borrow: max advance − reserved (approved, no card yet) − owed, never below 0",
  ),
  payCycleEndDate: dateTime.nullable(),
  owed: money.describe(
    "What the employee owes on their advances (from the ledger): what payroll still has to collect",
  ),
  availableToRequest: money.describe(
    "availableBalance less the employee's pending requests, never below 0: the most a new request may ask",
  ),
  credit: money.describe(
    "Owed back to the employee (from the ledger): what payroll collected beyond what their cards spent",
  ),
  creditPayback: z
    .object({
      by: z
        .enum(["PAYROLL", "EMPLOYER"])
        .describe(
          "PAYROLL: added to a paycheck; EMPLOYER: paid by the employer directly (no paycheck to come)",
        ),
      payDate: z
        .string()
        .nullable()
        .describe(
          "yyyy-MM-dd: the paycheck it comes back with; null when by EMPLOYER",
        ),
    })
    .nullable()
    .describe(
      "How and when the credit comes back; null when nothing is owed back",
    ),
});

export const advanceRequestSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  amount: money,
  reason: z.string().nullable(),
  status,
  repaymentPeriods: z.number().int().min(1).max(3),
  requestDate: dateTime,
  approvalDate: dateTime.nullable(),
  rejectionDate: dateTime.nullable(),
  rejectionReason: z.string().nullable(),
  approvedById: z.number().int().nullable(),
  cancelledAt: dateTime.nullable(),
  cancellationReason: z.string().nullable(),
  authorizedAmount: money
    .nullable()
    .describe(
      "Authorized on the employee's card at checkout: the processing fee (the whole advance for requests paid before fee-only checkout)",
    ),
  capturedAmount: money
    .nullable()
    .describe("Charged by card: the processing fee, when the card was issued"),
  releasedAmount: money
    .nullable()
    .describe(
      "The part of the hold released (all of it when no card was issued)",
    ),
  termsVersion: z
    .string()
    .nullable()
    .describe("The version of /terms accepted at checkout"),
  termsAcceptedAt: dateTime
    .nullable()
    .describe("When the terms were accepted (the fee's authorization)"),
});

export const pendingRequestSchema = advanceRequestSchema.extend({
  employee: z.object({
    firstName: z.string(),
    lastName: z.string(),
    department: z.string().nullable(),
    availableBalance: money,
  }),
});

export const requestSummarySchema = z.object({
  id: z.number().int(),
  status,
  amount: money,
  requestDate: dateTime,
});

export const employeeListItemSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  availableBalance: money,
});

export const deductionSchema = z.object({
  id: z.number().int(),
  amount: money,
  deductionDate: dateTime,
});

export const virtualCardSchema = z.object({
  id: z.number().int(),
  cardNumber: z
    .string()
    .describe("Masked: only the last four digits are ever stored"),
  status: z.string(),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int(),
  amount: money,
  spendingLimits: z
    .string()
    .describe(
      `JSON text: {"restrictions": "${GROCERY_RESTRICTION}", "allowedCategories": [...], "limitCents": N}`,
    ),
  createdAt: dateTime,
});

/** A card as its owner lists it: with what its purchases spent and what is left. */
export const ownCardSchema = virtualCardSchema.extend({
  spentAmount: money.describe(
    "Approved, not released purchases on the card (card authorizations)",
  ),
  remainingBalance: money.describe("amount minus spentAmount"),
});

export const cardDecisionSchema = z.object({
  approved: z.boolean(),
  reason: z
    .string()
    .nullable()
    .describe("Why the purchase was declined; null when approved"),
  authorizationId: z.number().int().describe("The stored authorization"),
});

export const realTimeAuthorizationSchema = z
  .object({ approved: z.boolean() })
  .describe(
    "The answer to Stripe's issuing_authorization.request (with a Stripe-Version header)",
  );

export const issuedCardSchema = virtualCardSchema.extend({
  requestId: z.number().int(),
});

/** POST /api/sandbox/payments: the fee is authorized; the card is issued next. */
export const sandboxPaymentResultSchema = z.object({
  advanceRequestId: z.number().int(),
  status: z
    .literal("authorized")
    .describe(
      "The processing fee is held on the test card; POST /api/create-grocery-card captures it and issues the card",
    ),
});

export const clientSecretSchema = z.object({
  clientSecret: z
    .string()
    .nullable()
    .describe(
      "For Stripe.js; null in a replay (send the request again instead)",
    ),
  paymentIntentId: z.string(),
  advanceRequestId: z.number().int(),
  message: secretShownOnce,
});

export const webhookAckSchema = z.object({
  received: z.literal(true),
  type: z.string(),
  handled: z.boolean(),
  message: z.string().optional(),
});

/** An invitation as the JSON API shows it (never its token). */
export const invitationSchema = z.object({
  id: z.number().int(),
  /** EMPLOYEE (the employees list) or MEMBER (a colleague on the team). */
  kind: z.enum(["EMPLOYEE", "MEMBER"]),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  department: z.string().nullable(),
  /** A colleague's role on the team; null for an employee. */
  role: z.enum(["OWNER", "ADMIN", "APPROVER"]).nullable(),
  status: z.enum(["PENDING", "ACCEPTED", "REVOKED", "EXPIRED"]),
  createdAt: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});

/** GET /api/advance-quote: the cost of an advance before committing (decision 0074). */
export const advanceQuoteSchema = z.object({
  amount: money,
  fee: money.describe(
    "What the employee pays at checkout: the processing fee, or 0.00 when the company pays it",
  ),
  feePaidBy: z
    .enum(["EMPLOYEE", "COMPANY"])
    .describe("Who pays the processing fee (the company's setting)"),
  total: money,
  apr: z.number(),
  schedule: z.array(z.object({ date: dateTime, amount: money })),
  termsVersion: z.string(),
  feeCappedBy: z
    .string()
    .nullable()
    .describe(
      "The employee's work state when its fee cap lowered the fee (the fee is then the cap), else null",
    ),
});

export const payScheduleResponseSchema = z.object({
  frequency: z.enum(["WEEKLY", "BIWEEKLY", "SEMIMONTHLY", "MONTHLY"]),
  nextPayDate: z.string().describe("yyyy-MM-dd"),
});

/** A run in the list of runs: its figures without its deductions. */
export const payrollRunSummarySchema = z.object({
  id: z.number().int(),
  payDate: z.string().describe("yyyy-MM-dd"),
  status: z.enum(["SUBMITTED", "RECONCILED"]),
  total: money.describe("The sum of the run's deductions"),
  deductionCount: z.number().int(),
});

/** An employee as GET /api/employees lists them: whether they still work there, and until when. */
export const employeeApiItemSchema = employeeListItemSchema.extend({
  status: z
    .enum(["ACTIVE", "OFFBOARDED"])
    .describe("OFFBOARDED once the employer has recorded that they left"),
  lastPayDate: z
    .string()
    .nullable()
    .describe("yyyy-MM-dd: their last paycheck, once offboarded; else null"),
});

export const payrollRunSchema = z.object({
  id: z.number().int(),
  payDate: z.string().describe("yyyy-MM-dd"),
  status: z.enum(["SUBMITTED", "RECONCILED"]),
  total: money.describe("The sum of the run's deductions"),
  deductions: z.array(
    z.object({
      id: z.number().int(),
      employeeId: z.number().int(),
      employeeName: z.string(),
      amount: money,
      status: z
        .enum(["SUBMITTED", "COLLECTED", "MISSED", "WRITTEN_OFF", "SCHEDULED"])
        .describe(
          "SUBMITTED until a result is recorded; COLLECTED (in full or in part: the rest is an arrears deduction on the next pay date), MISSED (nothing collected: all of it in arrears)",
        ),
      collectedAmount: money
        .nullable()
        .describe(
          "What payroll collected for it; null until its result is recorded",
        ),
      shortfall: money.describe(
        "amount − collectedAmount once the result is recorded (0.00 before)",
      ),
      arrearsDeductionId: z
        .number()
        .int()
        .nullable()
        .describe(
          "The deduction on a later pay date that carries the shortfall (null when there is none)",
        ),
      writtenOffAmount: money.describe(
        "The part of the shortfall written off after the employee's last paycheck",
      ),
    }),
  ),
  reimbursementTotal: money.describe(
    "The sum of the run's reimbursement lines: money to add to paychecks",
  ),
  reimbursements: z
    .array(
      z.object({
        id: z.number().int(),
        employeeId: z.number().int(),
        employeeName: z.string(),
        amount: money.describe(
          "A credit owed back to the employee, to add to this paycheck",
        ),
        status: z
          .enum(["SUBMITTED", "PAID", "NOT_PAID"])
          .describe(
            "SUBMITTED until the run's results are recorded; then PAID (posted to the ledger), or NOT_PAID when the results say the payroll did not pay it (the credit stays owed and goes on the next run)",
          ),
      }),
    )
    .describe(
      "Credits the program owes employees (collected beyond what their cards spent), paid back with this run's paychecks",
    ),
});

/** The `deduction.collected` webhook's data: the run's deduction, with its run and pay date. */
export const deductionCollectedSchema =
  payrollRunSchema.shape.deductions.element.extend({
    payrollRunId: z.number().int(),
    payDate: z.string().describe("yyyy-MM-dd"),
  });

export const offboardedSchema = z.object({
  employeeId: z.number().int(),
  lastPayDate: z.string().describe("yyyy-MM-dd"),
  cardsClosed: z.number().int(),
  requestsCancelled: z.number().int(),
  deductionsMoved: z.number().int(),
});

/** An API key as GET /api/api-keys lists it (never its secret). */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The secret's first characters, to tell keys apart. */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

/** POST /api/api-keys: the new key with its secret, shown this once. */
export const createdApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The secret (`ga_…`): send it as `Authorization: Bearer <key>`. Never shown again. */
  key: z
    .string()
    .nullable()
    .describe(
      "The secret (ga_…), in the first answer only; null in a replay of it",
    ),
  createdAt: z.string(),
  message: secretShownOnce,
});

/** A webhook endpoint as the API lists it (its secret only when it is created). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  consecutiveFailures: z
    .number()
    .int()
    .describe("Failed delivery attempts in a row (0 after a success)"),
  failingSince: z
    .string()
    .nullable()
    .describe("When the current run of failures began; null when none"),
  disabledAt: z
    .string()
    .nullable()
    .describe(
      "When it was disabled (after failing, or turned off by enabled: false); it gets no events until enabled again",
    ),
  disabledReason: z
    .string()
    .nullable()
    .describe(
      "Why it was disabled (failed deliveries in a row, since when; or turned off) and how to enable it again (POST /api/webhook-endpoints/{id}/enable); null while enabled",
    ),
  description: z.string().nullable(),
  rotationOverlapEndsAt: z
    .string()
    .nullable()
    .describe(
      "After a rotation: until when the previous secret still signs each delivery (a second v1); null otherwise",
    ),
  apiVersion: z
    .enum(API_VERSIONS)
    .describe(
      "The API version (Grocery-Advance-Version) every body delivered to it is written in, as its `version`: the version the request that added it was answered in (the key's pinned version unless it named another), pinned then",
    ),
});

/** One delivery of an event to an endpoint, as its delivery log lists it. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string().describe("evt_…: the same on a redelivery"),
  type: z.string().describe("The event type, or ping"),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int().describe("Attempts made so far"),
  lastAttemptAt: dateTime.nullable(),
  lastStatusCode: z
    .number()
    .int()
    .nullable()
    .describe("The HTTP status the endpoint answered last; null without one"),
  lastError: z
    .string()
    .nullable()
    .describe(
      'Why the last attempt failed, in plain words ("connection refused", "timed out", "the endpoint answered HTTP 500"); null after a success or before any attempt',
    ),
  nextAttemptAt: dateTime
    .nullable()
    .describe("When the next attempt is due while pending; else null"),
  createdAt: dateTime,
  deliveredAt: dateTime.nullable(),
});

export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({
  /** Signs every delivery (Grocery-Advance-Signature); shown this once. */
  secret: z
    .string()
    .nullable()
    .describe(
      "Signs every delivery (whsec_…), in the first answer only; null in a replay of it",
    ),
  message: secretShownOnce,
});

export const cardDisplayKeyResponseSchema = z.object({
  issuingCard: z.string().describe("The Stripe Issuing card the key shows"),
  ephemeralKeySecret: z
    .string()
    .nullable()
    .describe(
      "For Stripe.js's Issuing Elements only; never stored or logged by this server (null in a replay)",
    ),
  expiresAt: dateTime,
  message: secretShownOnce,
});

/** A leaver's credit paid by the employer (POST /api/employees/{id}/credit-payout). */
export const creditPayoutResponseSchema = z.object({
  payoutId: z.number().int(),
  employeeId: z.number().int(),
  amount: money.describe("What was paid: the employee's whole credit"),
  method: z.enum(["RECORDED"]),
  reference: z.string().nullable(),
  paidAt: dateTime,
});

/** A complaint as the JSON API shows it (docs/decisions/0113). */
export const complaintSchema = z.object({
  id: z.number().int(),
  reference: z
    .string()
    .describe("What the employee quotes: CMP- and 8 characters"),
  category: z.enum(["ADVANCE", "DEDUCTION", "CARD_PURCHASE", "OTHER"]),
  details: z.string(),
  subjectReference: z.string().nullable(),
  status: z.enum(["RECEIVED", "IN_REVIEW", "RESOLVED"]),
  resolution: z.string().nullable(),
  createdAt: dateTime,
  acknowledgeBy: dateTime,
  resolveBy: dateTime,
  reviewedAt: dateTime.nullable(),
  resolvedAt: dateTime.nullable(),
  late: z
    .boolean()
    .describe(
      "Open and past its acknowledge-by (while received) or resolve-by date",
    ),
});

/** In the company's queue: who filed it too. */
export const queuedComplaintSchema = complaintSchema.extend({
  employee: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
