import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { SubmitRow } from "~/components/ui/submit-row";
import { Field } from "~/components/ui/field";
import {
  SelectField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import type { CompanyRole } from "~/utils/company-roles";
import { useT, withElements, type Language } from "~/utils/i18n";
import { InvitationLanguageField } from "./invitation-language-field";
import { inviteMemberSchema } from "~/validation/company";

// The team page's forms (/settings/team): invite a colleague with a role; change a member's
// role; remove a member. All post to /settings/team and work without JavaScript.

const ROLES: CompanyRole[] = ["OWNER", "ADMIN", "APPROVER"];

export function InviteMemberForm({
  lastResult,
  language,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  /** The company's language: the invitation's unless the owner picks another. */
  language: Language;
}) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id: "invite-member",
    schema: inviteMemberSchema,
    lastResult,
    defaultValue: { role: "APPROVER", language },
  });
  const t = useT("settings");
  return (
    <SchemaForm
      form={form}
      method="post"
      action="/settings/team"
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="invite-member" />
      <Field
        label={t("team.email")}
        errors={fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "off",
        }}
      />
      <SelectField
        label={t("team.role")}
        field={fields.role}
        aria-describedby={`${fields.role.id}-hint`}
        after={
          <ul
            id={`${fields.role.id}-hint`}
            className="mt-1 space-y-0.5 text-xs text-gray-600"
          >
            {ROLES.map((role) => (
              <li key={role}>
                {withElements(
                  t("team.roleDescription", {
                    description: t(`invitations:roleDescriptions.${role}`),
                  }),
                  {
                    role: (
                      <span className="font-medium">
                        {t(`invitations:roles.${role}`)}
                      </span>
                    ),
                  },
                )}
              </li>
            ))}
          </ul>
        }
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`invitations:roles.${role}`)}
          </option>
        ))}
      </SelectField>
      <InvitationLanguageField field={fields.language} />
      <SubmitRow
        form={form}
        errorTitle={t("team.failed")}
        pending={pending}
        pendingLabel={t("team.sending")}
      >
        {t("team.send")}
      </SubmitRow>
    </SchemaForm>
  );
}
