import { type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SubmitButton, SubmitRow } from "~/components/ui/submit-row";

import { FormError } from "~/components/ui/field";
import { ErrorList } from "~/components/ui/error-list";
import {
  InputField,
  PersonFields,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import {
  EMAIL_CHOICES_INTENT,
  LANGUAGE_INTENT,
  languagePreferenceSchema,
  NET_PAY_INTENT,
  netPaySchema,
  profileSchema,
} from "~/validation/profile";
import type { ToastData } from "~/components/ui/toast";
import { useIsPending } from "~/components/use-is-pending";
import { LANGUAGE_NAMES, LANGUAGES, useT, withElements } from "~/utils/i18n";

// The profile page's forms (SPEC §2 Profile): account settings with the password change and the
// e-mail choices and the language; the read-only details are in profile-details.tsx.

export type ActionData = {
  result?: SubmissionResult<string[]>;
  languageResult?: SubmissionResult<string[]>;
  sessionError?: string;
  pushError?: string;
  /** The net pay form's reply. */
  netPayResult?: SubmissionResult<string[]>;
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
  const t = useT("profile");
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
    <SchemaForm form={form} method="post" className="space-y-4">
      <PersonFields fields={fields} />
      <InputField label={t("form.department")} field={fields.department} />
      <fieldset className="space-y-4 border-t border-gray-100 pt-4">
        <legend className="pt-4 text-sm font-semibold text-gray-900">
          {t("form.changePassword")}
        </legend>
        <p className="text-xs text-gray-600">{t("form.keepPassword")}</p>
        <InputField
          label={t("form.currentPassword")}
          type="password"
          field={fields.currentPassword}
          autoComplete="current-password"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t("form.newPassword")}
            type="password"
            field={fields.newPassword}
            autoComplete="new-password"
          />
          <InputField
            label={t("form.confirmPassword")}
            type="password"
            field={fields.confirmPassword}
            autoComplete="new-password"
          />
        </div>
      </fieldset>
      <FormError
        id={form.errorId}
        title={t("form.failed")}
        errors={form.errors}
      />
      <div className="flex justify-end">
        <SubmitButton pending={pending} pendingLabel={t("form.saving")}>
          {t("form.save")}
        </SubmitButton>
      </div>
    </SchemaForm>
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
  const t = useT("profile");
  return (
    <Form method="post" id="email-choices" className="space-y-3">
      <input type="hidden" name="intent" value={EMAIL_CHOICES_INTENT} />
      <p className="text-sm text-gray-700">
        {withElements(t("emailChoices.always"), {
          link: (
            <a href="/outbox" className="text-brand-700 underline">
              {t("emailChoices.seeSent")}
            </a>
          ),
        })}
      </p>
      {(["decisions", "deductions"] as const).map((choice) => (
        <label
          key={choice}
          className="flex items-center gap-2 text-sm text-gray-800"
        >
          <input
            type="checkbox"
            name={choice}
            defaultChecked={choices[choice]}
            className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
          />
          {t(`emailChoices.${choice}`)}
        </label>
      ))}
      <div className="flex justify-end">
        <SubmitButton
          pending={pending}
          pendingLabel={t("form.saving")}
          variant="secondary"
        >
          {t("emailChoices.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * The language of the user's pages and e-mails, saved on the user: English, Spanish, or none
 * chosen (the browser's language decides). A plain form: it works without JavaScript.
 */
export function LanguageForm({
  choice,
  actionData,
}: {
  choice: string;
  actionData: ActionData | undefined;
}) {
  const pending = useIsPending({ formData: { intent: LANGUAGE_INTENT } });
  const t = useT("profile");
  const [form, fields] = useSchemaForm({
    id: "language",
    schema: languagePreferenceSchema,
    lastResult: actionData?.languageResult ?? null,
    defaultValue: { intent: LANGUAGE_INTENT, language: choice },
  });
  const options = [
    ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l })),
    { value: "browser", label: t("language.browser"), lang: undefined },
  ];
  return (
    <SchemaForm form={form} method="post" className="space-y-3">
      <input type="hidden" name="intent" value={LANGUAGE_INTENT} />
      <fieldset aria-describedby={`${fields.language.id}-hint`}>
        <legend className="text-sm font-medium text-gray-900">
          {t("language.legend")}
        </legend>
        <p id={`${fields.language.id}-hint`} className="text-xs text-gray-600">
          {t("language.hint")}
        </p>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {options.map((o) => (
            <label
              key={o.value}
              className="flex items-center gap-2 text-sm text-gray-800"
            >
              <input
                type="radio"
                name={fields.language.name}
                value={o.value}
                defaultChecked={choice === o.value}
                className="h-4 w-4 border-gray-400 text-brand-700 focus:ring-brand-600"
              />
              <span lang={o.lang}>{o.label}</span>
            </label>
          ))}
        </div>
        <ErrorList
          id={fields.language.errorId}
          errors={fields.language.errors}
        />
      </fieldset>
      <div className="flex justify-end">
        <SubmitButton
          pending={pending}
          pendingLabel={t("form.saving")}
          variant="secondary"
        >
          {t("language.save")}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}

/**
 * The employee's usual net pay of one paycheck (optional; empty removes it): what the request
 * rules check an advance's deduction against. The same schema checks it on the server.
 */
export function NetPayForm({
  amount,
  actionData,
}: {
  /** The net pay on record, in dollars ("1250.00"), or empty. */
  amount: string;
  actionData: ActionData | undefined;
}) {
  const pending = useIsPending({ formData: { intent: NET_PAY_INTENT } });
  const t = useT("profile");
  const [form, fields] = useSchemaForm({
    id: "net-pay",
    schema: netPaySchema,
    lastResult: actionData?.netPayResult ?? null,
    defaultValue: { netPay: amount },
    shouldValidate: "onBlur",
  });
  return (
    <SchemaForm form={form} method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={NET_PAY_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t("netPay.label")}
          field={fields.netPay}
          inputMode="decimal"
          prefix="$"
          autoComplete="off"
        />
      </div>
      <SubmitRow
        form={form}
        errorTitle={t("netPay.failed")}
        pending={pending}
        pendingLabel={t("netPay.saving")}
        variant="secondary"
      >
        {t("netPay.save")}
      </SubmitRow>
    </SchemaForm>
  );
}
