import * as z from "zod";
import { emailField, optionalText, requiredText } from "./common";
import { runWithFieldErrors } from "./refine";

const CURRENT_PASSWORD_REQUIRED = "Enter your current password to change it";
const NEW_PASSWORD_TOO_SHORT = "Password must be at least 6 characters";
const NEW_PASSWORD_TOO_LONG = "Password must be at most 200 characters";
const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";

/**
 * My Profile's account settings form (SPEC §2). The names, e-mail and department are always
 * saved; the password changes only when one of the password fields is filled, and then it
 * needs the current password, a new one of at least 6 characters and a matching
 * confirmation.
 */
export const profileSchema = z
  .object({
    firstName: requiredText("First name"),
    lastName: requiredText("Last name"),
    email: emailField,
    department: optionalText("Department"),
    currentPassword: z.string().max(200).optional(),
    newPassword: z.string().max(200, NEW_PASSWORD_TOO_LONG).optional(),
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    const changing = Boolean(
      value.currentPassword || value.newPassword || value.confirmPassword,
    );
    if (!changing) return;
    if (!value.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["currentPassword"],
        message: CURRENT_PASSWORD_REQUIRED,
      });
    }
    if (!value.newPassword || value.newPassword.length < 6) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: NEW_PASSWORD_TOO_SHORT,
      });
    }
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["confirmPassword"],
        message: PASSWORDS_DO_NOT_MATCH,
      });
    }
  }, runWithFieldErrors);
export type ProfileInput = z.infer<typeof profileSchema>;
export const EMAIL_CHOICES_INTENT = "email-choices";

/** The profile's language preference: a language, or none (the browser's language decides). */
export const LANGUAGE_INTENT = "language";
const LANGUAGE_CHOICES = ["en", "es", "browser"] as const;
const CHOOSE_A_LANGUAGE = "Choose a language";
export const languagePreferenceSchema = z.object({
  intent: z.literal(LANGUAGE_INTENT),
  language: z.enum(LANGUAGE_CHOICES, { error: CHOOSE_A_LANGUAGE }),
});

export const NET_PAY_INVALID =
  "Net pay must be a dollar amount from $1.00 to $99,999.99, like 1250.00, or empty";

/** The net pay form's intent on /profile. */
export const NET_PAY_INTENT = "net-pay";

/**
 * The employee's usual net pay of one paycheck (Profile, optional): dollars with at most two
 * decimals; empty clears it.
 */
export const netPaySchema = z.object({
  netPay: z
    .string({ error: NET_PAY_INVALID })
    .trim()
    .max(20, NET_PAY_INVALID)
    .optional()
    .transform((v) => v?.replace(/^\$/, "").replace(/,/g, "") ?? "")
    .refine(
      (v) =>
        v === "" ||
        (/^\d{1,5}(\.\d{1,2})?$/.test(v) && Number(v) >= 1 && Number(v) > 0),
      NET_PAY_INVALID,
    ),
});
