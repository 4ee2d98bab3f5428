import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  companyRegulatorReport,
  regulatorReportCsv,
} from "~/models/reports/index.server";
import { isAppError } from "~/utils/errors";
import { requireEmployerDownload } from "~/web/auth.server";

// GET /reports/regulator.csv?from=&to=&state=: an owner's regulators' report as CSV, one line
// per figure. A bad period answers 400 with its message.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployerDownload(request, "regulatorReports");
  const params = new URL(request.url).searchParams;
  try {
    const report = await companyRegulatorReport(user, {
      from: params.get("from") ?? "",
      to: params.get("to") ?? "",
      state: params.get("state") || null,
    });
    return new Response(regulatorReportCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="regulator-report-${report.from}-${report.to}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (isAppError(error))
      return json({ message: error.message }, { status: error.status });
    throw error;
  }
}
