import {
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, FormError } from "~/components/ui/field";
import { InputField, useSchemaForm } from "~/components/ui/schema-form";
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
    },
  });
  const pending = useIsPending();
  const money = {
    type: "number" as const,
    min: 0,
    max: SETTINGS_MAX_ADVANCE_MAX,
    step: "0.01",
    inputMode: "decimal" as const,
  };

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <Card title="Company Profile">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <InputField
              label="Company name"
              field={fields.companyName}
              autoComplete="organization"
            />
          </div>
          <InputField
            label="Contact email"
            type="email"
            field={fields.contactEmail}
            autoComplete="email"
          />
          <InputField
            label="Contact phone"
            hint="Optional"
            type="tel"
            field={fields.contactPhone}
            autoComplete="tel"
            maxLength={CONTACT_PHONE_MAX}
          />
        </div>
      </Card>

      <Card title="Advance Program">
        <div className="grid gap-4 md:grid-cols-3">
          <Field
            label="Maximum advance"
            hint={`Between ${formatMoney(SETTINGS_MAX_ADVANCE_MIN)} and ${formatMoney(SETTINGS_MAX_ADVANCE_MAX)}. New employees start with this balance.`}
            prefix="$"
            suffix="USD"
            errors={fields.maxAdvance.errors}
            inputProps={{
              ...getInputProps(fields.maxAdvance, money),
              min: SETTINGS_MAX_ADVANCE_MIN,
            }}
          />
          <Field
            label="Auto-approval limit"
            hint="Requests under this amount are approved at once. 0 turns it off."
            prefix="$"
            suffix="USD"
            errors={fields.approvalLimit.errors}
            inputProps={{ ...getInputProps(fields.approvalLimit, money) }}
          />
          <Field
            label="Processing fee (read-only)"
            hint="Fixed flat fee per advance, with no interest."
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
            label="The company pays the fee"
            hint="Your employees then pay nothing for an advance: checkout asks them only to confirm, and each advance's fee is billed to the company (see Reports)."
            inputProps={{
              ...getInputProps(fields.companyPaysFee, { type: "checkbox" }),
            }}
          />
        </div>
      </Card>

      <Card title="Employee Management">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-gray-700">
            {employeeCount === 1
              ? "1 employee is"
              : `${employeeCount} employees are`}{" "}
            enrolled in your advance program.
          </p>
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/employees" variant="secondary">
              Manage Employees
            </LinkButton>
            <LinkButton to="/employees/add">Add Employee</LinkButton>
          </div>
        </div>
      </Card>

      <Card title="Notifications">
        <fieldset>
          <legend className="mb-3 text-sm text-gray-700">
            Send me an email about:
          </legend>
          <div className="space-y-3">
            <CheckboxField
              label="New advance requests"
              inputProps={{
                ...getInputProps(fields.notifyNewRequests, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label="Monthly reports"
              inputProps={{
                ...getInputProps(fields.notifyMonthlyReports, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label="System updates"
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
            See the e-mails sent to you
          </a>
        </p>
      </Card>

      <div className="flex items-center justify-end gap-4">
        <FormError
          id={form.errorId}
          title="Settings not saved"
          errors={form.errors}
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </Form>
  );
}
