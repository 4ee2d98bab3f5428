import { getPayrollRun, payrollRunJson } from "~/models/payroll/index.server";
import { parseId } from "~/utils/ids";
import { payrollRunSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/payroll-runs/{id}",
    summary:
      "A payroll run and its deductions: the file the company's payroll deducts, with each deduction's status",
    role: "EMPLOYER",
    capability: "payroll",
    params: idParam(parseId, "Payroll run not found."),
    response: payrollRunSchema,
    errors: [401, 403, 404],
  },
  async ({ user, params: id }) => payrollRunJson(await getPayrollRun(user, id)),
);
