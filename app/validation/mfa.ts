import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import { mfaCodeField } from "./auth";

// Settings › Security: two-factor sign-in forms (shared by the page and the server).

export const MFA_START = "mfa-start";
export const MFA_CONFIRM = "mfa-confirm";
export const MFA_CANCEL = "mfa-cancel";
export const MFA_DISABLE = "mfa-disable";
export const MFA_INTENTS = [MFA_START, MFA_CONFIRM, MFA_CANCEL, MFA_DISABLE];

export const mfaConfirmSchema = z.object({ code: mfaCodeField });

export const mfaDisableSchema = z.object({
  password: z
    .string({ error: "Enter your password" })
    .min(1, "Enter your password")
    .max(200, "Enter your password"),
  code: mfaCodeField,
});

/** What the security section (sessions, two-factor) shows after one of its posts. */
export type SecurityActionData = {
  sessionError?: string;
  confirm?: SubmissionResult<string[]>;
  disable?: SubmissionResult<string[]>;
  recoveryCodes?: string[];
};
