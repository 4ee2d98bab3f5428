import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  exportNextPayrollCsv,
  getPayrollRun,
  payrollRunCsv,
} from "~/models/payroll/index.server";
import { requireEmployerDownload } from "~/web/auth.server";
import { notFound } from "~/utils/errors";

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
    file = payrollRunCsv(await getPayrollRun(user, Number(run)));
  }
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
