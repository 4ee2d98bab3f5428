import {
  getFormProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import { formatMoney } from "~/utils/money";
import { declineFormSchema } from "~/validation/employer";
import { Modal } from "./modal";

// Approve and Decline are plain form posts to /approvals (the route that owns the action), from
// the dashboard and from the Approve Requests page alike; `redirectTo` brings the user back.

/** True while this form's post (intent + request) is on its way. */
export function useDecisionPending(intent: string, requestId: number) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("requestId") === String(requestId)
  );
}

export function ApproveForm({
  requestId,
  employeeName,
  redirectTo,
}: {
  requestId: number;
  employeeName: string;
  redirectTo: string;
}) {
  const pending = useDecisionPending("approve", requestId);
  return (
    <Form method="post" action="/approvals" className="inline">
      <input type="hidden" name="intent" value="approve" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        className="px-3 py-1.5"
        disabled={pending}
        aria-label={pending ? undefined : `Approve ${employeeName}'s request`}
      >
        {pending ? "Approving..." : "Approve"}
      </Button>
    </Form>
  );
}

/** The dashboard's one-click Decline: the default reason ('Declined by employer'). */
export function QuickDeclineForm({
  requestId,
  employeeName,
  redirectTo,
}: {
  requestId: number;
  employeeName: string;
  redirectTo: string;
}) {
  const pending = useDecisionPending("decline", requestId);
  return (
    <Form method="post" action="/approvals" className="inline">
      <input type="hidden" name="intent" value="decline" />
      <input type="hidden" name="requestId" value={requestId} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button
        type="submit"
        variant="secondary"
        className="px-3 py-1.5 text-red-800"
        disabled={pending}
        aria-label={pending ? undefined : `Decline ${employeeName}'s request`}
      >
        {pending ? "Declining..." : "Decline"}
      </Button>
    </Form>
  );
}

/** /approvals' Decline: a link that opens the dialog (server-rendered from ?decline=id). */
export function DeclineLink({
  requestId,
  employeeName,
  page = 1,
}: {
  requestId: number;
  employeeName: string;
  /** The page of /approvals the link is on, kept behind the dialog. */
  page?: number;
}) {
  return (
    <LinkButton
      to={`/approvals?${page > 1 ? `page=${page}&` : ""}decline=${requestId}`}
      preventScrollReset
      variant="secondary"
      className="px-3 py-1.5 text-red-800"
      aria-label={`Decline ${employeeName}'s request`}
    >
      Decline
    </LinkButton>
  );
}

export function DeclineDialog({
  request,
  lastResult,
  returnTo = "/approvals",
}: {
  request: {
    id: number;
    amount: string;
    employee: { firstName: string; lastName: string };
  };
  lastResult?: SubmissionResult<string[]>;
  /** Where Cancel and a successful decline go back to (the page of /approvals it opened on). */
  returnTo?: string;
}) {
  const [form, fields] = useForm({
    id: `decline-${request.id}`,
    lastResult,
    constraint: getZodConstraint(declineFormSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: declineFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = useDecisionPending("decline", request.id);
  const name = `${request.employee.firstName} ${request.employee.lastName}`;
  return (
    <Modal
      id="decline-dialog"
      title="Decline Advance Request"
      closeTo={returnTo}
      description={
        <p>
          You are declining {name}&apos;s request for{" "}
          {formatMoney(request.amount)}.
        </p>
      }
    >
      <Form
        method="post"
        action={`${returnTo}${returnTo.includes("?") ? "&" : "?"}decline=${request.id}`}
        className="space-y-4"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="requestId" value={request.id} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <TextareaField
          label="Reason for declining (optional)"
          hint="This reason will be shared with the employee."
          errors={fields.reason.errors}
          textareaProps={{
            ...getTextareaProps(fields.reason),
            rows: 4,
            placeholder: "Let the employee know why the request was declined",
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex justify-end gap-2">
          <LinkButton to={returnTo} variant="secondary" preventScrollReset>
            Cancel
          </LinkButton>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? "Declining..." : "Decline Request"}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
