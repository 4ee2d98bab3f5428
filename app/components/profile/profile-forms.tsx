import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field";
import {
  InputField,
  PersonFields,
  useSchemaForm,
} from "~/components/ui/schema-form";
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
  const [form, fields] = useSchemaForm({
    id: "profile",
    schema: profileSchema,
    lastResult: actionData?.result ?? null,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      department: profile.department,
    },
  });
  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <PersonFields fields={fields} />
      <InputField label="Department" field={fields.department} />
      <fieldset className="space-y-4 border-t border-gray-100 pt-4">
        <legend className="pt-4 text-sm font-semibold text-gray-900">
          Change password
        </legend>
        <p className="text-xs text-gray-600">
          Leave these empty to keep your current password.
        </p>
        <InputField
          label="Current password"
          type="password"
          field={fields.currentPassword}
          autoComplete="current-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="New password"
            type="password"
            field={fields.newPassword}
            autoComplete="new-password"
          />
          <InputField
            label="Confirm new password"
            type="password"
            field={fields.confirmPassword}
            autoComplete="new-password"
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
