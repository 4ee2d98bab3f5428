import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { useMessageText, useT } from "~/utils/i18n";
import { SubmitRow } from "~/components/ui/submit-row";
import { Field } from "~/components/ui/field";
import {
  forgotPasswordSchema,
  RESET_LINK_INVALID,
  RESET_SENT,
  resetPasswordSchema,
} from "~/validation/password-reset";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";

// The forms of "Forgot password?" and of the reset link's page; the routes keep the loaders,
// actions and outline.

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
  const [form, fields] = useSchemaForm({
    id: "forgot-password",
    schema: forgotPasswordSchema,
    lastResult: actionData?.result,
  });
  const t = useT("auth");
  const text = useMessageText();
  return (
    <>
      {actionData?.sent ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          {text(RESET_SENT)}
        </p>
      ) : (
        <p className="mt-4 text-gray-700">{t("forgot.intro")}</p>
      )}
      <SchemaForm form={form} method="post" className="mt-6 space-y-4">
        <Field
          label={t("fields.identifier")}
          errors={fields.identifier.errors}
          inputProps={{
            ...getInputProps(fields.identifier, { type: "text" }),
            autoComplete: "username",
          }}
        />
        <SubmitRow
          form={form}
          errorTitle={t("forgot.notSent")}
          pending={pending}
          pendingLabel={t("forgot.pending")}
          className="w-full"
        >
          {t("forgot.submit")}
        </SubmitRow>
      </SchemaForm>
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
  const [form, fields] = useSchemaForm({
    id: "reset-password",
    schema: resetPasswordSchema,
    lastResult,
    defaultValue: { token },
  });
  const t = useT("auth");
  const text = useMessageText();
  if (!live)
    return (
      <p role="alert" className="mt-4 text-gray-700">
        {text(RESET_LINK_INVALID)}
      </p>
    );
  return (
    <SchemaForm form={form} method="post" className="mt-6 space-y-4">
      <input type="hidden" name="token" value={token} />
      <Field
        label={t("fields.newPassword")}
        errors={fields.password.errors}
        hint={t("passwordHint")}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <Field
        label={t("fields.confirmPassword")}
        errors={fields.confirmPassword.errors}
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <SubmitRow
        form={form}
        errorTitle={t("reset.notChanged")}
        errors={form.errors ?? fields.token.errors}
        pending={pending}
        pendingLabel={t("reset.pending")}
        className="w-full"
      >
        {t("reset.submit")}
      </SubmitRow>
    </SchemaForm>
  );
}
