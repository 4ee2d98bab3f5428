import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { CheckboxField } from "~/components/ui/field";
import { useT } from "~/utils/i18n";
import { runPayrollSchema } from "~/validation/payroll";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";

/** /payroll's 'Run payroll' form: a confirmation checkbox, so it works without JavaScript. */
export function RunPayrollForm({
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "run-payroll",
    schema: runPayrollSchema,
    lastResult,
  });
  const t = useT("payroll");
  return (
    <SchemaForm form={form} method="post" className="space-y-3">
      <CheckboxField
        label={t("form.confirm")}
        errors={fields.confirm.errors}
        inputProps={{
          ...getInputProps(fields.confirm, { type: "checkbox" }),
        }}
      />
      <SubmitRow
        form={form}
        errorTitle={t("form.failed")}
        pending={pending}
        pendingLabel={t("form.running")}
      >
        {t("form.submit")}
      </SubmitRow>
    </SchemaForm>
  );
}
