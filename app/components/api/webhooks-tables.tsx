import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";

// /settings/api: the company's webhook endpoints (Remove) and the latest deliveries with every
// attempt's response code (Resend). Plain forms posting to /settings/api: no JavaScript needed.

export type EndpointRow = {
  id: number;
  url: string;
  events: string[];
  disabledText: string | null;
};

export type DeliveryRowView = {
  id: number;
  type: string;
  eventId: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  createdText: string;
  /** Each attempt: "200", "500", "timed out after 10000 ms"… */
  attempts: string[];
};

export function EndpointsTable({ endpoints }: { endpoints: EndpointRow[] }) {
  return (
    <Table caption="Webhook endpoints" head={["Endpoint", "Events", "Remove"]}>
      {endpoints.length === 0 ? (
        <EmptyRow colSpan={3}>No webhook endpoints yet.</EmptyRow>
      ) : (
        endpoints.map((e) => (
          <tr key={e.id}>
            <Td>
              <div className="break-all font-mono text-xs">{e.url}</div>
              {e.disabledText ? (
                <div className="text-sm font-medium text-red-700">
                  Disabled {e.disabledText} after 3 days of failures. Resend a
                  delivery to enable it again.
                </div>
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
              <Form method="post" action="/settings/api">
                <input type="hidden" name="intent" value="delete-endpoint" />
                <input type="hidden" name="endpointId" value={e.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Remove the endpoint ${e.url}`}
                >
                  Remove
                </Button>
              </Form>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}

const STATUS_TEXT = {
  pending: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
} as const;

export function DeliveriesTable({
  deliveries,
}: {
  deliveries: DeliveryRowView[];
}) {
  return (
    <Table
      caption="Webhook deliveries"
      head={["Event", "Status", "Attempts", "Resend"]}
    >
      {deliveries.length === 0 ? (
        <EmptyRow colSpan={4}>No deliveries yet.</EmptyRow>
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
            <Td>{STATUS_TEXT[d.status]}</Td>
            <Td>
              {d.attempts.length === 0 ? (
                "None yet"
              ) : (
                <ol className="list-decimal pl-4 text-xs">
                  {d.attempts.map((a, i) => (
                    <li key={i}>{a}</li>
                  ))}
                </ol>
              )}
            </Td>
            <Td>
              <Form method="post" action="/settings/api">
                <input type="hidden" name="intent" value="resend-delivery" />
                <input type="hidden" name="deliveryId" value={d.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  className="px-3 py-1.5"
                  aria-label={`Resend ${d.type} ${d.eventId}`}
                >
                  Resend
                </Button>
              </Form>
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}
