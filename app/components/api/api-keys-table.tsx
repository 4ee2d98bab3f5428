import type { ReactNode } from "react";
import { RowAction } from "~/components/ui/button";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { useT } from "~/utils/i18n";

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
  const t = useT("settings");
  return (
    <Table
      caption={t("api.keys")}
      head={[
        t("api.keyColumns.key"),
        t("api.keyColumns.scopes"),
        t("api.keyColumns.lastUsed"),
        t("api.keyColumns.revoke"),
      ]}
    >
      {keys.length === 0 ? (
        <EmptyRow colSpan={4}>{t("api.noKeys")}</EmptyRow>
      ) : (
        keys.map((k) => (
          <tr key={k.id}>
            <Td>
              <div className="font-medium">{k.name}</div>
              <div className="font-mono text-xs text-gray-600">{k.hint}</div>
              <div className="text-xs text-gray-600">
                {t("api.created", { date: k.createdText })}
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
                <span className="text-gray-700">
                  {t("api.revoked", { date: k.revokedText })}
                </span>
              ) : (
                <RowAction
                  action="/settings/api"
                  intent="revoke-key"
                  fields={{ keyId: k.id }}
                  aria-label={t("api.revokeKey", { name: k.name })}
                >
                  {t("api.revoke")}
                </RowAction>
              )}
            </Td>
          </tr>
        ))
      )}
    </Table>
  );
}

/** A secret shown once, in the answer to the form that made it: selectable, never again. */
export function SecretOnce({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      className="rounded-md border border-green-300 bg-green-50 p-4"
    >
      <p className="font-medium text-green-900">{children}</p>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        className="mt-2 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm"
      />
    </div>
  );
}
