import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { EMAIL_CHOICES_INTENT } from "~/validation/profile";
import type { ToastData } from "~/components/ui/toast";
import { profileSchema } from "~/validation/profile";
import { useIsPending } from "~/components/use-is-pending";

// The profile page's forms (SPEC §2 Profile): account settings with the password change and the
// e-mail choices; the read-only details are in profile-details.tsx.

export type ActionData = {
  result?: SubmissionResult<string[]>;
  sessionError?: string;
  toast?: ToastData;
};

export function AccountSettingsForm({
  profile,
  actionData,
}: {
  profile: {
    firstName: string;
    lastName: string;
    email: string;
    department: string;
  };
  actionData: ActionData | undefined;
}) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result ?? null,
    constraint: getZodConstraint(profileSchema),
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      department: profile.department,
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: profileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          errors={fields.firstName.errors}
          inputProps={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
          }}
        />
        <Field
          label="Last name"
          errors={fields.lastName.errors}
          inputProps={{
            ...getInputProps(fields.lastName, { type: "text" }),
            autoComplete: "family-name",
          }}
        />
      </div>
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "email",
        }}
      />
      <Field
        label="Department"
        errors={fields.department.errors}
        inputProps={{
          ...getInputProps(fields.department, { type: "text" }),
        }}
      />
      <fieldset className="space-y-4 border-t border-gray-100 pt-4">
        <legend className="pt-4 text-sm font-semibold text-gray-900">
          Change password
        </legend>
        <p className="text-xs text-gray-600">
          Leave these empty to keep your current password.
        </p>
        <Field
          label="Current password"
          errors={fields.currentPassword.errors}
          inputProps={{
            ...getInputProps(fields.currentPassword, {
              type: "password",
            }),
            autoComplete: "current-password",
          }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="New password"
            errors={fields.newPassword.errors}
            inputProps={{
              ...getInputProps(fields.newPassword, { type: "password" }),
              autoComplete: "new-password",
            }}
          />
          <Field
            label="Confirm new password"
            errors={fields.confirmPassword.errors}
            inputProps={{
              ...getInputProps(fields.confirmPassword, {
                type: "password",
              }),
              autoComplete: "new-password",
            }}
          />
        </div>
      </fieldset>
      <FormError id={form.errorId} title="Update failed" errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
    </Form>
  );
}

export function EmailChoicesForm({
  choices,
}: {
  choices: { decisions: boolean; deductions: boolean };
}) {
  const pending = useIsPending({
    formData: { intent: EMAIL_CHOICES_INTENT },
  });
  return (
    <Form method="post" id="email-choices" className="space-y-3">
      <input type="hidden" name="intent" value={EMAIL_CHOICES_INTENT} />
      <p className="text-sm text-gray-700">
        Account security e-mails (password and sign-in changes) are always sent.{" "}
        <a href="/outbox" className="text-brand-700 underline">
          See the e-mails sent to you
        </a>
        .
      </p>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          name="decisions"
          defaultChecked={choices.decisions}
          className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
        />
        E-mail me when a request is approved, declined, cancelled or expires,
        and when my card is issued
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          name="deductions"
          defaultChecked={choices.deductions}
          className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
        />
        E-mail me 2 days before a payroll deduction
      </label>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" disabled={pending}>
          {pending ? "Saving..." : "Save e-mail choices"}
        </Button>
      </div>
    </Form>
  );
}
