import { RowAction } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { useT } from "~/utils/i18n";

// /settings/api/webhooks/:id, the parts that need no JavaScript of their own: why the endpoint
// is disabled and how to enable it again, and its delivery log (paged, with Redeliver). Every
// button is a plain form posting to the page.

export type DisabledView = {
  /** Why, translated: failures in a row since when, or turned off. */
  why: string;
};

export function DisabledNotice({
  endpointId,
  url,
  disabled,
}: {
  endpointId: number;
  url: string;
  disabled: DisabledView;
}) {
  const t = useT("settings");
  return (
    <section
      aria-labelledby="endpoint-disabled"
      className="rounded-lg border border-red-300 bg-red-50 p-5"
    >
      <h2
        id="endpoint-disabled"
        className="text-base font-semibold text-red-900"
      >
        {t("api.endpointPage.disabledHeading")}
      </h2>
      <p className="mt-2 text-sm text-red-900">{disabled.why}</p>
      <p className="mt-2 text-sm text-gray-800">
        {t("api.endpointPage.disabledHow")}
      </p>
      <div className="mt-3">
        <RowAction
          intent="enable-endpoint"
          fields={{ endpointId }}
          aria-label={t("api.enableEndpoint", { url })}
        >
          {t("api.enable")}
        </RowAction>
      </div>
    </section>
  );
}

export type LogRowView = {
  id: number;
  type: string;
  eventId: string;
  createdText: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  /** The last attempt's answer: "HTTP 200", or its error in plain words; null before any. */
  lastAnswer: string | null;
  /** Whether the last attempt failed (its answer shows as an error). */
  lastFailed: boolean;
  nextText: string | null;
};

export function DeliveryLog({
  rows,
  page,
  pageCount,
  endpointId,
}: {
  rows: LogRowView[];
  page: number;
  pageCount: number;
  endpointId: number;
}) {
  const t = useT("settings");
  const none = t("api.endpointPage.none");
  return (
    <>
      <Table
        caption={t("api.endpointPage.logCaption")}
        head={[
          t("api.endpointPage.columns.event"),
          t("api.endpointPage.columns.status"),
          t("api.endpointPage.columns.attempts"),
          t("api.endpointPage.columns.lastAnswer"),
          t("api.endpointPage.columns.next"),
          t("api.endpointPage.columns.redeliver"),
        ]}
      >
        {rows.length === 0 ? (
          <EmptyRow colSpan={6}>{t("api.endpointPage.noDeliveries")}</EmptyRow>
        ) : (
          rows.map((d) => (
            <tr key={d.id}>
              <Td>
                <div className="font-mono text-xs">{d.type}</div>
                <div className="break-all text-xs text-gray-600">
                  {d.createdText} · {d.eventId}
                </div>
              </Td>
              <Td>{t(`api.deliveryStatus.${d.status}`)}</Td>
              <Td>{d.attempts}</Td>
              <Td>
                <span className={d.lastFailed ? "text-red-700" : undefined}>
                  {d.lastAnswer ?? none}
                </span>
              </Td>
              <Td>{d.nextText ?? none}</Td>
              <Td>
                <RowAction
                  intent="redeliver"
                  fields={{ deliveryId: d.id }}
                  aria-label={t("api.endpointPage.redeliverLabel", {
                    type: d.type,
                    id: d.eventId,
                  })}
                >
                  {t("api.endpointPage.redeliver")}
                </RowAction>
              </Td>
            </tr>
          ))
        )}
      </Table>
      <Pager
        label={t("api.endpointPage.logPages")}
        page={page}
        pageCount={pageCount}
        href={(n) => `/settings/api/webhooks/${endpointId}?page=${n}`}
      />
    </>
  );
}
