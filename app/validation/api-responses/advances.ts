import * as z from "zod";
import { dateTime, money, status } from "./common";

export const advanceRequestSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  amount: money,
  reason: z.string().nullable(),
  status,
  repaymentPeriods: z.number().int().min(1).max(3),
  requestDate: dateTime,
  approvalDate: dateTime.nullable(),
  rejectionDate: dateTime.nullable(),
  rejectionReason: z.string().nullable(),
  approvedById: z.number().int().nullable(),
  cancelledAt: dateTime.nullable(),
  cancellationReason: z.string().nullable(),
  authorizedAmount: money
    .nullable()
    .describe(
      "Authorized on the employee's card at checkout: the processing fee (the whole advance for requests paid before fee-only checkout)",
    ),
  capturedAmount: money
    .nullable()
    .describe("Charged by card: the processing fee, when the card was issued"),
  releasedAmount: money
    .nullable()
    .describe(
      "The part of the hold released (all of it when no card was issued)",
    ),
  termsVersion: z
    .string()
    .nullable()
    .describe("The version of /terms accepted at checkout"),
  termsAcceptedAt: dateTime
    .nullable()
    .describe("When the terms were accepted (the fee's authorization)"),
});

export const pendingRequestSchema = advanceRequestSchema.extend({
  employee: z.object({
    firstName: z.string(),
    lastName: z.string(),
    department: z.string().nullable(),
    availableBalance: money,
  }),
});

export const requestSummarySchema = z.object({
  id: z.number().int(),
  status,
  amount: money,
  requestDate: dateTime,
});

/** GET /api/advance-quote: the cost of an advance before committing. */
export const advanceQuoteSchema = z.object({
  amount: money,
  fee: money.describe(
    "What the employee pays at checkout: the processing fee, or 0.00 when the company pays it",
  ),
  feePaidBy: z
    .enum(["EMPLOYEE", "COMPANY"])
    .describe("Who pays the processing fee (the company's setting)"),
  total: money,
  apr: z.number(),
  schedule: z.array(z.object({ date: dateTime, amount: money })),
  termsVersion: z.string(),
  feeCappedBy: z
    .string()
    .nullable()
    .describe(
      "The employee's work state when its fee cap lowered the fee (the fee is then the cap), else null",
    ),
});
