import {
  fitsFrequency,
  isIsoDay,
  PAY_FREQUENCY_VALUES,
  type PayFrequency,
} from "~/utils/pay-schedule";
import * as z from "zod";
import { parseCents } from "~/utils/money";
import {
  APPROVAL_LIMIT_ABOVE_MAX,
  APPROVAL_LIMIT_NEGATIVE,
  APPROVAL_LIMIT_TOO_HIGH,
  MAX_ADVANCE_CENTS,
  MAX_ADVANCE_TOO_HIGH,
  MAX_ADVANCE_TOO_LOW,
  MIN_ADVANCE_CENTS,
  MAX_RETENTION_YEARS,
} from "~/utils/rules";
import { emailField, requiredText, singleLine } from "./common";
import {
  COOLING_OFF_INVALID,
  MIN_PAYCHECK_LEFT_INVALID,
  PER_YEAR_INVALID,
  retentionInvalid,
} from "~/utils/state-rules";

// The Company Settings form (SPEC §3 company settings form, DESIGN §4 Settings). SPEC §5 says
// the validation "is not shown"; these bounds are ours.
// The processing fee is read-only: it is not a field of this schema, so no input can set it.

/** The maximum advance a company may set, in dollars: the advance range itself. */
export const SETTINGS_MAX_ADVANCE_MIN = MIN_ADVANCE_CENTS / 100;
export const SETTINGS_MAX_ADVANCE_MAX = MAX_ADVANCE_CENTS / 100;
export const CONTACT_PHONE_MAX = 30;

export const TWO_DECIMALS = "Use at most 2 decimal places";
const hasAtMostTwoDecimals = (value: number) => parseCents(value) !== null;

const PHONE = /^[0-9+().\-\s/xext]*$/i;

export const companySettingsSchema = z
  .object({
    companyName: requiredText("Company name"),
    contactEmail: emailField.optional().transform((value) => value ?? ""),
    contactPhone: singleLine("Contact phone")
      .max(
        CONTACT_PHONE_MAX,
        `Contact phone must be at most ${CONTACT_PHONE_MAX} characters`,
      )
      .refine((value) => PHONE.test(value), "Enter a valid phone number")
      .optional()
      .transform((value) => value ?? ""),
    maxAdvance: z
      .number({ error: "Enter the maximum advance in dollars" })
      .min(SETTINGS_MAX_ADVANCE_MIN, MAX_ADVANCE_TOO_LOW)
      .max(SETTINGS_MAX_ADVANCE_MAX, MAX_ADVANCE_TOO_HIGH)
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS),
    approvalLimit: z
      .number({ error: "Enter the auto-approval limit in dollars" })
      .min(0, APPROVAL_LIMIT_NEGATIVE)
      .max(SETTINGS_MAX_ADVANCE_MAX, APPROVAL_LIMIT_TOO_HIGH)
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS),
    notifyNewRequests: z.boolean().default(false),
    notifyMonthlyReports: z.boolean().default(false),
    notifySystemUpdates: z.boolean().default(false),
    // The company pays each advance's processing fee; its employees pay nothing.
    companyPaysFee: z.boolean().default(false),
    // Limits on repeat use; a caller that leaves them out keeps them as they are.
    coolingOffDays: z
      .number({ error: COOLING_OFF_INVALID })
      .int(COOLING_OFF_INVALID)
      .min(0, COOLING_OFF_INVALID)
      .max(90, COOLING_OFF_INVALID)
      .optional(),
    maxAdvancesPerYear: z
      .number({ error: PER_YEAR_INVALID })
      .int(PER_YEAR_INVALID)
      .min(1, PER_YEAR_INVALID)
      .max(52, PER_YEAR_INVALID)
      .optional(),
    // The share of a known net pay an advance must leave of the next paycheck.
    minPaycheckLeftPercent: z
      .number({ error: MIN_PAYCHECK_LEFT_INVALID })
      .int(MIN_PAYCHECK_LEFT_INVALID)
      .min(0, MIN_PAYCHECK_LEFT_INVALID)
      .max(90, MIN_PAYCHECK_LEFT_INVALID)
      .optional(),
  })
  .superRefine((value, ctx) => {
    // Above the maximum the field's own message already applies.
    if (
      value.approvalLimit > value.maxAdvance &&
      value.approvalLimit <= SETTINGS_MAX_ADVANCE_MAX
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["approvalLimit"],
        message: APPROVAL_LIMIT_ABOVE_MAX,
      });
    }
  });

export type CompanySettingsInput = z.infer<typeof companySettingsSchema>;

/** The records retention form's intent on /settings. */
export const RETENTION_INTENT = "retention";

/**
 * The records retention (owners, /settings): whole years from `min` (the longest minimum of the
 * company's states, never under two) to ten. The page hands the browser its `min`, so both
 * sides check the same range with the same message.
 */
export const retentionSchema = (min: number) => {
  const message = retentionInvalid(min);
  return z.object({
    retentionYears: z
      .number({ error: message })
      .int(message)
      .min(min, message)
      .max(MAX_RETENTION_YEARS, message),
  });
};

// The pay schedule (DESIGN §4 Settings; the /settings page and PUT /api/pay-schedule).
const PAY_FREQUENCY_MESSAGE =
  "Choose how often the company pays: WEEKLY, BIWEEKLY, SEMIMONTHLY or MONTHLY.";
export const PAY_DATE_FORMAT =
  "Enter the next pay date as a date like 2026-11-27.";
export const PAY_DATE_PAST = "The next pay date cannot be in the past.";
export const PAY_SCHEDULE_FROM_PAYROLL =
  "Your pay schedule comes from your connected payroll system, and its next sync sets it back. Confirm to change it anyway.";
const PAY_DATE_SEMIMONTHLY =
  "A semi-monthly schedule pays on the 15th and on the last day of the month.";
const PAY_DATE_MONTHLY =
  "A monthly schedule pays on the last day of the month.";

export const payScheduleSchema = z
  .object({
    frequency: z.enum(
      PAY_FREQUENCY_VALUES as [PayFrequency, ...PayFrequency[]],
      {
        error: PAY_FREQUENCY_MESSAGE,
      },
    ),
    nextPayDate: z
      .string({ error: PAY_DATE_FORMAT })
      .trim()
      .refine(isIsoDay, PAY_DATE_FORMAT),
    /** "payroll": change it although a connected payroll system sets it (the confirm step). */
    confirm: z
      .enum(["payroll"])
      .optional()
      .describe(
        '"payroll": change the schedule although a connected payroll system sets it (its next sync sets it back). Without it, a connected company\'s change is refused with 409',
      ),
  })
  .superRefine((value, ctx) => {
    if (!isIsoDay(value.nextPayDate)) return;
    if (!fitsFrequency(value.frequency, value.nextPayDate))
      ctx.addIssue({
        code: "custom",
        path: ["nextPayDate"],
        message:
          value.frequency === "MONTHLY"
            ? PAY_DATE_MONTHLY
            : PAY_DATE_SEMIMONTHLY,
      });
  });
