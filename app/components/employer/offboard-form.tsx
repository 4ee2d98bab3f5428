import {
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, FormError } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
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
  return (
    <Card title="Offboard">
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <p className="text-sm text-gray-700">
          When {name} leaves: their cards close (what they did not spend comes
          back), their pending and unpaid requests are cancelled, no new request
          is accepted, and everything they owe falls on their last pay date.
          What that paycheck cannot cover is written off. They can still sign in
          and see their history.
        </p>
        <div className="max-w-xs">
          <Field
            label="Last pay date"
            errors={fields.lastPayDate.errors}
            inputProps={getInputProps(fields.lastPayDate, { type: "date" })}
          />
        </div>
        <CheckboxField
          label={`${name} is leaving the company.`}
          errors={fields.confirm.errors}
          inputProps={getInputProps(fields.confirm, { type: "checkbox" })}
        />
        <FormError
          id={form.errorId}
          title="Not offboarded"
          errors={form.errors}
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Offboarding..." : `Offboard ${firstName}`}
        </Button>
      </Form>
    </Card>
  );
}
