import * as z from "zod";
import { idField } from "./id-field";

export const REQUEST_NOT_FOUND = "Advance request not found";
export const EMPLOYEE_NOT_FOUND = "Employee not found";
export const DECLINE_REASON_MAX = 500;
export const DECLINE_REASON_TOO_LONG = `Reason must be at most ${DECLINE_REASON_MAX} characters`;
export const DEFAULT_DECLINE_REASON = "Declined by employer";

const requestIdField = idField(REQUEST_NOT_FOUND);

/** The decline reason: optional (empty or null means the default), at most 500 characters. */
const reasonField = z
  .string({ error: "Reason must be text" })
  .trim()
  .max(DECLINE_REASON_MAX, DECLINE_REASON_TOO_LONG)
  .nullish()
  .transform((value) => (value ? value : undefined));

/** POST /api/advance-requests/{id}/decline: {reason?}. */
export const declineBodySchema = z.object({ reason: reasonField });

/** The Approve button's form (dashboard and /approvals). */
export const approveFormSchema = z.object({
  intent: z.literal("approve"),
  requestId: requestIdField,
  redirectTo: z.string().max(200).optional(),
});

/** The 'Decline Advance Request' dialog's form. */
export const declineFormSchema = z.object({
  intent: z.literal("decline"),
  requestId: requestIdField,
  reason: reasonField,
  redirectTo: z.string().max(200).optional(),
});

export const EMPLOYEES_PAGE_SIZE = 25;

/** /employees?q=&page=: anything malformed falls back to no search and the first page. */
const employeesSearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    // PostgreSQL text cannot hold NUL: such a search matches nothing anyone typed.
    .refine((value) => !value.includes("\u0000"))
    .optional()
    .catch(undefined)
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type EmployeesSearch = z.infer<typeof employeesSearchSchema>;

export function readEmployeesSearch(url: URL): EmployeesSearch {
  return employeesSearchSchema.parse({
    q: url.searchParams.get("q") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
}

const LAST_PAY_DATE_MESSAGE =
  "Enter the employee's last pay date as a date like 2026-11-27.";
const OFFBOARD_CONFIRM_MESSAGE =
  "Please confirm that this employee is leaving the company.";

/** Offboarding an employee on their detail page (POST /api/employees/{id}/offboard's body too). */
export const offboardSchema = z.object({
  lastPayDate: z
    .string({ error: LAST_PAY_DATE_MESSAGE })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, LAST_PAY_DATE_MESSAGE),
  confirm: z
    .string({ error: OFFBOARD_CONFIRM_MESSAGE })
    .refine((v) => v === "on" || v === "true", OFFBOARD_CONFIRM_MESSAGE),
});

const PAYOUT_REFERENCE_MESSAGE =
  "Keep the payment reference to 100 characters or fewer.";
const PAYOUT_CONFIRM_MESSAGE =
  "Please confirm that the company has paid this amount to the employee.";

/**
 * A leaver's credit paid by the employer (the employee's page, and
 * POST /api/employees/{id}/credit-payout's body): a reference of the payment and a confirmation.
 */
export const creditPayoutSchema = z.object({
  reference: z.string().trim().max(100, PAYOUT_REFERENCE_MESSAGE).optional(),
  confirm: z
    .string({ error: PAYOUT_CONFIRM_MESSAGE })
    .refine((v) => v === "on" || v === "true", PAYOUT_CONFIRM_MESSAGE),
});
