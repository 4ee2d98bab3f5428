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

const COLLECTED_MESSAGE =
  "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).";

export const LINE_MESSAGE = "Choose a reimbursement line of this run.";

/** A reimbursement line the payroll did not pay, on a payroll run's page. */
export const lineNotPaidSchema = z.object({
  lineId: z.coerce
    .number({ error: LINE_MESSAGE })
    .int(LINE_MESSAGE)
    .positive(LINE_MESSAGE),
});

const RESULT_ID_MESSAGE = "Each result needs a deductionId.";
export const NO_RESULTS_MESSAGE = "Send at least one result.";
const UNPAID_LINES_MESSAGE =
  "unpaidReimbursements must be a list of reimbursement line ids of this run.";
const duplicateResult = (id: number) =>
  `Deduction ${id} appears more than once in these results.`;
const duplicateLine = (id: number) =>
  `Reimbursement line ${id} appears more than once.`;

/**
 * One deduction's result: the run page's form, a row of the results file, an item of
 * POST /api/payroll-runs/{id}/results, what the payroll connection read from a pay statement.
 */
const payrollResultSchema = z.object({
  deductionId: z.coerce
    .number({ error: RESULT_ID_MESSAGE })
    .int(RESULT_ID_MESSAGE)
    .positive(RESULT_ID_MESSAGE)
    .max(2_147_483_647, RESULT_ID_MESSAGE),
  collectedAmount: z
    .string({ error: COLLECTED_MESSAGE })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, COLLECTED_MESSAGE)
    .describe('Dollars with at most 2 decimals, e.g. "75.00"'),
});

/**
 * What payroll collected for deductions of a run, and the reimbursement lines it did not pay:
 * the one check of every way results come in (the run's page, its results file, the API, the
 * payroll connection). No result at all is taken only to confirm a run (`results: []`) or with
 * lines that were not paid.
 */
export const payrollResultsSchema = z
  .object({
    results: z
      .array(payrollResultSchema, { error: NO_RESULTS_MESSAGE })
      .optional()
      .describe(
        "At least one, unless the post only names unpaidReimbursements or confirms a run whose deductions are all recorded",
      ),
    unpaidReimbursements: z
      .array(
        z
          .number({ error: UNPAID_LINES_MESSAGE })
          .int(UNPAID_LINES_MESSAGE)
          .positive(UNPAID_LINES_MESSAGE)
          .max(2_147_483_647, UNPAID_LINES_MESSAGE),
        { error: UNPAID_LINES_MESSAGE },
      )
      .optional()
      .describe(
        "Ids of the run's reimbursement lines the payroll did NOT pay: they become NOT_PAID, the credit stays owed and goes on the next run. The other lines are PAID once no deduction of the run is open. A line already PAID is 409",
      ),
  })
  .superRefine((value, ctx) => {
    if (value.results === undefined && !value.unpaidReimbursements?.length)
      ctx.addIssue({
        code: "custom",
        path: ["results"],
        message: NO_RESULTS_MESSAGE,
      });
    const twice = <T>(items: T[]) =>
      items.find((item, i) => items.indexOf(item) !== i);
    const result = twice((value.results ?? []).map((r) => r.deductionId));
    if (result !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["results"],
        message: duplicateResult(result),
      });
    const line = twice(value.unpaidReimbursements ?? []);
    if (line !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["unpaidReimbursements"],
        message: duplicateLine(line),
      });
  });
