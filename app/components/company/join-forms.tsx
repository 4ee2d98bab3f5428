import { getInputProps, type SubmissionResult } from "@conform-to/react";

import { SubmitRow } from "~/components/ui/submit-row";
import { CheckboxField, Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import {
  acceptInvitationSchema,
  joinWithAccountSchema,
} from "~/validation/company";
import { useT } from "~/utils/i18n";

// The invitation page's forms (/join): a new account for someone not signed in, or one press
// for a signed-in employee who has no company yet, who first confirms that the address the
// invitation was sent to is theirs. Both post to /join.

export function CreateAccountForm({
  firstName,
  lastName,
  lastResult,
}: {
  firstName: string;
  lastName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const t = useT("invitations");
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: "join-create",
    schema: acceptInvitationSchema,
    lastResult,
    defaultValue: { firstName, lastName },
  });
  return (
    <SchemaForm form={form} method="post" className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="create" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t("join.firstName")}
          errors={fields.firstName.errors}
          inputProps={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
          }}
        />
        <Field
          label={t("join.lastName")}
          errors={fields.lastName.errors}
          inputProps={{
            ...getInputProps(fields.lastName, { type: "text" }),
            autoComplete: "family-name",
          }}
        />
      </div>
      <Field
        label={t("join.username")}
        errors={fields.username.errors}
        inputProps={{
          ...getInputProps(fields.username, { type: "text" }),
          autoComplete: "username",
        }}
      />
      <Field
        label={t("join.password")}
        errors={fields.password.errors}
        hint={t("join.passwordHint")}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
      <SubmitRow
        form={form}
        errorTitle={t("join.notCreated")}
        pending={pending}
        pendingLabel={t("join.creating")}
        className="w-full"
      >
        {t("join.create")}
      </SubmitRow>
    </SchemaForm>
  );
}

export function JoinWithAccountForm({
  company,
  invitedEmail,
  accountEmail,
  lastResult,
  error,
}: {
  company: string;
  /** The address the invitation was sent to. */
  invitedEmail: string;
  /** The signed-in account's address. */
  accountEmail: string;
  lastResult?: SubmissionResult<string[]>;
  error?: string;
}) {
  const t = useT("invitations");
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: "join-existing",
    schema: joinWithAccountSchema,
    lastResult,
  });
  const sameAddress =
    invitedEmail.trim().toLowerCase() === accountEmail.trim().toLowerCase();
  return (
    <SchemaForm form={form} method="post" className="mt-6 space-y-4">
      <input type="hidden" name="intent" value="join" />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p className="text-gray-700">
        {t("join.sentTo", { email: invitedEmail })}{" "}
        {sameAddress ? null : t("join.otherAddress", { email: accountEmail })}
      </p>
      <CheckboxField
        label={t("join.confirmAddress", { email: invitedEmail })}
        errors={fields.confirmAddress.errors}
        inputProps={{
          ...getInputProps(fields.confirmAddress, { type: "checkbox" }),
        }}
      />
      <SubmitRow
        form={form}
        errorTitle={t("join.notJoined")}
        pending={pending}
        pendingLabel={t("join.joining")}
        className="w-full"
      >
        {t("join.join", { company })}
      </SubmitRow>
    </SchemaForm>
  );
}
