import { getInputProps, type SubmissionResult } from "@conform-to/react";
import { LinkButton } from "~/components/ui/button";
import { SubmitRow } from "~/components/ui/submit-row";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field } from "~/components/ui/field";
import {
  InputField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import { useLanguage, useT } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";
import {
  CONTACT_PHONE_MAX,
  SETTINGS_MAX_ADVANCE_MAX,
  SETTINGS_MAX_ADVANCE_MIN,
  companySettingsSchema,
} from "~/validation/settings";
import { useIsPending } from "~/components/use-is-pending";

// The Company Settings form (SPEC §3 company settings form, DESIGN §4 Settings): company
// profile, advance program and notification preferences; the processing fee is read-only.

/** The settings as the page shows them: money as "500.00" strings. */
export type CompanySettingsView = {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  maxAdvance: string;
  approvalLimit: string;
  processingFee: string;
  notifyNewRequests: boolean;
  notifyMonthlyReports: boolean;
  notifySystemUpdates: boolean;
  companyPaysFee: boolean;
  coolingOffDays: number;
  maxAdvancesPerYear: number;
  minPaycheckLeftPercent: number;
  /** The states the company's employees work in, named ("Connecticut, Indiana"), or "". */
  states: string;
  updatedAt: string;
};

export function SettingsForm({
  settings,
  employeeCount,
  lastResult,
}: {
  settings: CompanySettingsView;
  employeeCount: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "company-settings",
    schema: companySettingsSchema,
    lastResult,
    defaultValue: {
      companyName: settings.companyName,
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      maxAdvance: settings.maxAdvance,
      approvalLimit: settings.approvalLimit,
      notifyNewRequests: settings.notifyNewRequests,
      notifyMonthlyReports: settings.notifyMonthlyReports,
      notifySystemUpdates: settings.notifySystemUpdates,
      companyPaysFee: settings.companyPaysFee,
      coolingOffDays: String(settings.coolingOffDays),
      maxAdvancesPerYear: String(settings.maxAdvancesPerYear),
      minPaycheckLeftPercent: String(settings.minPaycheckLeftPercent),
    },
  });
  const pending = useIsPending();
  const t = useT("settings");
  const language = useLanguage();
  const money = {
    type: "number" as const,
    min: 0,
    max: SETTINGS_MAX_ADVANCE_MAX,
    step: "0.01",
    inputMode: "decimal" as const,
  };

  return (
    <SchemaForm form={form} method="post" className="space-y-6">
      <Card title={t("form.profile")}>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <InputField
              label={t("form.companyName")}
              field={fields.companyName}
              autoComplete="organization"
            />
          </div>
          <InputField
            label={t("form.contactEmail")}
            type="email"
            field={fields.contactEmail}
            autoComplete="email"
          />
          <InputField
            label={t("form.contactPhone")}
            hint={t("form.optional")}
            type="tel"
            field={fields.contactPhone}
            autoComplete="tel"
            maxLength={CONTACT_PHONE_MAX}
          />
        </div>
      </Card>

      <Card title={t("form.program")}>
        <div className="grid gap-4 md:grid-cols-3">
          <Field
            label={t("form.maxAdvance")}
            hint={t("form.maxAdvanceHint", {
              min: formatMoney(SETTINGS_MAX_ADVANCE_MIN, language),
              max: formatMoney(SETTINGS_MAX_ADVANCE_MAX, language),
            })}
            prefix="$"
            suffix="USD"
            errors={fields.maxAdvance.errors}
            inputProps={{
              ...getInputProps(fields.maxAdvance, money),
              min: SETTINGS_MAX_ADVANCE_MIN,
            }}
          />
          <Field
            label={t("form.approvalLimit")}
            hint={t("form.approvalLimitHint")}
            prefix="$"
            suffix="USD"
            errors={fields.approvalLimit.errors}
            inputProps={{ ...getInputProps(fields.approvalLimit, money) }}
          />
          <Field
            label={t("form.fee")}
            hint={t("form.feeHint")}
            prefix="$"
            suffix="USD"
            inputProps={{
              id: "processing-fee",
              type: "text",
              value: settings.processingFee,
              readOnly: true,
              "aria-readonly": true,
            }}
          />
        </div>
        <div className="mt-4">
          <CheckboxField
            label={t("form.companyPays")}
            hint={t("form.companyPaysHint")}
            inputProps={{
              ...getInputProps(fields.companyPaysFee, { type: "checkbox" }),
            }}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            label={t("form.coolingOffDays")}
            hint={t("form.coolingOffDaysHint")}
            errors={fields.coolingOffDays.errors}
            inputProps={{
              ...getInputProps(fields.coolingOffDays, { type: "number" }),
              min: 0,
              max: 90,
            }}
          />
          <Field
            label={t("form.maxAdvancesPerYear")}
            hint={t("form.maxAdvancesPerYearHint")}
            errors={fields.maxAdvancesPerYear.errors}
            inputProps={{
              ...getInputProps(fields.maxAdvancesPerYear, { type: "number" }),
              min: 1,
              max: 52,
            }}
          />
          <Field
            label={t("form.minPaycheckLeft")}
            hint={t("form.minPaycheckLeftHint")}
            errors={fields.minPaycheckLeftPercent.errors}
            inputProps={{
              ...getInputProps(fields.minPaycheckLeftPercent, {
                type: "number",
              }),
              min: 0,
              max: 90,
            }}
          />
        </div>
      </Card>

      <Card title={t("form.management")}>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-gray-700">
            {t("form.enrolled", { count: employeeCount })}{" "}
            {settings.states
              ? t("form.states", { states: settings.states })
              : t("form.noStates")}
          </p>
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/employees" variant="secondary">
              {t("form.manageEmployees")}
            </LinkButton>
            <LinkButton to="/employees/add">{t("form.addEmployee")}</LinkButton>
          </div>
        </div>
      </Card>

      <Card title={t("form.notifications")}>
        <fieldset>
          <legend className="mb-3 text-sm text-gray-700">
            {t("form.emailMeAbout")}
          </legend>
          <div className="space-y-3">
            <CheckboxField
              label={t("form.newRequests")}
              inputProps={{
                ...getInputProps(fields.notifyNewRequests, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label={t("form.monthlyReports")}
              inputProps={{
                ...getInputProps(fields.notifyMonthlyReports, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label={t("form.systemUpdates")}
              inputProps={{
                ...getInputProps(fields.notifySystemUpdates, {
                  type: "checkbox",
                }),
              }}
            />
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-gray-700">
          <a href="/outbox" className="text-brand-700 underline">
            {t("form.outbox")}
          </a>
        </p>
      </Card>

      <div className="flex items-center justify-end gap-4">
        <SubmitRow
          form={form}
          errorTitle={t("form.failed")}
          pending={pending}
          pendingLabel={t("form.saving")}
        >
          {t("form.save")}
        </SubmitRow>
      </div>
    </SchemaForm>
  );
}
