import { z } from "zod";
import {
  createPayrollRun,
  pagePayrollRuns,
  payrollRunJson,
} from "~/models/payroll/index.server";
import {
  payrollRunSchema,
  payrollRunSummarySchema,
} from "~/validation/api-responses";
import { apiRoute, apiRoutes } from "~/web/api-contract.server";

// The company's runs, the newest pay date first, a page at a time.
const list = apiRoute(
  {
    method: "GET",
    path: "/api/payroll-runs",
    summary:
      "The company's payroll runs, newest first: each run's pay date, status, total and number of deductions",
    role: "EMPLOYER",
    capability: "payroll",
    response: z.array(payrollRunSummarySchema),
    errors: [400, 401, 403],
    paged: true,
  },
  async ({ user, page }) => pagePayrollRuns(user, page),
);

// A payroll run for a pay date (default today; never in the future): every deduction due on
// or before it is SUBMITTED in the run, whose file the company's payroll deducts. 201 when the
// run is new, 200 when the date already had one (newly due deductions join it).
const create = apiRoute(
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

export const contract = create.contract;
export const listContract = list.contract;
export const { loader, action } = apiRoutes(list, create);
