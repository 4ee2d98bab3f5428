import * as z from "zod";

const RUN_CONFIRM_MESSAGE =
  "Please confirm that these deductions go to this payroll.";

export const runPayrollSchema = z.object({
  confirm: z
    .string({ error: RUN_CONFIRM_MESSAGE })
    .refine((v) => v === "on" || v === "true", {
      message: RUN_CONFIRM_MESSAGE,
    }),
});

export const COLLECTED_MESSAGE =
  "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).";

export const LINE_MESSAGE = "Choose a reimbursement line of this run.";

/** A reimbursement line the payroll did not pay, on a payroll run's page. */
export const lineNotPaidSchema = z.object({
  lineId: z.coerce
    .number({ error: LINE_MESSAGE })
    .int(LINE_MESSAGE)
    .positive(LINE_MESSAGE),
});

/** One deduction's result on a payroll run's page. */
export const payrollResultSchema = z.object({
  deductionId: z.coerce.number().int().positive(),
  collectedAmount: z
    .string({ error: COLLECTED_MESSAGE })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, COLLECTED_MESSAGE),
});
