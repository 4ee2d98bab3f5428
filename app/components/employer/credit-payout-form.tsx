import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";
import { creditPayoutSchema } from "~/validation/employer";

// A leaver's credit paid by the employer: the payment's reference and a
// confirmation, the same schema in the browser and on the server; a plain form without
// JavaScript. The whole credit is paid: the amount is the ledger's, not typed.
export function CreditPayoutForm({
  name,
  amount,
  lastResult,
}: {
  name: string;
  amount: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm({
    id: "credit-payout",
    schema: creditPayoutSchema,
    lastResult,
  });
  const t = useT("employees");
  return (
    <Card title={t("payout.title")}>
      <SchemaForm form={form} method="post" className="space-y-4">
        <input type="hidden" name="intent" value="payout" />
        <p className="text-sm text-gray-700">
          {t("payout.text", { name, amount })}
        </p>
        <div className="max-w-xs">
          <Field
            label={t("payout.reference")}
            errors={fields.reference.errors}
            inputProps={getInputProps(fields.reference, { type: "text" })}
          />
        </div>
        <CheckboxField
          label={t("payout.confirm", { name, amount })}
          errors={fields.confirm.errors}
          inputProps={getInputProps(fields.confirm, { type: "checkbox" })}
        />
        <SubmitRow
          form={form}
          errorTitle={t("payout.failed")}
          pending={pending}
          pendingLabel={t("payout.pending")}
          variant="secondary"
        >
          {t("payout.submit", { amount })}
        </SubmitRow>
      </SchemaForm>
    </Card>
  );
}
