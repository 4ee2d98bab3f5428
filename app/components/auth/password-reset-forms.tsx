import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { PASSWORD_HINT } from "~/utils/rules-texts";
import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import {
  forgotPasswordSchema,
  RESET_LINK_INVALID,
  RESET_SENT,
  resetPasswordSchema,
} from "~/validation/password-reset";
import { useIsPending } from "~/components/use-is-pending";

// The forms of "Forgot password?" and of the reset link's page
// (docs/decisions/1203-password-reset.md); the routes keep the loaders, actions and outline.

export type ForgotPasswordActionData = {
  result: SubmissionResult<string[]>;
  sent?: boolean;
};

export function ForgotPasswordForm({
  actionData,
}: {
  actionData: ForgotPasswordActionData | undefined;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <>
      {actionData?.sent ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          {RESET_SENT}
        </p>
      ) : (
        <p className="mt-4 text-gray-700">
          Enter your username or the e-mail address on your account. We will
          e-mail you a link to choose a new password.
        </p>
      )}
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <Field
          label="Username or e-mail"
          errors={fields.identifier.errors}
          inputProps={{
            ...getInputProps(fields.identifier, { type: "text" }),
            autoComplete: "username",
          }}
        />
        <FormError id={form.errorId} title="Not sent" errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
    </>
  );
}

export function ResetPasswordForm({
  token,
  live,
  lastResult,
}: {
  token: string;
  live: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint: getZodConstraint(resetPasswordSchema),
    defaultValue: { token },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: resetPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!live)
    return (
      <p role="alert" className="mt-4 text-gray-700">
        {RESET_LINK_INVALID}
      </p>
    );
  return (
    <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="token" value={token} />
      <Field
        label="New password"
        errors={fields.password.errors}
        hint={PASSWORD_HINT}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <Field
        label="Confirm new password"
        errors={fields.confirmPassword.errors}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <FormError
        id={form.errorId}
        title="Password not changed"
        errors={form.errors ?? fields.token.errors}
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Saving..." : "Set new password"}
      </Button>
    </Form>
  );
}
