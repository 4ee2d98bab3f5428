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
  isDeliveryFailure,
  enableWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
} from "~/models/integrations/index.server";
import { formatDateTime } from "~/utils/dates";
import { translatedTitle, useT, withElements } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
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
// and its webhook endpoints (add, at most 10, with the signing secret shown once; remove; enable
// one disabled after failing) and the latest
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
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "messages"],
    owner,
  );
  const t = serverT(language, "settings");
  const when = (date: Date | string) => formatDateTime(date, language);
  return json({
    i18n,
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      events: e.events,
      disabledText: e.disabledAt
        ? t("api.disabled", {
            date: when(e.disabledAt),
            failures: e.consecutiveFailures,
            since: when(e.failingSince ?? e.disabledAt),
          })
        : null,
    })),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      type: d.type,
      eventId: d.eventId,
      url: d.url,
      status: d.status,
      createdText: when(d.createdAt),
      // A failure in plain words (an older attempt's socket message is never shown).
      attempts: d.attempts.map((a) =>
        a.status !== null
          ? `HTTP ${a.status} (${a.ms} ms)`
          : t(
              `api.attemptErrors.${isDeliveryFailure(a.error) ? a.error : "connection_failed"}`,
            ),
      ),
    })),
    keys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      hint: k.hint,
      scopes: k.scopes,
      createdText: when(k.createdAt),
      lastUsedText: k.lastUsedAt ? when(k.lastUsedAt) : t("api.never"),
      revokedText: k.revokedAt ? when(k.revokedAt) : null,
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
  if (intent === "enable-endpoint") {
    const id = parseId(formData.get("endpointId")) ?? 0;
    return toastOutcome("/settings/api", async () => {
      const endpoint = await enableWebhookEndpoint(owner, id);
      return redirectWithSuccess(
        "/settings/api",
        "Endpoint enabled",
        `${endpoint.url} gets events again.`,
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
  const t = useT("settings");
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("api.heading")}</h1>
        <p className="mt-1 text-gray-700">
          {withElements(t("api.intro"), {
            link: (
              <a
                className="font-medium text-brand-700 underline"
                href="/api/docs"
              >
                {t("api.jsonApi")}
              </a>
            ),
            code: <code>Authorization: Bearer …</code>,
          })}
        </p>
      </div>
      {created ? (
        <SecretOnce
          id="new-api-key"
          label={t("api.newKeyLabel")}
          value={created.key}
        >
          {t("api.newKey", { name: created.name })}
        </SecretOnce>
      ) : null}
      <Card title={t("api.keys")}>
        <ApiKeysTable keys={keys} />
      </Card>
      <Card title={t("api.createKey")}>
        <CreateApiKeyForm lastResult={actionData?.result} />
      </Card>
      {actionData?.endpoint ? (
        <SecretOnce
          id="new-webhook-secret"
          label={t("api.secretLabel")}
          value={actionData.endpoint.secret}
        >
          {t("api.endpointAdded")}
        </SecretOnce>
      ) : null}
      <Card title={t("api.endpoints")}>
        <EndpointsTable endpoints={endpoints} />
      </Card>
      <Card title={t("api.addEndpoint")}>
        <AddWebhookEndpointForm lastResult={actionData?.endpointResult} />
      </Card>
      <Card title={t("api.recentDeliveries")}>
        <DeliveriesTable deliveries={deliveries} />
      </Card>
      <p className="text-sm text-gray-700">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("api.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.api");

export const ErrorBoundary = GeneralErrorBoundary;
