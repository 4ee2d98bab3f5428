import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
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
  const [form, fields] = useForm({
    id: "add-employee",
    lastResult: data?.result,
    constraint: getZodConstraint(addEmployeeSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: addEmployeeSchema }),
    // Not on blur: a message appearing as focus leaves the last field would move the
    // submit button out from under the pointer mid-click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action="/employees/add"
      className="space-y-4"
      {...getFormProps(form)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          errors={fields.firstName.errors}
          inputProps={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "off",
          }}
        />
        <Field
          label="Last name"
          errors={fields.lastName.errors}
          inputProps={{
            ...getInputProps(fields.lastName, { type: "text" }),
            autoComplete: "off",
          }}
        />
      </div>
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "off",
        }}
      />
      <Field
        label="Department (optional)"
        errors={fields.department.errors}
        inputProps={{ ...getInputProps(fields.department, { type: "text" }) }}
      />
      <Field
        label="Username"
        errors={fields.username.errors}
        inputProps={{
          ...getInputProps(fields.username, { type: "text" }),
          autoComplete: "off",
        }}
      />
      <Field
        label="Password"
        hint="At least 6 characters. Share it with the employee securely."
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
        }}
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
