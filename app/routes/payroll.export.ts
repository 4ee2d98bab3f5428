import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  exportNextPayrollCsv,
  getPayrollRun,
  payrollRunCsv,
} from "~/models/payroll/index.server";
import { requireEmployerDownload } from "~/web/auth.server";
import { isAppError, notFound } from "~/utils/errors";

// GET /payroll/export: the employer dashboard's Export button downloads the next payroll's
// deductions as CSV; with ?run=ID, that payroll run's file (what the company's payroll deducts,
// with a collectedAmount column to fill in and upload back).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployerDownload(request, "payroll");
  const run = new URL(request.url).searchParams.get("run");
  let file: { filename: string; csv: string };
  if (run === null) file = await exportNextPayrollCsv(user);
  else {
    if (!/^\d{1,9}$/.test(run)) throw notFound("Payroll run not found.");
    try {
      file = payrollRunCsv(await getPayrollRun(user, Number(run)));
    } catch (error) {
      // Another company's run, or one that does not exist: 404, as for a malformed id.
      if (isAppError(error) && error.status === 404)
        return new Response(error.message, {
          status: 404,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      throw error;
    }
  }
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
