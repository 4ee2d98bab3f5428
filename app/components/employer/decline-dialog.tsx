import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { LinkButton } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-row";
import { FormError, TextareaField } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useLanguage, useT } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import { declineFormSchema } from "~/validation/employer";
import { useDecisionPending } from "./approval-forms";
import { Modal } from "./modal";

/** /approvals' 'Decline Advance Request' dialog: an optional reason shared with the employee. */
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
  const [form, fields] = useSchemaForm({
    id: `decline-${request.id}`,
    schema: declineFormSchema,
    lastResult,
  });
  const pending = useDecisionPending("decline", request.id);
  const name = `${request.employee.firstName} ${request.employee.lastName}`;
  const t = useT("approvals");
  const language = useLanguage();
  return (
    <Modal
      id="decline-dialog"
      title={t("dialog.title")}
      closeTo={returnTo}
      description={
        <p>
          {t("dialog.description", {
            name,
            amount: formatMoney(request.amount, language),
          })}
        </p>
      }
    >
      <SchemaForm
        form={form}
        method="post"
        action={`${returnTo}${returnTo.includes("?") ? "&" : "?"}decline=${request.id}`}
        className="space-y-4"
      >
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="requestId" value={request.id} />
        <input type="hidden" name="redirectTo" value={returnTo} />
        <TextareaField
          label={t("dialog.reason")}
          hint={t("dialog.hint")}
          errors={fields.reason.errors}
          textareaProps={{
            ...getTextareaProps(fields.reason),
            rows: 4,
            placeholder: t("dialog.placeholder"),
          }}
        />
        <FormError
          id={form.errorId}
          title={t("dialog.failed")}
          errors={form.errors}
        />
        <div className="flex justify-end gap-2">
          <LinkButton to={returnTo} variant="secondary" preventScrollReset>
            {t("dialog.cancel")}
          </LinkButton>
          <SubmitButton
            pending={pending}
            pendingLabel={t("declining")}
            variant="danger"
          >
            {t("dialog.submit")}
          </SubmitButton>
        </div>
      </SchemaForm>
    </Modal>
  );
}
