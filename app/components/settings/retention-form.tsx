import { type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import {
  InputField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { RETENTION_INTENT, retentionSchema } from "~/validation/settings";

// The records retention on /settings (owners): how many years records are kept, from the
// longest minimum of the company's states to ten. The same schema checks it on the server.
export function RetentionForm({
  years,
  min,
  lastResult,
}: {
  years: number;
  /** The fewest years the company's states allow (the loader's; the server's own check). */
  min: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ formData: { intent: RETENTION_INTENT } });
  const [form, fields] = useSchemaForm({
    id: "retention",
    schema: retentionSchema(min),
    lastResult,
    defaultValue: { retentionYears: years },
    shouldValidate: "onBlur",
  });
  const t = useT("settings");
  return (
    <SchemaForm
      form={form}
      method="post"
      className="mt-3 space-y-3"
      data-testid="retention-form"
    >
      <input type="hidden" name="intent" value={RETENTION_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t("retention.label")}
          field={fields.retentionYears}
          type="number"
          inputMode="numeric"
        />
      </div>
      <SubmitRow
        form={form}
        errorTitle={t("retention.failed")}
        pending={pending}
        pendingLabel={t("retention.saving")}
        variant="secondary"
      >
        {t("retention.save")}
      </SubmitRow>
    </SchemaForm>
  );
}
