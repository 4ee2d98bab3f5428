import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  ComplaintCard,
  type ComplaintRow,
} from "~/components/complaints/complaint-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { Button } from "~/components/ui/button";
import {
  listCompanyComplaints,
  resolveComplaint,
  reviewComplaint,
} from "~/models/complaints/index.server";
import { translatedTitle, useT } from "~/utils/i18n";
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_RESOLVE_DAYS,
} from "~/utils/rules";
import {
  attempt,
  complaintQueueQuerySchema,
  parseWithZod,
  readFormData,
  redirectWithSuccess,
  replyToFailure,
  resolveComplaintFormSchema,
  reviewComplaintFormSchema,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { complaintRow } from "~/web/complaint-rows.server";
import { pageI18n } from "~/web/language.server";

// /complaint-queue: the company's owners and admins see their employees' complaints, start a
// review (the acknowledgement) and resolve each with a text the employee reads.
// ?status=open|all|RECEIVED|IN_REVIEW|RESOLVED.

const ResolveComplaintForm = island(() =>
  import("~/components/complaints/complaint-forms").then(
    (m) => m.ResolveComplaintForm,
  ),
);

const FILTERS = ["all", "open", "RECEIVED", "IN_REVIEW", "RESOLVED"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireEmployer(request, "complaints");
  const { language, i18n } = await pageI18n(
    request,
    ["complaints", "messages"],
    user,
  );
  const parsed = complaintQueueQuerySchema.safeParse({
    status: new URL(request.url).searchParams.get("status") ?? undefined,
  });
  const filter = parsed.success ? parsed.data.status : "all";
  const rows = await listCompanyComplaints(user, filter);
  return json({
    i18n,
    filter,
    complaints: rows.map((c) => complaintRow(c, language)),
  });
}

type ActionData = { id: number; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireEmployer(request, "complaints");
  const formData = await readFormData(request);
  const id = Number(formData.get("complaintId")) || 0;
  if (formData.get("intent") === "review") {
    const review = parseWithZod(formData, {
      schema: reviewComplaintFormSchema,
    });
    if (review.status !== "success")
      return json<ActionData>({ id, result: review.reply() }, { status: 400 });
    return attempt(
      async () => {
        const c = await reviewComplaint(user, review.value.complaintId);
        return redirectWithSuccess(
          "/complaint-queue",
          "Review started",
          `${c.employee.firstName} ${c.employee.lastName} was e-mailed that ${c.reference} is in review.`,
        );
      },
      (error): ActionData => ({ id, result: replyToFailure(review, error) }),
    );
  }
  const submission = parseWithZod(formData, {
    schema: resolveComplaintFormSchema,
  });
  if (submission.status !== "success")
    return json<ActionData>(
      { id, result: submission.reply() },
      { status: 400 },
    );
  return attempt(
    async () => {
      const c = await resolveComplaint(
        user,
        submission.value.complaintId,
        submission.value.resolution,
      );
      return redirectWithSuccess(
        "/complaint-queue",
        "Complaint resolved",
        `${c.employee.firstName} ${c.employee.lastName} was e-mailed the resolution of ${c.reference}.`,
      );
    },
    (error): ActionData => ({
      id,
      result: replyToFailure(submission, error, { fields: true }),
    }),
  );
}

export default function ComplaintQueuePage() {
  const { complaints, filter } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("complaints");
  const filterLabel = (f: (typeof FILTERS)[number]) =>
    f === "all"
      ? t("queue.all")
      : f === "open"
        ? t("queue.open")
        : t(`statuses.${f}`);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("queue.heading")}
        </h1>
        <p className="mt-1 text-gray-700">
          {t("queue.intro", {
            acknowledge: COMPLAINT_ACKNOWLEDGE_DAYS,
            resolve: COMPLAINT_RESOLVE_DAYS,
          })}
        </p>
      </div>
      <nav aria-label={t("queue.filter")} className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f}
            to={
              f === "all" ? "/complaint-queue" : `/complaint-queue?status=${f}`
            }
            aria-current={filter === f ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm ${
              filter === f
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-gray-300 bg-white text-gray-800 hover:bg-gray-50"
            }`}
          >
            {filterLabel(f)}
          </Link>
        ))}
      </nav>
      {complaints.length === 0 ? (
        <p className="text-sm text-gray-700">{t("queue.empty")}</p>
      ) : (
        <div className="space-y-3">
          {complaints.map((c) => (
            <ComplaintCard key={c.id} c={c as ComplaintRow}>
              {c.status === "RECEIVED" ? (
                <Form method="post" action="/complaint-queue">
                  <input type="hidden" name="intent" value="review" />
                  <input type="hidden" name="complaintId" value={c.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    aria-label={t("queue.reviewFor", {
                      reference: c.reference,
                    })}
                  >
                    {t("queue.review")}
                  </Button>
                </Form>
              ) : null}
              {c.status !== "RESOLVED" ? (
                <ResolveComplaintForm
                  complaintId={c.id}
                  lastResult={
                    actionData?.id === c.id ? actionData.result : undefined
                  }
                />
              ) : null}
            </ComplaintCard>
          ))}
        </div>
      )}
    </div>
  );
}

export const meta = translatedTitle("common:titles.complaintQueue");

export const ErrorBoundary = GeneralErrorBoundary;
