import {
  payrollRunJson,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { parseId } from "~/utils/ids";
import { payrollRunSchema } from "~/validation/api-responses";
import { payrollResultsSchema } from "~/validation/payroll";
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
    body: payrollResultsSchema,
    response: payrollRunSchema,
    errors: [400, 401, 403, 404, 409],
  },
  async ({ user, params: id, body }) =>
    payrollRunJson((await recordPayrollResults(user, id, body)).run),
);
