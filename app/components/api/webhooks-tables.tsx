import { Link } from "@remix-run/react";
import { RowAction } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { useT } from "~/utils/i18n";

// /settings/api: the company's webhook endpoints (Manage: its own page; Remove) and the latest
// deliveries with every attempt's response code (Resend). Plain forms posting to /settings/api: no JavaScript needed.

export type EndpointRow = {
  id: number;
  url: string;
  events: string[];
  /** Why it is disabled (translated); null while enabled. */
  disabledText: string | null;
};

export type DeliveryRowView = {
  id: number;
  type: string;
  eventId: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  createdText: string;
  /** Each attempt: "HTTP 200 (41 ms)", "HTTP 500 (12 ms)", "timed out", "connection refused"… */
  attempts: string[];
};

export function EndpointsTable({ endpoints }: { endpoints: EndpointRow[] }) {
  const t = useT("settings");
  return (
    <Table
      caption={t("api.endpoints")}
      head={[
        t("api.endpointColumns.endpoint"),
        t("api.endpointColumns.events"),
        t("api.endpointColumns.remove"),
      ]}
    >
      {endpoints.length === 0 ? (
        <EmptyRow colSpan={3}>{t("api.noEndpoints")}</EmptyRow>
      ) : (
        endpoints.map((e) => (
          <tr key={e.id}>
            <Td>
              <div className="break-all font-mono text-xs">{e.url}</div>
              <Link
                to={`/settings/api/webhooks/${e.id}`}
                className="text-sm font-medium text-brand-700 underline"
                aria-label={t("api.manageEndpoint", { url: e.url })}
              >
                {t("api.manage")}
              </Link>
              {e.disabledText ? (
                <>
                  <div className="text-sm font-medium text-red-700">
                    {e.disabledText}
                  </div>
                  <RowAction
                    action="/settings/api"
                    intent="enable-endpoint"
                    fields={{ endpointId: e.id }}
                    aria-label={t("api.enableEndpoint", { url: e.url })}
                  >
                    {t("api.enable")}
                  </RowAction>
                </>
              ) : null}
            </Td>
            <Td>
              <ul className="font-mono text-xs">
                {e.events.map((event) => (
                  <li key={event}>{event}</li>
                ))}
              </ul>
            </Td>
            <Td>
              <RowAction
                action="/settings/api"
                intent="delete-endpoint"
                fields={{ endpointId: e.id }}
                aria-label={t("api.removeEndpoint", { url: e.url })}
              >
                {t("api.remove")}
              </RowAction>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}

export function DeliveriesTable({
  deliveries,
}: {
  deliveries: DeliveryRowView[];
}) {
  const t = useT("settings");
  return (
    <Table
      caption={t("api.deliveriesCaption")}
      head={[
        t("api.deliveryColumns.event"),
        t("api.deliveryColumns.status"),
        t("api.deliveryColumns.attempts"),
        t("api.deliveryColumns.resend"),
      ]}
    >
      {deliveries.length === 0 ? (
        <EmptyRow colSpan={4}>{t("api.noDeliveries")}</EmptyRow>
      ) : (
        deliveries.map((d) => (
          <tr key={d.id}>
            <Td>
              <div className="font-mono text-xs">{d.type}</div>
              <div className="text-xs text-gray-600">
                {d.createdText} · {d.eventId}
              </div>
              <div className="break-all text-xs text-gray-600">{d.url}</div>
            </Td>
            <Td>{t(`api.deliveryStatus.${d.status}`)}</Td>
            <Td>
              {d.attempts.length === 0 ? (
                t("api.noneYet")
              ) : (
                <ol className="list-decimal pl-4 text-xs">
                  {d.attempts.map((a, i) => (
                    <li key={i}>{a}</li>
                  ))}
                </ol>
              )}
            </Td>
            <Td>
              <RowAction
                action="/settings/api"
                intent="resend-delivery"
                fields={{ deliveryId: d.id }}
                aria-label={t("api.resendDelivery", {
                  type: d.type,
                  id: d.eventId,
                })}
              >
                {t("api.resend")}
              </RowAction>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}
