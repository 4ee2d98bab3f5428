import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ApiKeysTable, SecretOnce } from "~/components/api/api-keys-table";
import {
  DeliveriesTable,
  EndpointsTable,
} from "~/components/api/webhooks-tables";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
} from "~/models/integrations/index.server";
import { formatDateTime } from "~/utils/dates";
import { pageTitle } from "~/utils/meta";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  createApiKeySchema,
  createWebhookEndpointSchema,
  parseId,
  parseWithZod,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";

// /settings/api (owners only): the company's API keys — create one (its secret is shown once,
// in the answer to the form, and never again), see each key's scopes and last use, revoke —
// and its webhook endpoints (add, with the signing secret shown once; remove) and the latest
// deliveries with each attempt's response code (resend).

const CreateApiKeyForm = island(() =>
  import("~/components/api/api-forms").then((m) => m.CreateApiKeyForm),
);
const AddWebhookEndpointForm = island(() =>
  import("~/components/api/api-forms").then((m) => m.AddWebhookEndpointForm),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const [keys, endpoints, deliveries] = await Promise.all([
    listApiKeys(owner),
    listWebhookEndpoints(owner),
    listWebhookDeliveries(owner, 50),
  ]);
  return json({
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events,
      disabledText: e.disabledAt ? formatDateTime(e.disabledAt) : null,
    })),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      type: d.type,
      eventId: d.eventId,
      url: d.url,
      status: d.status,
      createdText: formatDateTime(d.createdAt),
      attempts: d.attempts.map((a) =>
        a.status !== null
          ? `HTTP ${a.status} (${a.ms} ms)`
          : (a.error ?? "error"),
      ),
    })),
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      hint: k.hint,
      scopes: k.scopes,
      createdText: formatDateTime(k.createdAt),
      lastUsedText: k.lastUsedAt ? formatDateTime(k.lastUsedAt) : "Never",
      revokedText: k.revokedAt ? formatDateTime(k.revokedAt) : null,
    })),
  });
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  endpointResult?: SubmissionResult<string[]>;
  created?: { name: string; key: string };
  endpoint?: { url: string; secret: string };
};

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "revoke-key") {
    const id = parseId(formData.get("keyId")) ?? 0;
    return toastOutcome("/settings/api", async () => {
      const key = await revokeApiKey(owner, id);
      return redirectWithSuccess(
        "/settings/api",
        "Key revoked",
        `${key.name} no longer works.`,
      );
    });
  }
  if (intent === "delete-endpoint") {
    const id = parseId(formData.get("endpointId")) ?? 0;
    return toastOutcome("/settings/api", async () => {
      const endpoint = await deleteWebhookEndpoint(owner, id);
      return redirectWithSuccess(
        "/settings/api",
        "Endpoint removed",
        `${endpoint.url} gets no more events.`,
      );
    });
  }
  if (intent === "resend-delivery") {
    const id = parseId(formData.get("deliveryId")) ?? 0;
    return toastOutcome("/settings/api", async () => {
      await resendWebhookDelivery(owner, id);
      return redirectWithSuccess(
        "/settings/api",
        "Delivery queued",
        "The event will be sent again shortly.",
      );
    });
  }
  if (intent === "add-endpoint") {
    const submission = parseWithZod(formData, {
      schema: createWebhookEndpointSchema,
    });
    if (submission.status !== "success")
      return json<ActionData>(
        { endpointResult: submission.reply() },
        { status: 400 },
      );
    return attempt(
      async () => {
        const endpoint = await createWebhookEndpoint(owner, submission.value);
        return json<ActionData>({
          endpointResult: submission.reply({ resetForm: true }),
          endpoint: { url: endpoint.url, secret: endpoint.secret },
        });
      },
      (error): ActionData => ({
        endpointResult: replyToFailure(submission, error, { fields: true }),
      }),
    );
  }
  const submission = parseWithZod(formData, { schema: createApiKeySchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const created = await createApiKey(owner, submission.value);
      // The secret is in this answer only: no redirect, no toast cookie, nothing stored.
      return json<ActionData>({
        result: submission.reply({ resetForm: true }),
        created: { name: created.name, key: created.key },
      });
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, { fields: true }),
    }),
  );
}

export default function ApiSettingsPage() {
  const { keys, endpoints, deliveries } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const created = actionData?.created;
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">API</h1>
        <p className="mt-1 text-gray-700">
          Keys let your payroll or HR system call the{" "}
          <a className="font-medium text-brand-700 underline" href="/api/docs">
            JSON API
          </a>{" "}
          for your company with <code>Authorization: Bearer …</code>, limited to
          the scopes you choose.
        </p>
      </div>
      {created ? (
        <SecretOnce
          id="new-api-key"
          label="The new API key"
          value={created.key}
        >
          Your new key “{created.name}”. Copy it now: it will not be shown
          again.
        </SecretOnce>
      ) : null}
      <Card title="API keys">
        <ApiKeysTable keys={keys} />
      </Card>
      <Card title="Create a key">
        <CreateApiKeyForm lastResult={actionData?.result} />
      </Card>
      {actionData?.endpoint ? (
        <SecretOnce
          id="new-webhook-secret"
          label="The signing secret"
          value={actionData.endpoint.secret}
        >
          Endpoint added. Its signing secret (check each delivery&apos;s
          Grocery-Advance-Signature with it) will not be shown again.
        </SecretOnce>
      ) : null}
      <Card title="Webhook endpoints">
        <EndpointsTable endpoints={endpoints} />
      </Card>
      <Card title="Add a webhook endpoint">
        <AddWebhookEndpointForm lastResult={actionData?.endpointResult} />
      </Card>
      <Card title="Recent deliveries">
        <DeliveriesTable deliveries={deliveries} />
      </Card>
      <p className="text-sm text-gray-700">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          Back to settings
        </Link>
      </p>
    </div>
  );
}

export const meta = pageTitle("API");

export const ErrorBoundary = GeneralErrorBoundary;
