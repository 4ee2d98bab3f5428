import { z } from "zod";
import {
  createPayrollRun,
  payrollRunJson,
} from "~/models/payroll/index.server";
import { payrollRunSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// A payroll run for a pay date (default today; never in the future): every deduction due on
// or before it is SUBMITTED in the run, whose file the company's payroll deducts. 201 when the
// run is new, 200 when the date already had one (newly due deductions join it).
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/payroll-runs",
    summary:
      "Create the payroll run of a pay date (default today; a future date is refused): its deductions become SUBMITTED until their results are recorded",
    role: "EMPLOYER",
    capability: "payroll",
    body: z.object({
      payDate: z.string().optional().describe("yyyy-MM-dd, today or earlier"),
    }),
    bodyRequired: false,
    status: 201,
    alsoStatus: 200,
    response: payrollRunSchema,
    errors: [400, 401, 403],
  },
  async ({ user, body }) => {
    const { run, created } = await createPayrollRun(user, {
      payDate: body?.payDate,
    });
    return Response.json(payrollRunJson(run), {
      status: created ? 201 : 200,
      headers: { "Cache-Control": "no-store" },
    });
  },
);
