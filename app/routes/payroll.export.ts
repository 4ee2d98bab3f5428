import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportNextPayrollCsv } from "~/models/payroll.server";
import { requireEmployer } from "~/web/auth.server";

// GET /payroll/export: the employer dashboard's Export button downloads the next payroll's
// deductions as CSV.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "payroll");
  const { filename, csv } = await exportNextPayrollCsv(user);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
