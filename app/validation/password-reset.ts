import * as z from "zod";
import { passwordField } from "./common";

// "Forgot password?" and the reset link's form.

const IDENTIFIER_REQUIRED = "Enter your username or e-mail address";
const PASSWORDS_DIFFER = "Passwords do not match";
export const RESET_SENT =
  "If an account matches what you entered, we have sent an e-mail with a link to choose a new password. The link works once, for 30 minutes.";
export const RESET_LINK_INVALID =
  "This link to reset your password has expired or has already been used. Ask for a new one.";
export const RESET_TOO_MANY =
  "Too many password reset requests. Please wait a few minutes and try again.";
export const RESET_DONE =
  "Your password was changed and every session was signed out. Sign in with your new password.";

export const forgotPasswordSchema = z.object({
  identifier: z
    .string({ error: IDENTIFIER_REQUIRED })
    .trim()
    .min(1, IDENTIFIER_REQUIRED)
    .max(254, IDENTIFIER_REQUIRED),
});

export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: RESET_LINK_INVALID })
      .min(1, RESET_LINK_INVALID)
      .max(200, RESET_LINK_INVALID),
    password: passwordField,
    confirmPassword: z.string({ error: PASSWORDS_DIFFER }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
