import * as z from "zod";
import {
  emailField,
  optionalText,
  passwordField,
  requiredText,
} from "./common";
import { US_STATES, WORK_STATE_INVALID } from "~/utils/state-rules";
import { LANGUAGES } from "~/utils/i18n";

// The company's forms: inviting an employee or a colleague, accepting an invitation, changing
// a member's role. Shared by the pages (Conform, browser and server) and the JSON API.

/**
 * Where an employee works: a US state's two letters, in any case; empty or
 * absent leaves it unknown (null).
 */
const workStateField = z
  .string({ error: WORK_STATE_INVALID })
  .trim()
  .toUpperCase()
  .refine((code) => code === "" || code in US_STATES, WORK_STATE_INVALID)
  .optional()
  .transform((code) => code || null);

/** An owner or admin records where an employee works (/employees/:id). */
export const workStateSchema = z.object({ workState: workStateField });

/**
 * The invitee's language: their mail and join page are in it. Absent:
 * the company's language.
 */
const invitationLanguageField = z
  .enum(LANGUAGES, { error: "Choose English or Spanish" })
  .optional();

const COMPANY_ROLE_VALUES = ["OWNER", "ADMIN", "APPROVER"] as const;
const ROLE_REQUIRED = "Choose a role";

/** An admin invites an employee (the employees list, POST /api/invitations). */
export const inviteEmployeeSchema = z.object({
  email: emailField,
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
  department: optionalText("Department"),
  workState: workStateField,
  language: invitationLanguageField,
});
export type InviteEmployeeInput = z.infer<typeof inviteEmployeeSchema>;

/** An owner invites a colleague (/settings/team). */
export const inviteMemberSchema = z.object({
  email: emailField,
  role: z.enum(COMPANY_ROLE_VALUES, { error: ROLE_REQUIRED }),
  language: invitationLanguageField,
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** An owner changes a member's role (/settings/team). */
export const changeRoleSchema = z.object({
  memberId: z.coerce.number({ error: "Unknown member" }).int().positive(),
  role: z.enum(COMPANY_ROLE_VALUES, { error: ROLE_REQUIRED }),
});

/** Someone not signed in accepts an invitation with a new account (/join/<token>). */
export const acceptInvitationSchema = z.object({
  username: requiredText("Username", 50),
  password: passwordField,
  firstName: requiredText("First name"),
  lastName: requiredText("Last name"),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

const JOIN_CONFIRM_ADDRESS =
  "Confirm that this invitation was sent to your address.";

/**
 * A signed-in employee joins with their existing account (/join): they confirm that the
 * address the invitation was sent to is theirs (a checkbox, so it works without JavaScript).
 */
export const joinWithAccountSchema = z.object({
  confirmAddress: z
    .string({ error: JOIN_CONFIRM_ADDRESS })
    .refine((v) => v === "on" || v === "true", JOIN_CONFIRM_ADDRESS),
});

/** One row of a roster file (/employees/import): an invitation with an employee number. */
export const rosterRowSchema = inviteEmployeeSchema.extend({
  employeeNumber: optionalText("Employee number", 50),
});
