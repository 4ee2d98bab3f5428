import { formatCents } from "./money";

// The product's rules and the texts that name them, in one browser-safe module that the forms
// (browser and server), the models, the seed and the pages all read (SPEC §5 advance request form,
// §9 fee, §12 limits and defaults; DESIGN §10 Layers). Messages are exactly the SPEC's words;
// where the SPEC is silent (the Company Settings bounds) they are ours (decision 0010).

/** An advance is $200 to $500 (SPEC §12), in cents. */
export const MIN_ADVANCE_CENTS = 20_000;
export const MAX_ADVANCE_CENTS = 50_000;
/** The amount input's step and the request form's starting values, in dollars. */
export const ADVANCE_STEP_DOLLARS = 10;
export const DEFAULT_REQUEST_AMOUNT = 200;
export const DEFAULT_REPAYMENT_PERIODS = 1;

/** Flat $15.99, no interest, no hidden charges (SPEC §9). */
export const PROCESSING_FEE_CENTS = 1_599;

// Company settings defaults (SPEC §12): the maximum advance is MAX_ADVANCE_CENTS ($500) itself.

/** The card's restriction text, the default of its spending limits (SPEC §3, §12). */
export const GROCERY_RESTRICTION = "Grocery stores only";

/** "$200.00", "$500.00", "$15.99": the bounds and the fee as the forms print them. */
const MIN_ADVANCE_TEXT = formatCents(MIN_ADVANCE_CENTS);
const MAX_ADVANCE_TEXT = formatCents(MAX_ADVANCE_CENTS);
/** "$200", "$500" and "$200 to $500": the range in the pages' running text. */
export const MIN_ADVANCE_WHOLE = `$${MIN_ADVANCE_CENTS / 100}`;
export const MAX_ADVANCE_WHOLE = `$${MAX_ADVANCE_CENTS / 100}`;

// The advance amount's messages (SPEC §5).
export const AMOUNT_MIN = `Minimum amount is ${MIN_ADVANCE_TEXT}`;
export const AMOUNT_MAX = `Maximum amount is ${MAX_ADVANCE_TEXT}`;

// The Company Settings form's bounds: the maximum advance is itself within the advance range,
// and the auto-approval limit within 0 and the maximum advance.
export const MAX_ADVANCE_TOO_LOW = `Maximum advance must be at least ${MIN_ADVANCE_TEXT}`;
export const MAX_ADVANCE_TOO_HIGH = `Maximum advance cannot exceed ${MAX_ADVANCE_TEXT}`;
export const APPROVAL_LIMIT_NEGATIVE = "Auto-approval limit cannot be negative";
export const APPROVAL_LIMIT_TOO_HIGH = `Auto-approval limit cannot exceed ${MAX_ADVANCE_TEXT}`;
export const APPROVAL_LIMIT_ABOVE_MAX =
  "Auto-approval limit cannot exceed the maximum advance";

/**
 * The terms of the advance program (/terms). A new version applies to later advances only:
 * each advance stores the version accepted at checkout.
 */
export const TERMS_VERSION = "2026-11-25";
export const TERMS_DATE_TEXT = "November 25, 2026";

/** Approved advances must be paid for (the fee) within this many days, else they expire. */
export const PAY_BY_DAYS = 7;

// A paid request's card (decision 0078): the recovery job, every
// CARD_RECOVERY_EVERY_MINUTES, retries a card still missing CARD_RETRY_AFTER_MINUTES after
// the payment, and gives up (fee refunded, request cancelled) on its last run inside
// CARD_GIVE_UP_MINUTES, so no paid request is left without a card or a refund past the hour.
export const CARD_RECOVERY_EVERY_MINUTES = 5;
export const CARD_RETRY_AFTER_MINUTES = 10;
export const CARD_GIVE_UP_MINUTES = 60;

// Webhooks (decision 0098): a company has at most WEBHOOK_ENDPOINTS_PER_COMPANY endpoints;
// each endpoint has one delivery in flight at a time and a company WEBHOOK_IN_FLIGHT_PER_COMPANY
// (each process runs at most WEBHOOK_CONCURRENCY, apart from mail and payroll); an endpoint is
// disabled once WEBHOOK_DISABLE_AFTER_FAILURES attempts in a row have failed, the first of them at
// least WEBHOOK_DISABLE_AFTER_HOURS before.
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 10;
export const WEBHOOK_IN_FLIGHT_PER_COMPANY = 2;
export const WEBHOOK_CONCURRENCY = 4;
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;
export const WEBHOOK_ENDPOINT_LIMIT = `A company can have at most ${WEBHOOK_ENDPOINTS_PER_COMPANY} webhook endpoints. Remove one before adding another.`;

/** Approving reserves the amount from the available balance, which must still cover it. */
export const BALANCE_NO_LONGER_COVERS =
  "The employee's available balance no longer covers this amount.";

/**
 * Why Approve is not offered for a request, or null when it is: the same rule the server
 * enforces when approving (models/approval-core), shown beside the disabled button.
 */
export function approvalBlockedReason(
  amountCents: number,
  availableBalanceCents: number,
): string | null {
  return availableBalanceCents < amountCents ? BALANCE_NO_LONGER_COVERS : null;
}

/** An offboarded employee files a request. */
export const LEFT_COMPANY =
  "You can no longer request advances: your employer has offboarded you.";

/**
 * How far ahead a leaver's last pay date may be, in the company's pay dates from today: 2 is the
 * pay date after next. The earliest is the start of today's pay cycle (the pay date before the
 * next one on or after today), and never before the leaver's latest card was issued.
 */
export const LAST_PAY_DATE_PAY_DATES_AHEAD = 2;
export const lastPayDateTooEarly = (day: string) =>
  `The last pay date cannot be before ${day}, the start of the current pay cycle.`;
export const lastPayDateTooLate = (day: string) =>
  `The last pay date cannot be after ${day}, the company's pay date after next.`;
export const lastPayDateBeforeCard = (day: string) =>
  `The last pay date cannot be before ${day}, when the employee's latest card was issued.`;
export const lastPayDateBeforeRun = (day: string) =>
  `The last pay date cannot be before ${day}: a payroll run already holds this employee's deductions of that day.`;
export const LAST_PAY_DATE_PASSED =
  "The last pay date has passed: it can no longer be changed.";

// Complaints (decision 0113): a complaint is acknowledged (moved to review) within
// COMPLAINT_ACKNOWLEDGE_DAYS and resolved within COMPLAINT_RESOLVE_DAYS of being filed; past
// either date the company's owners and admins are reminded, at most once a day.
export const COMPLAINT_ACKNOWLEDGE_DAYS = 5;
export const COMPLAINT_RESOLVE_DAYS = 30;
export const COMPLAINT_DETAILS_MAX = 2000;
export const COMPLAINT_RESOLUTION_MAX = 2000;
export const COMPLAINT_NOT_FOUND = "Complaint not found";
export const COMPLAINT_NEEDS_COMPANY =
  "Your account is not linked to an employer yet.";
export const COMPLAINT_ALREADY_RESOLVED = "This complaint is already resolved.";
export const COMPLAINT_ALREADY_IN_REVIEW =
  "This complaint is already in review.";

// Records: how long a person's records are kept after their last money
// moved, in years; the law's longest minimum in use is two (Wisconsin).
export const MIN_RETENTION_YEARS = 2;

/** How many advances in a report's period make a frequent user (Nevada's report asks for 12+). */
export const FREQUENT_USER_ADVANCES = 12;
export const MAX_RETENTION_YEARS = 10;

/**
 * A connected payroll's cut-off: the deductions of a pay date are written to the payroll system
 * this many days before it (decision 0124).
 */
export const PAYROLL_WRITE_DAYS_BEFORE = 3;

/**
 * The same for an assisted connection, whose deductions Finch's team writes by hand within 2
 * business days: two days earlier. At most 5, so a weekly payroll's write still comes after the
 * day its last pay date's amounts go back to 0.
 */
export const PAYROLL_WRITE_DAYS_BEFORE_ASSISTED = 5;
