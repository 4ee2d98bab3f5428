import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { PASSWORD_HINT } from "~/utils/rules-texts";
import { useFetcher } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import {
  InputField,
  PersonFields,
  useSchemaForm,
} from "~/components/ui/schema-form";
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
  return (
    <fetcher.Form
      method="post"
      action="/employees/add"
      className="space-y-4"
      {...getFormProps(form)}
    >
      <PersonFields fields={fields} autoComplete={false} />
      <InputField label="Department (optional)" field={fields.department} />
      <InputField label="Username" field={fields.username} autoComplete="off" />
      <InputField
        label="Password"
        type="password"
        hint={`${PASSWORD_HINT} Share it with the employee securely.`}
        field={fields.password}
        autoComplete="new-password"
      />
      <FormError
        id={form.errorId}
        title="Failed to add employee"
        errors={form.errors}
      />
      <div className="flex justify-end gap-2">
        <LinkButton to={cancelTo} variant="secondary" preventScrollReset>
          Cancel
        </LinkButton>
        <Button type="submit" disabled={pending}>
          {pending ? "Adding..." : "Add Employee"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
