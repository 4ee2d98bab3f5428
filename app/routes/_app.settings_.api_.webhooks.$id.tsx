import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { SecretOnce } from "~/components/api/api-keys-table";
import { DeliveryLog, DisabledNotice } from "~/components/api/endpoint-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { RowAction } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  enableWebhookEndpoint,
  getWebhookEndpoint,
  listEndpointDeliveries,
  redeliverWebhook,
  rotateWebhookSecret,
  SECRET_OVERLAP_HOURS,
  sendTestWebhook,
  updateWebhookEndpoint,
  webhookDisabledCause,
} from "~/models/integrations/index.server";
import { formatDateTime } from "~/utils/dates";
import { isAppError } from "~/utils/errors";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_DISABLE_AFTER_HOURS,
} from "~/utils/rules";
import { readPageParam } from "~/validation/pagination";
import { languageFor, pageI18n } from "~/web/language.server";
import {
  attempt,
  editWebhookEndpointSchema,
  parseId,
  parseWithZod,
  readFormData,
  redirectWithSuccess,
  replyToFailure,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";

// /settings/api/webhooks/:id (owners only, as /settings/api): one webhook endpoint operated as
// the API does it (docs/api-guide.md, "Operating an endpoint"), with the same model functions —
// its delivery log (paged; redeliver one), a signed test event, its url/events/description/
// enabled changed, its secret rotated (the new one shown once, the old one signing 24 hours
// more), and, when it is disabled, why and how to enable it again. Plain form posts: no
// JavaScript needed.

const LOG_PAGE_SIZE = 20;

const EditWebhookEndpointForm = island(() =>
  import("~/components/api/api-forms").then((m) => m.EditWebhookEndpointForm),
);

/** The endpoint's id from the address; anything else is this page's 404. */
function endpointIdOf(params: LoaderFunctionArgs["params"]): number {
  const id = parseId(params.id);
  if (id === null)
    throw json({ message: "Webhook endpoint not found" }, { status: 404 });
  return id;
}

/** A model's 404 (another company's endpoint, or none) as the page's 404. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.status === 404)
      throw json({ message: error.message }, { status: 404 });
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const id = endpointIdOf(params);
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "messages"],
    owner,
  );
  const url = new URL(request.url);
  const [endpoint, log] = await orNotFound(
    Promise.all([
      getWebhookEndpoint(owner, id),
      listEndpointDeliveries(
        owner,
        id,
        { page: readPageParam(url), pageSize: LOG_PAGE_SIZE },
        { language, clamp: true },
      ),
    ]),
  );
  const t = serverT(language, "settings");
  const when = (date: string) => formatDateTime(date, language);
  const cause = webhookDisabledCause(endpoint);
  return json({
    i18n,
    endpoint: {
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      description: endpoint.description,
      enabled: endpoint.disabledAt === null,
      addedText: t("api.endpointPage.added", {
        date: when(endpoint.createdAt),
        version: endpoint.apiVersion,
      }),
      disabled:
        cause && endpoint.disabledAt
          ? {
              why:
                cause === "failures"
                  ? t("api.endpointPage.disabledFailures", {
                      date: when(endpoint.disabledAt),
                      failures: endpoint.consecutiveFailures,
                      since: when(endpoint.failingSince ?? endpoint.disabledAt),
                      limit: WEBHOOK_DISABLE_AFTER_FAILURES,
                      hours: WEBHOOK_DISABLE_AFTER_HOURS,
                    })
                  : t("api.endpointPage.disabledTurnedOff", {
                      date: when(endpoint.disabledAt),
                    }),
            }
          : null,
      secretText: t("api.endpointPage.secretText", {
        hours: SECRET_OVERLAP_HOURS,
      }),
      overlapText: endpoint.rotationOverlapEndsAt
        ? t("api.endpointPage.overlap", {
            date: when(endpoint.rotationOverlapEndsAt),
          })
        : null,
    },
    log: {
      page: log.page,
      pageCount: log.pageCount,
      rows: log.items.map((d) => ({
        id: d.id,
        type: d.type,
        eventId: d.eventId,
        createdText: when(d.createdAt),
        status: d.status,
        attempts: d.attempts,
        lastAnswer:
          d.lastError ??
          (d.lastStatusCode !== null
            ? t("api.endpointPage.answered", { status: d.lastStatusCode })
            : null),
        lastFailed: d.lastError !== null,
        nextText: d.nextAttemptAt ? when(d.nextAttemptAt) : null,
      })),
    },
  });
}

type ActionData = {
  editResult?: SubmissionResult<string[]>;
  /** The new secret (this answer only) and, in words, until when the old one signs too. */
  rotated?: { secret: string; overlapEndsText: string };
};

export async function action({ request, params }: ActionFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const id = endpointIdOf(params);
  // Another company's endpoint (or none) is this page's 404 before anything is read or done.
  const endpoint = await orNotFound(getWebhookEndpoint(owner, id));
  const here = new URL(request.url);
  const back = `${here.pathname}${here.search}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "edit-endpoint") {
    const submission = parseWithZod(formData, {
      schema: editWebhookEndpointSchema,
    });
    if (submission.status !== "success")
      return json<ActionData>(
        { editResult: submission.reply() },
        { status: 400 },
      );
    const { url, events, description, enabled } = submission.value;
    return attempt(
      async () => {
        const changed = await updateWebhookEndpoint(owner, id, {
          url,
          events,
          // The form shows every field: an empty description clears it.
          description: description ?? null,
          enabled,
        });
        return redirectWithSuccess(
          back,
          "Endpoint changed",
          `${changed.url} is saved.`,
        );
      },
      (error): ActionData => ({
        editResult: replyToFailure(submission, error, { fields: true }),
      }),
    );
  }
  return toastOutcome(back, async () => {
    if (intent === "send-test") {
      await sendTestWebhook(owner, id);
      return redirectWithSuccess(
        back,
        "Test event queued",
        `A signed ping will be sent to ${endpoint.url} shortly.`,
      );
    }
    if (intent === "redeliver") {
      await redeliverWebhook(
        owner,
        id,
        parseId(formData.get("deliveryId")) ?? 0,
      );
      return redirectWithSuccess(
        back,
        "Delivery queued",
        "The event will be sent again shortly.",
      );
    }
    if (intent === "enable-endpoint") {
      const enabled = await enableWebhookEndpoint(owner, id);
      return redirectWithSuccess(
        back,
        "Endpoint enabled",
        `${enabled.url} gets events again.`,
      );
    }
    if (intent === "rotate-secret") {
      const rotated = await rotateWebhookSecret(owner, id);
      const language = languageFor(request, owner);
      // The secret is in this answer only: no redirect, nothing stored for a later page.
      return json<ActionData>({
        rotated: {
          secret: rotated.secret,
          overlapEndsText: formatDateTime(
            rotated.rotationOverlapEndsAt ?? new Date(),
            language,
          ),
        },
      });
    }
    return json({ message: "Unknown action" }, { status: 400 });
  });
}

export default function WebhookEndpointPage() {
  const { endpoint, log } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("settings");
  const rotated = actionData?.rotated;
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <p className="text-sm">
          <Link
            to="/settings/api"
            className="font-medium text-brand-700 underline"
          >
            {t("api.endpointPage.back")}
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">
          {t("api.endpointPage.heading")}
        </h1>
        <p className="mt-1 break-all font-mono text-sm text-gray-900">
          {endpoint.url}
        </p>
        {endpoint.description ? (
          <p className="mt-1 text-sm text-gray-700">{endpoint.description}</p>
        ) : null}
        <p className="mt-1 text-sm text-gray-700">{endpoint.addedText}</p>
        {endpoint.disabled ? null : (
          <p className="mt-1 text-sm font-medium text-green-800">
            {t("api.endpointPage.enabledNow")}
          </p>
        )}
      </div>
      {endpoint.disabled ? (
        <DisabledNotice
          endpointId={endpoint.id}
          url={endpoint.url}
          disabled={endpoint.disabled}
        />
      ) : null}
      {rotated ? (
        <SecretOnce
          id="rotated-webhook-secret"
          label={t("api.endpointPage.newSecretLabel")}
          value={rotated.secret}
        >
          {t("api.endpointPage.rotated", { date: rotated.overlapEndsText })}
        </SecretOnce>
      ) : null}
      <Card title={t("api.endpointPage.log")}>
        <DeliveryLog
          rows={log.rows}
          page={log.page}
          pageCount={log.pageCount}
          endpointId={endpoint.id}
        />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("api.endpointPage.test")}>
          <p className="mb-3 text-sm text-gray-700">
            {t("api.endpointPage.testText")}
          </p>
          <RowAction intent="send-test">
            {t("api.endpointPage.sendTest")}
          </RowAction>
        </Card>
        <Card title={t("api.endpointPage.secret")}>
          <p className="mb-3 text-sm text-gray-700">{endpoint.secretText}</p>
          {endpoint.overlapText ? (
            <p className="mb-3 text-sm text-gray-700">{endpoint.overlapText}</p>
          ) : null}
          <RowAction intent="rotate-secret">
            {t("api.endpointPage.rotate")}
          </RowAction>
        </Card>
      </div>
      <Card title={t("api.endpointPage.edit")}>
        <EditWebhookEndpointForm
          // Started afresh from the endpoint whenever it changes (Enable, a saved change).
          key={JSON.stringify([
            endpoint.url,
            endpoint.events,
            endpoint.description,
            endpoint.enabled,
          ])}
          lastResult={actionData?.editResult}
          endpoint={endpoint}
        />
      </Card>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.webhookEndpoint");

export const ErrorBoundary = GeneralErrorBoundary;
