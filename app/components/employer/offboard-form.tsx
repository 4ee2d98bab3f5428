import {
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { offboardSchema } from "~/validation/employer";

// Offboarding on the employee's page (decision 0080): the last pay date and a confirmation,
// the same schema in the browser and on the server; a plain form without JavaScript.
export function OffboardForm({
  name,
  firstName,
  lastResult,
}: {
  name: string;
  firstName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "offboard",
    schema: offboardSchema,
    lastResult,
  });
  const t = useT("employees");
  return (
    <Card title={t("offboard.title")}>
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <p className="text-sm text-gray-700">{t("offboard.text", { name })}</p>
        <div className="max-w-xs">
          <Field
            label={t("offboard.lastPayDate")}
            errors={fields.lastPayDate.errors}
            inputProps={getInputProps(fields.lastPayDate, { type: "date" })}
          />
        </div>
        <CheckboxField
          label={t("offboard.confirm", { name })}
          errors={fields.confirm.errors}
          inputProps={getInputProps(fields.confirm, { type: "checkbox" })}
        />
        <SubmitRow
          form={form}
          errorTitle={t("offboard.failed")}
          pending={pending}
          pendingLabel={t("offboard.pending")}
          variant="secondary"
        >
          {t("offboard.submit", { name: firstName })}
        </SubmitRow>
      </Form>
    </Card>
  );
}
