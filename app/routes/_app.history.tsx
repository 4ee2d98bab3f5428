import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { countOwnRequests, listOwnRequests } from "~/models/advance.server";
import { requireEmployee } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { pageWithin, readPageParam } from "~/validation/pagination";

// Dates and money are formatted here on the server, so the page reads the same with or
// without JavaScript and in any browser time zone.
const HISTORY_PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  // 50 a page, newest first; a page past the end shows the last one.
  const total = await countOwnRequests(user);
  const { page, pageCount } = pageWithin(
    readPageParam(new URL(request.url)),
    total,
    HISTORY_PAGE_SIZE,
  );
  const requests = total
    ? await listOwnRequests(
        user,
        HISTORY_PAGE_SIZE,
        (page - 1) * HISTORY_PAGE_SIZE,
      )
    : [];
  return json({
    page,
    pageCount,
    requests: requests.map((r) => ({
      id: r.id,
      requestDate: formatDate(r.requestDate),
      amount: formatMoney(r.amount),
      reason: r.reason?.trim() ? r.reason : "N/A",
      repaymentPeriods: r.repaymentPeriods,
      status: r.status,
      // The approval date, else the rejection date, else N/A (SPEC §2 Advance History).
      responseDate: formatDate(r.approvalDate ?? r.rejectionDate),
    })),
  });
}

export default function HistoryPage() {
  const { requests, page, pageCount } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Advance History</h1>
        <p className="mt-1 text-sm text-gray-700">
          All your grocery advance requests, newest first.
        </p>
      </div>
      <Card>
        <Table
          caption="Advance requests"
          head={[
            "Request Date",
            "Amount",
            "Reason",
            "Repayment Periods",
            "Status",
            "Response Date",
          ]}
        >
          {requests.length === 0 ? (
            <EmptyRow colSpan={6}>
              You haven&apos;t made any advance requests yet.
            </EmptyRow>
          ) : (
            requests.map((r) => (
              <tr key={r.id}>
                <Td>{r.requestDate}</Td>
                <Td>{r.amount}</Td>
                <Td className="max-w-xs whitespace-normal break-words">
                  {r.reason}
                </Td>
                <Td>{r.repaymentPeriods}</Td>
                <Td>
                  <StatusBadge status={r.status} />
                </Td>
                <Td>{r.responseDate}</Td>
              </tr>
            ))
          )}
        </Table>
        <Pager
          label="Advance history pages"
          page={page}
          pageCount={pageCount}
          href={(n) => (n > 1 ? `/history?page=${n}` : "/history")}
        />
      </Card>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Advance History · Grocery Advance" },
];

export const ErrorBoundary = GeneralErrorBoundary;
