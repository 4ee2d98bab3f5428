import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { ErrorList } from "~/components/ui/error-list";
import { Field, selectClass, TextareaField } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { SubmitRow } from "~/components/ui/submit-row";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import {
  COMPLAINT_CATEGORIES,
  resolveComplaintFormSchema,
  fileComplaintSchema,
} from "~/validation/complaints";

/** /complaints: an employee files a complaint or dispute. */
export function FileComplaintForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: "file-complaint",
    schema: fileComplaintSchema,
    lastResult,
  });
  const t = useT("complaints");
  const errorId = fields.category.errors?.length
    ? `${fields.category.id}-error`
    : undefined;
  return (
    <SchemaForm
      form={form}
      method="post"
      action="/complaints"
      className="space-y-4"
    >
      <div>
        <label
          htmlFor={fields.category.id}
          className="mb-1 block text-sm font-medium text-gray-800"
        >
          {t("form.category")}
        </label>
        <select
          {...getSelectProps(fields.category)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={selectClass}
        >
          <option value="">{t("form.chooseCategory")}</option>
          {COMPLAINT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
        <ErrorList id={errorId} errors={fields.category.errors} />
      </div>
      <TextareaField
        label={t("form.details")}
        errors={fields.details.errors}
        hint={t("form.detailsHint")}
        textareaProps={{ ...getTextareaProps(fields.details), rows: 5 }}
      />
      <Field
        label={t("form.reference")}
        errors={fields.subjectReference.errors}
        hint={t("form.referenceHint")}
        inputProps={getInputProps(fields.subjectReference, { type: "text" })}
      />
      <SubmitRow
        form={form}
        errorTitle={t("form.failed")}
        pending={pending}
        pendingLabel={t("form.sending")}
      >
        {t("form.submit")}
      </SubmitRow>
    </SchemaForm>
  );
}

/** /complaint-queue: an owner or admin resolves one complaint with the employee's text. */
export function ResolveComplaintForm({
  complaintId,
  lastResult,
}: {
  complaintId: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: `resolve-complaint-${complaintId}`,
    schema: resolveComplaintFormSchema,
    lastResult,
  });
  const t = useT("complaints");
  return (
    <SchemaForm
      form={form}
      method="post"
      action="/complaint-queue"
      className="space-y-2"
    >
      <input type="hidden" name="intent" value="resolve" />
      <input type="hidden" name="complaintId" value={complaintId} />
      <TextareaField
        label={t("queue.resolution")}
        errors={fields.resolution.errors}
        hint={t("queue.resolutionHint")}
        textareaProps={getTextareaProps(fields.resolution)}
      />
      <SubmitRow
        form={form}
        errorTitle={t("queue.failed")}
        pending={pending}
        pendingLabel={t("queue.resolving")}
      >
        {t("queue.resolve")}
      </SubmitRow>
    </SchemaForm>
  );
}
