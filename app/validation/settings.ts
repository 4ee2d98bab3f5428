import * as z from "zod";
import { parseCents } from "~/utils/money";
import { emailField, requiredText } from "./common";

// The Company Settings form (SPEC §3 company settings form, DESIGN §4 Settings). SPEC §5 says
// the validation "is not shown"; these bounds are ours (docs/decisions/0701-company-settings.md).
// The processing fee is read-only: it is not a field of this schema, so no input can set it.

export const SETTINGS_MAX_ADVANCE_MIN = 200;
export const SETTINGS_MAX_ADVANCE_MAX = 500;
export const CONTACT_PHONE_MAX = 30;

const TWO_DECIMALS = "Use at most 2 decimal places";
const hasAtMostTwoDecimals = (value: number) => parseCents(value) !== null;

const PHONE = /^[0-9+().\-\s/xext]*$/i;

export const companySettingsSchema = z
  .object({
    companyName: requiredText("Company name is required"),
    contactEmail: emailField.optional().transform((value) => value ?? ""),
    contactPhone: z
      .string()
      .trim()
      .max(
        CONTACT_PHONE_MAX,
        `Contact phone must be at most ${CONTACT_PHONE_MAX} characters`,
      )
      .refine((value) => PHONE.test(value), "Enter a valid phone number")
      .optional()
      .transform((value) => value ?? ""),
    maxAdvance: z
      .number({ error: "Enter the maximum advance in dollars" })
      .min(SETTINGS_MAX_ADVANCE_MIN, "Maximum advance must be at least $200.00")
      .max(SETTINGS_MAX_ADVANCE_MAX, "Maximum advance cannot exceed $500.00")
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS),
    approvalLimit: z
      .number({ error: "Enter the auto-approval limit in dollars" })
      .min(0, "Auto-approval limit cannot be negative")
      .max(
        SETTINGS_MAX_ADVANCE_MAX,
        "Auto-approval limit cannot exceed $500.00",
      )
      .refine(hasAtMostTwoDecimals, TWO_DECIMALS),
    notifyNewRequests: z.boolean().default(false),
    notifyMonthlyReports: z.boolean().default(false),
    notifySystemUpdates: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    // Above $500 the field's own message already applies.
    if (
      value.approvalLimit > value.maxAdvance &&
      value.approvalLimit <= SETTINGS_MAX_ADVANCE_MAX
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["approvalLimit"],
        message: "Auto-approval limit cannot exceed the maximum advance",
      });
    }
  });

export type CompanySettingsInput = z.infer<typeof companySettingsSchema>;
