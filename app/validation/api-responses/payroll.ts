import * as z from "zod";
import { dateTime, money } from "./common";

export const deductionSchema = z.object({
  id: z.number().int(),
  amount: money,
  deductionDate: dateTime,
});

/** A run in the list of runs: its figures without its deductions. */
export const payrollRunSummarySchema = z.object({
  id: z.number().int(),
  payDate: z.string().describe("yyyy-MM-dd"),
  status: z.enum(["SUBMITTED", "RECONCILED"]),
  total: money.describe("The sum of the run's deductions"),
  deductionCount: z.number().int(),
});

export const payrollRunSchema = z.object({
  id: z.number().int(),
  payDate: z.string().describe("yyyy-MM-dd"),
  status: z.enum(["SUBMITTED", "RECONCILED"]),
  total: money.describe("The sum of the run's deductions"),
  deductions: z.array(
    z.object({
      id: z.number().int(),
      employeeId: z.number().int(),
      employeeName: z.string(),
      amount: money,
      status: z
        .enum(["SUBMITTED", "COLLECTED", "MISSED", "WRITTEN_OFF", "SCHEDULED"])
        .describe(
          "SUBMITTED until a result is recorded; COLLECTED (in full or in part: the rest is an arrears deduction on the next pay date), MISSED (nothing collected: all of it in arrears)",
        ),
      collectedAmount: money
        .nullable()
        .describe(
          "What payroll collected for it; null until its result is recorded",
        ),
      shortfall: money.describe(
        "amount − collectedAmount once the result is recorded (0.00 before)",
      ),
      arrearsDeductionId: z
        .number()
        .int()
        .nullable()
        .describe(
          "The deduction on a later pay date that carries the shortfall (null when there is none)",
        ),
      writtenOffAmount: money.describe(
        "The part of the shortfall written off after the employee's last paycheck",
      ),
    }),
  ),
  reimbursementTotal: money.describe(
    "The sum of the run's reimbursement lines: money to add to paychecks",
  ),
  reimbursements: z
    .array(
      z.object({
        id: z.number().int(),
        employeeId: z.number().int(),
        employeeName: z.string(),
        amount: money.describe(
          "A credit owed back to the employee, to add to this paycheck",
        ),
        status: z
          .enum(["SUBMITTED", "PAID", "NOT_PAID"])
          .describe(
            "SUBMITTED until the run's results are recorded; then PAID (posted to the ledger), or NOT_PAID when the results say the payroll did not pay it (the credit stays owed and goes on the next run)",
          ),
      }),
    )
    .describe(
      "Credits the program owes employees (collected beyond what their cards spent), paid back with this run's paychecks",
    ),
});

/** The `deduction.collected` webhook's data: the run's deduction, with its run and pay date. */
export const deductionCollectedSchema =
  payrollRunSchema.shape.deductions.element.extend({
    payrollRunId: z.number().int(),
    payDate: z.string().describe("yyyy-MM-dd"),
  });

/** A leaver's credit paid by the employer (POST /api/employees/{id}/credit-payout). */
export const creditPayoutResponseSchema = z.object({
  payoutId: z.number().int(),
  employeeId: z.number().int(),
  amount: money.describe("What was paid: the employee's whole credit"),
  method: z.enum(["RECORDED"]),
  reference: z.string().nullable(),
  paidAt: dateTime,
});
