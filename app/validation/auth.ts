import * as z from "zod";
import {
  emailField,
  optionalText,
  passwordField,
  requiredText,
} from "./common";

export const loginSchema = z.object({
  username: requiredText("Username", 50),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "Password is required"),
  remember: z
    .union([z.boolean(), z.literal("on"), z.literal("true")])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});

const registerBase = {
  username: requiredText("Username", 50),
  password: passwordField,
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  email: emailField,
};

export const employeeRegisterSchema = z.object({
  ...registerBase,
  role: z.literal("EMPLOYEE").default("EMPLOYEE"),
  department: optionalText("Department"),
});

export const employerRegisterSchema = z.object({
  ...registerBase,
  role: z.literal("EMPLOYER").default("EMPLOYER"),
  companyName: requiredText("Company name"),
});

/** POST /api/register: the role decides which of the two forms applies. */
export const registerSchema = z.discriminatedUnion("role", [
  employeeRegisterSchema.extend({ role: z.literal("EMPLOYEE") }),
  employerRegisterSchema.extend({ role: z.literal("EMPLOYER") }),
]);
export type RegisterInput = z.infer<typeof registerSchema>;

/** The employer's Add New Employee form (SPEC §5): role fixed to employee. */
export const addEmployeeSchema = z.object({
  ...registerBase,
  department: optionalText("Department"),
});
export type AddEmployeeInput = z.infer<typeof addEmployeeSchema>;

const MFA_CODE_EMPTY = "Enter the 6-digit code from your authenticator app";

/** A TOTP code ("123 456") or a recovery code ("ab3de-fg7hk"). */
export const mfaCodeField = z
  .string({ error: MFA_CODE_EMPTY })
  .trim()
  .min(1, MFA_CODE_EMPTY)
  .max(32, "That code is too long");

/** The second sign-in step on /auth. */
export const mfaStepSchema = z.object({ code: mfaCodeField });

/** POST /api/login: the form's fields and, for two-factor accounts, the code. */
export const apiLoginSchema = loginSchema.extend({
  code: mfaCodeField.optional(),
});
