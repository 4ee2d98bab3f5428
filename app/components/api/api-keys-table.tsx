import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";

// The company's API keys on /settings/api: name, scopes, last use, and Revoke (a plain form
// posting to /settings/api, so it works without JavaScript).

export type ApiKeyRow = {
  id: number;
  name: string;
  hint: string;
  scopes: string[];
  /** Formatted on the server. */
  createdText: string;
  lastUsedText: string;
  revokedText: string | null;
};

export function ApiKeysTable({ keys }: { keys: ApiKeyRow[] }) {
  return (
    <Table caption="API keys" head={["Key", "Scopes", "Last used", "Revoke"]}>
      {keys.length === 0 ? (
        <EmptyRow colSpan={4}>No API keys yet.</EmptyRow>
      ) : (
        keys.map((k) => (
          <tr key={k.id}>
            <Td>
              <div className="font-medium">{k.name}</div>
              <div className="font-mono text-xs text-gray-600">{k.hint}</div>
              <div className="text-xs text-gray-600">
                Created {k.createdText}
              </div>
            </Td>
            <Td>
              <ul className="font-mono text-xs">
                {k.scopes.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </Td>
            <Td>{k.lastUsedText}</Td>
            <Td>
              {k.revokedText ? (
                <span className="text-gray-700">Revoked {k.revokedText}</span>
              ) : (
                <Form method="post" action="/settings/api">
                  <input type="hidden" name="intent" value="revoke-key" />
                  <input type="hidden" name="keyId" value={k.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    className="px-3 py-1.5"
                    aria-label={`Revoke the key ${k.name}`}
                  >
                    Revoke
                  </Button>
                </Form>
              )}
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}
