import { z } from "zod";
import {
  payrollRunJson,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { parseId } from "~/utils/ids";
import { payrollRunSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/payroll-runs/{id}/results",
    summary:
      "Record what payroll collected for deductions of the run. Less than due (or 0): the rest becomes an arrears deduction on the next pay date, or is written off after the employee's last paycheck. The same result twice changes nothing; a deduction not in the run, or more than was due, refuses the whole post",
    role: "EMPLOYER",
    capability: "payroll",
    params: idParam(parseId, "Payroll run not found."),
    body: z.object({
      results: z
        .array(
          z.object({
            deductionId: z.number().int(),
            collectedAmount: z
              .string()
              .describe('Dollars with at most 2 decimals, e.g. "75.00"'),
          }),
        )
        .optional()
        .describe(
          "At least one, unless the post only names unpaidReimbursements or confirms a run whose deductions are all recorded",
        ),
      unpaidReimbursements: z
        .array(z.number().int())
        .optional()
        .describe(
          "Ids of the run's reimbursement lines the payroll did NOT pay: they become NOT_PAID, the credit stays owed and goes on the next run. The other lines are PAID once no deduction of the run is open. A line already PAID is 409",
        ),
    }),
    response: payrollRunSchema,
    errors: [400, 401, 403, 404, 409],
  },
  async ({ user, params: id, body }) =>
    payrollRunJson((await recordPayrollResults(user, id, body)).run),
);
