import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { useT, type Language } from "~/utils/i18n";
import { InvitationLanguageField } from "./invitation-language-field";
import { inviteEmployeeSchema } from "~/validation/company";

/** The Invite Employee form (/employees/invite): the employee chooses their own password. */
export function InviteEmployeeForm({
  lastResult,
  language,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The company's language: the invitation's unless the admin picks another. */
  language: Language;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: "invite-employee",
    schema: inviteEmployeeSchema,
    lastResult,
    defaultValue: { language },
  });
  const t = useT("invitations");
  return (
    <SchemaForm
      form={form}
      method="post"
      action="/employees/invite"
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="invite" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("invite.firstName")}
          errors={fields.firstName.errors}
          inputProps={getInputProps(fields.firstName, { type: "text" })}
        />
        <Field
          label={t("invite.lastName")}
          errors={fields.lastName.errors}
          inputProps={getInputProps(fields.lastName, { type: "text" })}
        />
      </div>
      <Field
        label={t("invite.email")}
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "off",
        }}
      />
      <Field
        label={t("invite.department")}
        errors={fields.department.errors}
        inputProps={getInputProps(fields.department, { type: "text" })}
      />
      <Field
        label={t("invite.workState")}
        errors={fields.workState.errors}
        inputProps={{
          ...getInputProps(fields.workState, { type: "text" }),
          maxLength: 2,
          autoComplete: "off",
        }}
      />
      <InvitationLanguageField field={fields.language} />
      <SubmitRow
        form={form}
        errorTitle={t("invite.failed")}
        pending={pending}
        pendingLabel={t("invite.sending")}
      >
        {t("invite.submit")}
      </SubmitRow>
    </SchemaForm>
  );
}
