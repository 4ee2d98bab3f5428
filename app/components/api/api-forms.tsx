import {
  getInputProps,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { SubmitRow } from "~/components/ui/submit-row";
import { ErrorList } from "~/components/ui/error-list";
import { CheckboxField, Field } from "~/components/ui/field";
import { SchemaForm, useSchemaForm } from "~/components/ui/schema-form";
import { useIsPending } from "~/components/use-is-pending";
import { API_SCOPES, WEBHOOK_EVENTS } from "~/utils/api-scopes";
import { useT } from "~/utils/i18n";
import {
  createApiKeySchema,
  createWebhookEndpointSchema,
  editWebhookEndpointSchema,
} from "~/validation/api-keys";

// The forms of /settings/api: create an API key (a name and its scopes), add a webhook
// endpoint (an address and its events), and change one (on its own page). They post to their
// page and work without JavaScript; the schemas are the ones the API's routes parse (the edit
// form's is PATCH /api/webhook-endpoints/{id}'s with every field sent).

function Checkboxes({
  legend,
  name,
  options,
  labels,
  errors,
  errorId,
  checked,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  labels?: Record<string, string>;
  errors?: string[];
  errorId: string;
  /** The options ticked at first (the form's initial value). */
  checked?: unknown;
}) {
  const ticked = new Set(
    Array.isArray(checked) ? checked : checked ? [checked] : [],
  );
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
              defaultChecked={ticked.has(option)}
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

/** An endpoint's address and its events: the add and edit forms' first fields. */
function UrlAndEvents({
  url,
  events,
  checked,
}: {
  url: FieldMetadata<string | undefined, Record<string, unknown>, string[]>;
  events: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  checked?: unknown;
}) {
  const t = useT("settings");
  return (
    <>
      <Field
        label={t("api.endpointUrl")}
        errors={url.errors}
        inputProps={{
          ...getInputProps(url, { type: "url" }),
          autoComplete: "off",
          placeholder: "https://payroll.example.com/webhooks/grocery-advance",
        }}
      />
      <Checkboxes
        legend={t("api.events")}
        name={events.name}
        options={WEBHOOK_EVENTS}
        errors={events.errors}
        errorId={events.errorId}
        checked={checked}
      />
    </>
  );
}

type ApiFormProps = { lastResult: SubmissionResult<string[]> | undefined };

/** A form of /settings/api: Conform's state, and whether the page is on its way anywhere. */
function useApiForm<Schema extends z.ZodObject>(
  id: string,
  schema: Schema,
  lastResult: ApiFormProps["lastResult"],
  defaultValue?: Parameters<typeof useSchemaForm<Schema>>[0]["defaultValue"],
) {
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useSchemaForm({
    id,
    schema,
    lastResult,
    defaultValue,
  });
  return [form, fields, pending] as const;
}

/** The frame of a form of /settings/api: posted there (or to `action`) with its intent. */
function ApiForm<Fields extends Record<string, unknown>>({
  form,
  intent,
  action = "/settings/api",
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  intent: string;
  action?: string;
  children: ReactNode;
}) {
  return (
    <SchemaForm form={form} method="post" action={action} className="space-y-4">
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
      <UrlAndEvents url={fields.url} events={fields.events} />
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

/** An endpoint as the edit form starts from. */
export type EditableEndpoint = {
  id: number;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
};

export function EditWebhookEndpointForm({
  lastResult,
  endpoint,
}: ApiFormProps & { endpoint: EditableEndpoint }) {
  const [form, fields, pending] = useApiForm(
    "edit-webhook-endpoint",
    editWebhookEndpointSchema,
    lastResult,
    {
      url: endpoint.url,
      description: endpoint.description ?? "",
      enabled: endpoint.enabled,
    },
  );
  const t = useT("settings");
  return (
    <ApiForm
      form={form}
      intent="edit-endpoint"
      action={`/settings/api/webhooks/${endpoint.id}`}
    >
      <UrlAndEvents
        url={fields.url}
        events={fields.events}
        // After a refused submission, what was sent; else the endpoint's.
        checked={lastResult ? fields.events.initialValue : endpoint.events}
      />
      <Field
        label={t("api.endpointPage.description")}
        errors={fields.description.errors}
        inputProps={{
          ...getInputProps(fields.description, { type: "text" }),
          autoComplete: "off",
        }}
      />
      <CheckboxField
        label={t("api.endpointPage.enabled")}
        errors={fields.enabled.errors}
        inputProps={getInputProps(fields.enabled, { type: "checkbox" })}
      />
      <SubmitRow
        form={form}
        errorTitle={t("api.endpointPage.editFailed")}
        pending={pending}
        pendingLabel={t("api.endpointPage.saving")}
      >
        {t("api.endpointPage.save")}
      </SubmitRow>
    </ApiForm>
  );
}
