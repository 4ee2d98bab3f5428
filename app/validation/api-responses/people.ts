import * as z from "zod";
import { dateTime, money } from "./common";

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(["EMPLOYEE", "EMPLOYER"]),
  companyName: z.string().nullable(),
  department: z.string().nullable(),
  maxAdvanceLimit: money.nullable(),
  employerId: z.number().int().nullable(),
  createdAt: dateTime,
});

export const employeeRecordSchema = z.object({
  id: z.number().int(),
  availableBalance: money.describe(
    "What the employee may still borrow: max advance − reserved (approved, no card yet) − owed, never below 0",
  ),
  payCycleEndDate: dateTime.nullable(),
  owed: money.describe(
    "What the employee owes on their advances (from the ledger): what payroll still has to collect",
  ),
  availableToRequest: money.describe(
    "availableBalance less the employee's pending requests, never below 0: the most a new request may ask",
  ),
  credit: money.describe(
    "Owed back to the employee (from the ledger): what payroll collected beyond what their cards spent",
  ),
  creditPayback: z
    .object({
      by: z
        .enum(["PAYROLL", "EMPLOYER"])
        .describe(
          "PAYROLL: added to a paycheck; EMPLOYER: paid by the employer directly (no paycheck to come)",
        ),
      payDate: z
        .string()
        .nullable()
        .describe(
          "yyyy-MM-dd: the paycheck it comes back with; null when by EMPLOYER",
        ),
    })
    .nullable()
    .describe(
      "How and when the credit comes back; null when nothing is owed back",
    ),
});

export const employeeListItemSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  availableBalance: money,
});

/** An employee as GET /api/employees lists them: whether they still work there, and until when. */
export const employeeApiItemSchema = employeeListItemSchema.extend({
  status: z
    .enum(["ACTIVE", "OFFBOARDED"])
    .describe("OFFBOARDED once the employer has recorded that they left"),
  lastPayDate: z
    .string()
    .nullable()
    .describe("yyyy-MM-dd: their last paycheck, once offboarded; else null"),
});

export const offboardedSchema = z.object({
  employeeId: z.number().int(),
  lastPayDate: z.string().describe("yyyy-MM-dd"),
  cardsClosed: z.number().int(),
  requestsCancelled: z.number().int(),
  deductionsMoved: z.number().int(),
});
