import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportCompanyActivityCsv } from "~/models/reports/index.server";
import { requireEmployerDownload } from "~/web/auth.server";
import { readActivityFilter } from "~/web/activity-filter.server";

// GET /activity.csv: the company's audit trail with the page's filter, as a download.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployerDownload(request, "activity");
  const { filename, csv } = await exportCompanyActivityCsv(
    user,
    readActivityFilter(new URL(request.url)),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
