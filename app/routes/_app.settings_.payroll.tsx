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
import { formatDate } from "~/utils/dates";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
import { readFormData, redirectWithSuccess } from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";
import { keepConnectState } from "~/web/payroll-connect.server";

// /settings/payroll (owners only): the company's payroll connection through Finch. Connect is a
// plain form post answered by a redirect to Finch Connect (no JavaScript needed); Finch sends
// the owner back to /settings/payroll/callback. Shows the provider and what it shares, and
// disconnects. Off (and saying how to turn it on) while the server has no Finch credentials.

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
        }
      : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  return toastOutcome(PATH, async () => {
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
  const { enabled, connection } = useLoaderData<typeof loader>();
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
