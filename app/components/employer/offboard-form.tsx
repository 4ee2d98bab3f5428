import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { offboardSchema } from "~/validation/employer";

// Offboarding on the employee's page: the last pay date and a confirmation,
// the same schema in the browser and on the server; a plain form without JavaScript.
// For a leaver whose last pay date has not passed, the same form corrects it (`lastPayDate`:
// the date now set, as shown): what they still owe moves to the new date.
export function OffboardForm({
  name,
  firstName,
  lastResult,
  lastPayDate,
}: {
  name: string;
  firstName: string;
  lastResult: SubmissionResult<string[]> | undefined;
  lastPayDate?: string;
}) {
  const correcting = lastPayDate !== undefined;
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "offboard",
    schema: offboardSchema,
    lastResult,
  });
  const t = useT("employees");
  return (
    <Card title={t(correcting ? "offboard.correctTitle" : "offboard.title")}>
      <SchemaForm form={form} method="post" className="space-y-4">
        {correcting ? (
          <input type="hidden" name="intent" value="correct" />
        ) : null}
        <p className="text-sm text-gray-700">
          {correcting
            ? t("offboard.correctText", { name, date: lastPayDate })
            : t("offboard.text", { name })}
        </p>
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
          errorTitle={t(
            correcting ? "offboard.correctFailed" : "offboard.failed",
          )}
          pending={pending}
          pendingLabel={t(
            correcting ? "offboard.correctPending" : "offboard.pending",
          )}
          variant="secondary"
        >
          {correcting
            ? t("offboard.correctSubmit")
            : t("offboard.submit", { name: firstName })}
        </SubmitRow>
      </SchemaForm>
    </Card>
  );
}
