import {
  getInputProps,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { SubmitRow } from "~/components/ui/submit-row";
import { ErrorList } from "~/components/ui/error-list";
import { Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { API_SCOPES, WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { useT } from "~/utils/i18n";
import {
  createApiKeySchema,
  createWebhookEndpointSchema,
} from "~/validation/api-keys";

// The forms of /settings/api: create an API key (a name and its scopes) and add a webhook
// endpoint (an address and its events). Both post to /settings/api and work without
// JavaScript; the schemas are the ones POST /api/api-keys and /api/webhook-endpoints parse.

function Checkboxes({
  legend,
  name,
  options,
  labels,
  errors,
  errorId,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  labels?: Record<string, string>;
  errors?: string[];
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1 block text-sm font-medium text-gray-800">
        {legend}
      </legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option}
              className="mt-1"
            />
            <span>
              <code className="font-mono text-xs">{option}</code>
              {labels ? (
                <span className="block text-gray-600">{labels[option]}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

type ApiFormProps = { lastResult: SubmissionResult<string[]> | undefined };

/** A form of /settings/api: Conform's state, and whether the page is on its way anywhere. */
function useApiForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  lastResult: ApiFormProps["lastResult"],
) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({ id, schema, lastResult });
  return [form, fields, pending] as const;
}

/** The frame of a form of /settings/api: posted there with its intent. */
function ApiForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  intent: string;
  children: ReactNode;
}) {
  return (
    <SchemaForm
      form={form}
      method="post"
      action="/settings/api"
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
    </SchemaForm>
  );
}

export function CreateApiKeyForm({ lastResult }: ApiFormProps) {
  const [form, fields, pending] = useApiForm(
    "create-api-key",
    createApiKeySchema,
    lastResult,
  );
  const t = useT("settings");
  // The scopes' labels are keyed "employees_read" (":" separates namespaces in a key).
  const scopeLabels = Object.fromEntries(
    API_SCOPES.map((s) => [s, t(`api.scopeLabels.${s.replace(":", "_")}`)]),
  );
  return (
    <ApiForm form={form} intent="create-key">
      <Field
        label={t("api.name")}
        errors={fields.name.errors}
        inputProps={{
          ...getInputProps(fields.name, { type: "text" }),
          autoComplete: "off",
        }}
      />
      <Checkboxes
        legend={t("api.scopes")}
        name={fields.scopes.name}
        options={API_SCOPES}
        labels={scopeLabels}
        errors={fields.scopes.errors}
        errorId={fields.scopes.errorId}
      />
      <SubmitRow
        form={form}
        errorTitle={t("api.keyFailed")}
        pending={pending}
        pendingLabel={t("api.creating")}
      >
        {t("api.create")}
      </SubmitRow>
    </ApiForm>
  );
}

export function AddWebhookEndpointForm({ lastResult }: ApiFormProps) {
  const [form, fields, pending] = useApiForm(
    "add-webhook-endpoint",
    createWebhookEndpointSchema,
    lastResult,
  );
  const t = useT("settings");
  return (
    <ApiForm form={form} intent="add-endpoint">
      <Field
        label={t("api.endpointUrl")}
        errors={fields.url.errors}
        inputProps={{
          ...getInputProps(fields.url, { type: "url" }),
          autoComplete: "off",
          placeholder: "https://payroll.example.com/webhooks/grocery-advance",
        }}
      />
      <Checkboxes
        legend={t("api.events")}
        name={fields.events.name}
        options={WEBHOOK_EVENTS}
        errors={fields.events.errors}
        errorId={fields.events.errorId}
      />
      <SubmitRow
        form={form}
        errorTitle={t("api.endpointFailed")}
        pending={pending}
        pendingLabel={t("api.adding")}
      >
        {t("api.add")}
      </SubmitRow>
    </ApiForm>
  );
}
