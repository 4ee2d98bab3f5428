import type { FieldMetadata } from "@conform-to/react";
import { SelectField } from "~/components/ui/schema-form";
import { LANGUAGE_NAMES, LANGUAGES, useT } from "~/utils/i18n";

// The invitee's language on the invite forms (/employees/invite, /settings/team): the mail and
// the join page it links to are in it. The form's default is the company's language
// (decision 0123). Each language is named in itself ("English", "Español").
export function InvitationLanguageField<FieldSchema>({
  field,
}: {
  field: FieldMetadata<FieldSchema, Record<string, unknown>, string[]>;
}) {
  const t = useT("invitations");
  return (
    <SelectField
      label={t("invite.language")}
      field={field}
      aria-describedby={`${field.id}-hint`}
      after={
        <p id={`${field.id}-hint`} className="mt-1 text-xs text-gray-600">
          {t("invite.languageHint")}
        </p>
      }
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </SelectField>
  );
}
