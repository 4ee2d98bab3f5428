import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { methodNotAllowed } from "~/web/api.server";
import { openApiDocument } from "~/web/openapi.server";
import { API_CONTRACTS } from "./api.openapi[.]json";
import { translatedTitle } from "~/utils/i18n";

// GET /api/docs — the API reference, rendered on the server from the OpenAPI document, with
// no outside script. The raw document is at /api/openapi.json.
export async function loader() {
  return json(openApiDocument(API_CONTRACTS));
}

export async function action() {
  return methodNotAllowed("GET");
}

type Operation = {
  summary: string;
  "x-role": string;
  "x-scope"?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<
    string,
    { description: string; content: Record<string, { schema: unknown }> }
  >;
};

const ROLE: Record<string, string> = {
  public: "Public",
  any: "Any signed-in user",
  EMPLOYEE: "Employee",
  EMPLOYER: "Employer",
  webhook: "Stripe (signed)",
};

export default function ApiDocs() {
  const doc = useLoaderData<typeof loader>() as unknown as {
    info: { title: string; description: string };
    paths: Record<string, Record<string, Operation>>;
    webhooks: Record<
      string,
      {
        post: {
          summary: string;
          requestBody: { content: Record<string, { schema: unknown }> };
        };
      }
    >;
  };
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-bold text-gray-900">{doc.info.title}</h1>
      <p className="mt-2 text-gray-700">{doc.info.description}</p>
      <p className="mt-2">
        <a className="text-brand-700 underline" href="/api/openapi.json">
          OpenAPI 3.1 document (JSON)
        </a>
      </p>
      <nav aria-label="Endpoints" className="mt-6">
        <ul className="grid gap-1 sm:grid-cols-2">
          {Object.entries(doc.paths).flatMap(([path, ops]) =>
            Object.keys(ops).map((method) => (
              <li key={`${method} ${path}`}>
                <a
                  className="font-mono text-sm text-brand-700 underline"
                  href={`#${method}-${path}`}
                >
                  {method.toUpperCase()} {path}
                </a>
              </li>
            )),
          )}
        </ul>
      </nav>
      {Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <section
            key={`${method} ${path}`}
            id={`${method}-${path}`}
            className="mt-8 rounded-lg border border-gray-200 bg-white p-5"
          >
            <h2 className="font-mono text-lg font-semibold text-gray-900">
              {method.toUpperCase()} {path}
            </h2>
            <p className="mt-1 text-gray-800">{op.summary}</p>
            <p className="mt-1 text-sm text-gray-700">
              Who: {ROLE[op["x-role"]] ?? op["x-role"]}
              {op["x-scope"] ? (
                <>
                  ; an API key with the scope{" "}
                  <code className="font-mono">{op["x-scope"]}</code>
                </>
              ) : null}
              {op.parameters?.some((p) => p.name === "Idempotency-Key")
                ? ". Takes an Idempotency-Key header."
                : null}
            </p>
            {op.requestBody ? (
              <>
                <h3 className="mt-4 font-semibold">Request body</h3>
                <pre
                  className="mt-1 overflow-x-auto rounded bg-gray-100 p-3 text-xs"
                  tabIndex={0}
                >
                  {JSON.stringify(
                    Object.values(op.requestBody.content)[0].schema,
                    null,
                    2,
                  )}
                </pre>
              </>
            ) : null}
            <h3 className="mt-4 font-semibold">Responses</h3>
            <dl className="mt-1 space-y-2">
              {Object.entries(op.responses).map(([status, r]) => (
                <div key={status}>
                  <dt className="font-mono text-sm">
                    {status} — {r.description}
                  </dt>
                  {status.startsWith("2") ? (
                    <dd>
                      <pre
                        className="mt-1 overflow-x-auto rounded bg-gray-100 p-3 text-xs"
                        tabIndex={0}
                      >
                        {JSON.stringify(
                          Object.values(r.content)[0].schema,
                          null,
                          2,
                        )}
                      </pre>
                    </dd>
                  ) : null}
                </div>
              ))}
            </dl>
          </section>
        )),
      )}
      <h2 className="mt-10 text-2xl font-bold text-gray-900">Webhooks</h2>
      <p className="mt-2 text-gray-700">
        Posted to each endpoint subscribed to the event, signed with the
        endpoint&apos;s secret in the Grocery-Advance-Signature header.
      </p>
      {Object.entries(doc.webhooks ?? {}).map(([event, item]) => (
        <section
          key={event}
          id={`webhook-${event}`}
          className="mt-6 rounded-lg border border-gray-200 bg-white p-5"
        >
          <h3 className="font-mono text-lg font-semibold text-gray-900">
            {event}
          </h3>
          <p className="mt-1 text-gray-800">{item.post.summary}</p>
          <pre
            className="mt-2 overflow-x-auto rounded bg-gray-100 p-3 text-xs"
            tabIndex={0}
          >
            {JSON.stringify(
              Object.values(item.post.requestBody.content)[0].schema,
              null,
              2,
            )}
          </pre>
        </section>
      ))}
    </main>
  );
}

export const meta = translatedTitle("common:titles.apiReference");
