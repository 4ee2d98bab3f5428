import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  PendingRequestsTable,
  WaitingCount,
} from "~/components/employer/pending-requests";
import { island } from "~/components/island";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { Pager } from "~/components/ui/pager";
import { Toast } from "~/components/ui/toast";
import {
  approveAdvance,
  declineAdvance,
  getPendingRequest,
  pagePendingRequests,
  withApprovalCheck,
  requestApproved,
  requestDeclined,
} from "~/models/advances/index.server";
import { requireEmployer, safeRedirect } from "~/web/auth.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  errorToast,
  redirectWithSuccess,
  type Toast as ToastData,
  approveFormSchema,
  declineFormSchema,
  parseId,
  parseWithZod,
  readPageParam,
} from "~/web/action.server";
import { translatedTitle, useT } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";

const APPROVALS_PAGE_SIZE = 25;

const DeclineDialog = island(() =>
  import("~/components/employer/decline-dialog").then((m) => m.DeclineDialog),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const employer = await requireEmployer(request);
  const url = new URL(request.url);
  const declineId = parseId(url.searchParams.get("decline"));
  // A page of 25, longest-waiting first; a page past the end shows the last one.
  const [listed, declining] = await Promise.all([
    pagePendingRequests(
      employer,
      { page: readPageParam(url), pageSize: APPROVALS_PAGE_SIZE },
      { clamp: true },
    ),
    // The dialog opens only for a request that is still pending and this employer's.
    declineId ? getPendingRequest(employer, declineId) : Promise.resolve(null),
  ]);
  const { items: pending, page, pageCount, total } = listed;
  const { language, i18n } = await pageI18n(
    request,
    ["approvals", "messages"],
    employer,
  );
  return json({
    i18n,
    // Why Approve is not offered, in the page's language.
    pending: withApprovalCheck(pending).map((r) => ({
      ...r,
      blockedReason:
        r.blockedReason && localizeMessage(language, r.blockedReason),
    })),
    declining,
    page,
    pageCount,
    total,
  });
}

const approvalsHref = (page: number) =>
  page > 1 ? `/approvals?page=${page}` : "/approvals";

type ActionData = {
  intent: "approve" | "decline" | null;
  requestId?: number;
  result?: SubmissionResult<string[]>;
  /** Why it failed: the toast's second line, or the dialog's form-level error. */
  error: string;
  toast: ToastData;
};

/**
 * The spec's error toasts (SPEC §8) with the reason as a second line; a function so the
 * client bundle never calls it. Approve and Decline are one-click actions in a table row with
 * no form of their own to hold a message, so their failure is a toast; a
 * failure inside the Decline dialog is shown in the dialog instead.
 */
function failed(intent: "approve" | "decline", reason?: string): ToastData {
  return intent === "approve"
    ? errorToast(
        "Approval failed",
        "There was an error approving the request.",
        reason,
      )
    : errorToast(
        "Decline failed",
        "There was an error declining the request.",
        reason,
      );
}

/**
 * Approve and Decline, posted from this page and from the dashboard. Success goes back to
 * `redirectTo` with the spec's toast; a refusal stays here with 'Approval failed' / 'Decline
 * failed' and the reason, and changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
  const employer = await requireEmployer(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "approve" && intent !== "decline") {
    return json<ActionData>(
      { intent: null, error: "Unknown action", toast: failed("approve") },
      { status: 400 },
    );
  }
  const submission =
    intent === "approve"
      ? parseWithZod(formData, { schema: approveFormSchema })
      : parseWithZod(formData, { schema: declineFormSchema });
  if (submission.status !== "success") {
    const result = submission.reply();
    const first =
      Object.values(result.error ?? {}).flat()[0] ?? "Invalid request";
    return json<ActionData>(
      {
        intent,
        requestId: parseId(formData.get("requestId")) ?? undefined,
        result,
        error: first,
        toast: failed(intent, first),
      },
      { status: 400 },
    );
  }
  const { requestId, redirectTo } = submission.value;
  return attempt(
    async () => {
      if (submission.value.intent === "approve") {
        const approved = await approveAdvance(employer, requestId);
        return redirectWithSuccess(
          safeRedirect(redirectTo, "/approvals"),
          "Request approved",
          requestApproved(approved.employeeName, approved.amount),
        );
      }
      const declined = await declineAdvance(
        employer,
        requestId,
        submission.value.reason,
      );
      return redirectWithSuccess(
        safeRedirect(redirectTo, "/approvals"),
        "Request declined",
        requestDeclined(declined.employeeName, declined.amount),
      );
    },
    (error): ActionData => ({
      intent,
      requestId,
      result: replyToFailure(submission, error),
      error: error.message,
      toast: failed(intent, error.message),
    }),
  );
}

export default function ApprovalsPage() {
  const { pending, declining, page, pageCount, total } =
    useLoaderData<typeof loader>();
  const here = approvalsHref(page);
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  // A failed decline posted from the open dialog shows its message in the dialog, not twice.
  const dialogResult =
    declining &&
    actionData?.intent === "decline" &&
    actionData.requestId === declining.id
      ? actionData.result
      : undefined;
  const t = useT("approvals");
  return (
    // contain:inline-size: wide tables scroll inside their card instead of widening the page.
    <div className="space-y-6 [contain:inline-size]">
      <Toast toast={dialogResult ? null : actionData?.toast} />
      <header>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-gray-700">{t("intro")}</p>
      </header>
      <Card title={t("pendingRequests")}>
        <PendingRequestsTable pending={pending} page={page} here={here} />
        <WaitingCount total={total} />
        <Pager
          label={t("pages")}
          page={page}
          pageCount={pageCount}
          href={approvalsHref}
        />
      </Card>
      {declining ? (
        <DeclineDialog
          key={declining.id}
          request={declining}
          returnTo={here}
          lastResult={dialogResult}
        />
      ) : null}
    </div>
  );
}

export const meta = translatedTitle("common:titles.approvals");

export const ErrorBoundary = GeneralErrorBoundary;
