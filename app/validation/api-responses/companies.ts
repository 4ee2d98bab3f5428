import * as z from "zod";

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

export const payScheduleResponseSchema = z.object({
  frequency: z.enum(["WEEKLY", "BIWEEKLY", "SEMIMONTHLY", "MONTHLY"]),
  nextPayDate: z.string().describe("yyyy-MM-dd"),
});
