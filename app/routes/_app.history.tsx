import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RequestStatusCell } from "~/components/cancel-request-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { Toast } from "~/components/ui/toast";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import {
  countOwnRequests,
  listOwnRequests,
  cancelAdvance,
} from "~/models/advances/index.server";
import { requestMoneyOf } from "~/models/cards/index.server";
import { employeeCreditStory } from "~/models/reports/index.server";
import { requireEmployee, safeRedirect } from "~/web/auth.server";
import {
  attempt,
  readFormData,
  errorToast,
  redirectWithSuccess,
  type Toast as ToastData,
  cancelFormSchema,
  parseWithZod,
  readPage,
  readPageParam,
} from "~/web/action.server";
import { formatDate, notAvailable } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { translatedTitle } from "~/utils/i18n";
import { pageI18n } from "~/web/language.server";
import { useT } from "~/utils/i18n";

// Dates and money are formatted here on the server, so the page reads the same with or
// without JavaScript and in any browser time zone.
const HISTORY_PAGE_SIZE = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployee(request);
  // 50 a page, newest first; a page past the end shows the last one.
  const {
    items: requests,
    page,
    pageCount,
  } = await readPage(
    { page: readPageParam(new URL(request.url)), pageSize: HISTORY_PAGE_SIZE },
    () => countOwnRequests(user),
    (limit, offset) => listOwnRequests(user, limit, offset),
    { clamp: true },
  );
  const { language, i18n } = await pageI18n(
    request,
    ["history", "messages"],
    user,
  );
  const [money, credit] = await Promise.all([
    requestMoneyOf(requests, language),
    employeeCreditStory(user, language),
  ]);
  return json({
    page,
    pageCount,
    i18n,
    /** What we owe the employee back and what was paid back. */
    credit,
    requests: requests.map((r) => ({
      ...money.get(r.id)!,
      id: r.id,
      requestDate: formatDate(r.requestDate, language),
      amount: formatMoney(r.amount, language),
      reason: r.reason?.trim() ? r.reason : notAvailable(language),
      repaymentPeriods: r.repaymentPeriods,
      status: r.status,
      // The approval date, else the rejection date, else N/A (SPEC §2 Advance History).
      responseDate: formatDate(r.approvalDate ?? r.rejectionDate, language),
    })),
  });
}

/**
 * 'Cancel request' (from this page and the dashboard's recent activity): the employee cancels a
 * PENDING request, or an APPROVED one not paid for yet. Success goes back to `redirectTo` with a
 * toast; a refusal stays here with 'Cancel failed' and the reason, and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployee(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: cancelFormSchema });
  if (submission.status !== "success") {
    const first =
      Object.values(submission.reply().error ?? {}).flat()[0] ??
      "Invalid request";
    return json<{ toast: ToastData }>(
      { toast: errorToast("Cancel failed", first) },
      { status: 400 },
    );
  }
  const { requestId, redirectTo } = submission.value;
  return attempt(
    async () => {
      const cancelled = await cancelAdvance(user, requestId);
      return redirectWithSuccess(
        safeRedirect(redirectTo, "/history"),
        "Request cancelled",
        cancelled.approvalDate
          ? `Your ${formatMoney(cancelled.amount)} advance is cancelled and back in your available balance. Nothing was charged.`
          : `Your ${formatMoney(cancelled.amount)} request is cancelled.`,
      );
    },
    (error): { toast: ToastData } => ({
      toast: errorToast("Cancel failed", error.message),
    }),
  );
}

export default function HistoryPage() {
  const { requests, page, pageCount, credit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as
    { toast?: ToastData } | undefined;
  const t = useT("history");
  return (
    <div className="space-y-6">
      <Toast toast={actionData?.toast} />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-sm text-gray-700">{t("intro")}</p>
      </div>
      {credit.length > 0 ? (
        <Card title={t("credit.title")}>
          <ul
            className="space-y-1 text-sm text-gray-900"
            data-testid="credit-story"
          >
            {credit.map((line, i) => (
              <li
                key={i}
                className={
                  i === 0 && line.kind === "owed" ? "font-semibold" : ""
                }
              >
                {t(
                  line.kind === "owed"
                    ? line.by === "PAYROLL"
                      ? "credit.owedPayroll"
                      : "credit.owedEmployer"
                    : line.kind === "paid"
                      ? line.by === "PAYROLL"
                        ? "credit.paidPayroll"
                        : "credit.paidEmployer"
                      : "credit.notPaid",
                  { amount: line.amountText, date: line.dateText ?? "" },
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card>
        <Table
          caption={t("caption")}
          head={[
            t("columns.requestDate"),
            t("columns.amount"),
            t("columns.reason"),
            t("columns.repaymentPeriods"),
            t("columns.status"),
            t("columns.responseDate"),
          ]}
        >
          {requests.length === 0 ? (
            <EmptyRow colSpan={6}>{t("empty")}</EmptyRow>
          ) : (
            requests.map((r) => (
              <tr key={r.id}>
                <Td>{r.requestDate}</Td>
                <Td className="max-w-sm whitespace-normal">
                  {r.amount}
                  {r.story.map((line) => (
                    <p
                      key={line}
                      className="mt-1 text-xs text-gray-700"
                      data-testid="money-line"
                    >
                      {line}
                    </p>
                  ))}
                </Td>
                <Td className="max-w-xs whitespace-normal break-words">
                  {r.reason}
                </Td>
                <Td>{r.repaymentPeriods}</Td>
                <RequestStatusCell
                  request={r}
                  amount={r.amount}
                  redirectTo={page > 1 ? `/history?page=${page}` : "/history"}
                />
                <Td>{r.responseDate}</Td>
              </tr>
            ))
          )}
        </Table>
        <Pager
          label={t("pages")}
          page={page}
          pageCount={pageCount}
          href={(n) => (n > 1 ? `/history?page=${n}` : "/history")}
        />
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.history");

export const ErrorBoundary = GeneralErrorBoundary;
