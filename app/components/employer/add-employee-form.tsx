import { type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { LinkButton } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-row";
import { FormError } from "~/components/ui/field";
import {
  InputField,
  PersonFields,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { useT } from "~/utils/i18n";
import { addEmployeeSchema } from "~/validation/auth";

export type AddEmployeeActionData = {
  result: SubmissionResult<string[]>;
};

/**
 * The Add New Employee form (SPEC §2 Employees, §5). It always posts to /employees/add, from
 * the /employees dialog and from the /employees/add page. With JavaScript it posts through a
 * fetcher, so a refusal keeps the dialog open with its messages; without, it is a plain post
 * whose refusal renders the /employees/add page (`actionData`). Success redirects to /employees.
 */
export function AddEmployeeForm({
  cancelTo,
  actionData,
}: {
  cancelTo: string;
  actionData?: AddEmployeeActionData;
}) {
  const fetcher = useFetcher<AddEmployeeActionData>();
  const data = fetcher.data ?? actionData;
  const [form, fields] = useSchemaForm({
    id: "add-employee",
    schema: addEmployeeSchema,
    lastResult: data?.result,
  });
  const pending = fetcher.state !== "idle";
  const t = useT("employees");
  return (
    <SchemaForm
      as={fetcher.Form}
      form={form}
      method="post"
      action="/employees/add"
      className="space-y-4"
    >
      <PersonFields fields={fields} autoComplete={false} />
      <InputField label={t("add.department")} field={fields.department} />
      <InputField
        label={t("add.username")}
        field={fields.username}
        autoComplete="off"
      />
      <InputField
        label={t("add.password")}
        type="password"
        hint={t("add.passwordHint")}
        field={fields.password}
        autoComplete="new-password"
      />
      <FormError
        id={form.errorId}
        title={t("add.failed")}
        errors={form.errors}
      />
      <div className="flex justify-end gap-2">
        <LinkButton to={cancelTo} variant="secondary" preventScrollReset>
          {t("add.cancel")}
        </LinkButton>
        <SubmitButton pending={pending} pendingLabel={t("add.adding")}>
          {t("add.submit")}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}
