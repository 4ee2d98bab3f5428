import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { buttonClass, PostButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  disconnectPayroll,
  getPayrollConnection,
  startPayrollConnect,
} from "~/models/integrations/index.server";
import {
  confirmOffboardingProposal,
  dismissOffboardingProposal,
  listOffboardingProposals,
  syncPayrollRosterNow,
} from "~/models/payroll/index.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
import {
  parseId,
  readFormData,
  redirectWithSuccess,
} from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";
import { keepConnectState } from "~/web/payroll-connect.server";

// /settings/payroll (owners only): the company's payroll connection through Finch. Connect is a
// plain form post answered by a redirect to Finch Connect (no JavaScript needed); Finch sends
// the owner back to /settings/payroll/callback. Shows the provider and what it shares, and
// disconnects; Sync now reads the roster, and the people it proposes for offboarding are
// confirmed or dismissed one by one. Off (and saying how to turn it on) while the server has no
// Finch credentials.

const PATH = "/settings/payroll";

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const view = await getPayrollConnection(owner);
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "messages"],
    owner,
  );
  const t = serverT(language, "settings");
  const proposals = view.connection
    ? await listOffboardingProposals(owner)
    : [];
  const day = (d: string | null) =>
    d
      ? formatDate(new Date(`${d}T12:00:00`), language)
      : t("payroll.unknownDate");
  const sync = view.connection?.lastSync;
  return json({
    i18n,
    enabled: view.enabled,
    connection: view.connection
      ? {
          title: t("payroll.connected", {
            provider: view.connection.providerName,
          }),
          byText: t("payroll.connectedBy", {
            name: view.connection.connectedByName,
            date: formatDate(view.connection.connectedAt, language),
          }),
          products: view.connection.products.map((p) =>
            t(`payroll.products.${p}`, { defaultValue: p }),
          ),
          syncText:
            sync && view.connection.lastSyncedAt
              ? t("payroll.lastSync", {
                  ...sync,
                  date: formatDateTime(view.connection.lastSyncedAt, language),
                })
              : t("payroll.neverSynced"),
        }
      : null,
    proposals: proposals.map((p) => ({
      id: p.id,
      employeeId: p.employeeId,
      name: p.name,
      lastPayDate: p.lastPayDate,
      text: t("payroll.proposal", {
        name: p.name,
        email: p.email,
        endDate: day(p.endDate),
        lastPayDate: day(p.lastPayDate),
      }),
    })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  return toastOutcome(PATH, async () => {
    if (intent === "sync") {
      await syncPayrollRosterNow(owner);
      return redirectWithSuccess(
        PATH,
        "Roster synced",
        "The roster was read from your payroll system.",
      );
    }
    if (intent === "confirm-offboarding") {
      const done = await confirmOffboardingProposal(
        owner,
        parseId(formData.get("proposalId")) ?? 0,
        {},
      );
      return redirectWithSuccess(
        PATH,
        "Offboarding confirmed",
        `${done.name} was offboarded with the last pay date from payroll.`,
      );
    }
    if (intent === "dismiss-offboarding") {
      await dismissOffboardingProposal(
        owner,
        parseId(formData.get("proposalId")) ?? 0,
      );
      return redirectWithSuccess(
        PATH,
        "Proposal dismissed",
        "Nobody was offboarded.",
      );
    }
    if (intent === "disconnect") {
      await disconnectPayroll(owner);
      return redirectWithSuccess(
        PATH,
        "Payroll disconnected",
        "The access was revoked at Finch and deleted here.",
      );
    }
    const { connectUrl, state } = await startPayrollConnect(owner);
    return redirect(connectUrl, {
      headers: { "Set-Cookie": await keepConnectState(request, state) },
    });
  });
}

export default function PayrollConnectionPage() {
  const { enabled, connection, proposals } = useLoaderData<typeof loader>();
  const t = useT("settings");
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("payroll.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("payroll.intro")}</p>
      </div>
      {!enabled ? (
        <Card title={t("payroll.off")}>
          <p className="text-sm text-gray-700">{t("payroll.offHow")}</p>
        </Card>
      ) : connection ? (
        <Card title={connection.title}>
          <p className="text-sm text-gray-700">{connection.byText}</p>
          <h3 className="mt-4 text-sm font-semibold text-gray-900">
            {t("payroll.granted")}
          </h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
            {connection.products.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-gray-700">
            {t("payroll.disconnectText")}
          </p>
          <div className="mt-3">
            <PostButton intent="disconnect" variant="danger">
              {t("payroll.disconnect")}
            </PostButton>
          </div>
        </Card>
      ) : (
        <Card title={t("payroll.notConnected")}>
          <p className="text-sm text-gray-700">{t("payroll.connectText")}</p>
          {/* A document post: the answer is a redirect to Finch, another site. */}
          <form method="post" action={PATH} className="mt-3">
            <input type="hidden" name="intent" value="connect" />
            <button type="submit" className={buttonClass("primary")}>
              {t("payroll.connect")}
            </button>
          </form>
        </Card>
      )}
      {enabled && connection ? (
        <>
          <Card title={t("payroll.sync")}>
            <p className="text-sm text-gray-700">{t("payroll.syncText")}</p>
            <p className="mt-2 text-sm text-gray-700">{connection.syncText}</p>
            <div className="mt-3">
              <PostButton intent="sync" variant="secondary">
                {t("payroll.syncNow")}
              </PostButton>
            </div>
          </Card>
          <Card title={t("payroll.proposals")}>
            {proposals.length === 0 ? (
              <p className="text-sm text-gray-700">
                {t("payroll.noProposals")}
              </p>
            ) : (
              <ul className="divide-y divide-gray-100">
                {proposals.map((p) => (
                  <li key={p.id} className="py-3 first:pt-0 last:pb-0">
                    <p className="text-sm text-gray-800">{p.text}</p>
                    {p.lastPayDate ? null : (
                      <p className="mt-1 text-sm text-gray-700">
                        {t("payroll.noLastPayDate")}{" "}
                        <Link
                          to={`/employees/${p.employeeId}`}
                          className="font-medium text-brand-700 underline"
                        >
                          {t("payroll.openEmployee", { name: p.name })}
                        </Link>
                      </p>
                    )}
                    <div className="mt-2 flex flex-wrap gap-2">
                      {p.lastPayDate ? (
                        <PostButton
                          intent="confirm-offboarding"
                          fields={{ proposalId: p.id }}
                          variant="danger"
                          aria-label={t("payroll.confirmLabel", {
                            name: p.name,
                          })}
                        >
                          {t("payroll.confirm")}
                        </PostButton>
                      ) : null}
                      <PostButton
                        intent="dismiss-offboarding"
                        fields={{ proposalId: p.id }}
                        variant="secondary"
                        aria-label={t("payroll.dismissLabel", { name: p.name })}
                      >
                        {t("payroll.dismiss")}
                      </PostButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </>
      ) : null}
      <p className="text-sm text-gray-700">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("payroll.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.payroll");

export const ErrorBoundary = GeneralErrorBoundary;
