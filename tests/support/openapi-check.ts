import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "~/web/openapi.server";
import { API_CONTRACTS } from "~/routes/api.openapi[.]json";

// A real response checked against the OpenAPI document: its status documented, its body valid
// against that status's schema, and each header the API sets declared and valid.

type HeaderObject = { required?: boolean; schema: object };
type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          {
            content: Record<string, { schema: object }>;
            headers?: Record<string, { $ref: string }>;
          }
        >;
      }
    >
  >;
  components: { headers: Record<string, HeaderObject> };
};
export const doc = openApiDocument(API_CONTRACTS) as unknown as Doc;
export const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** Validates a real response against the document's schema for that path, method and status. */
export async function expectDocumented(
  apiPath: string,
  method: string,
  res: Response,
) {
  const operation = doc.paths[apiPath]?.[method];
  expect(operation, `${method} ${apiPath} is documented`).toBeDefined();
  const documented = operation.responses[String(res.status)];
  expect(
    documented,
    `${method} ${apiPath} documents status ${res.status}`,
  ).toBeDefined();
  const body = await res.json();
  const validate = ajv.compile(documented.content["application/json"].schema);
  const ok = validate(body);
  expect(
    ok ? [] : validate.errors,
    `${method} ${apiPath} ${res.status}`,
  ).toEqual([]);
  expectHeadersDocumented(
    `${method} ${apiPath} ${res.status}`,
    documented,
    res,
  );
}

/** The headers the API sets of its own: each sent must be declared there, and match. */
const API_HEADERS = [
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Retry-After",
  "Idempotent-Replayed",
  "Allow",
  "X-Total-Count",
  "Link",
];

function expectHeadersDocumented(
  where: string,
  documented: Doc["paths"][string][string]["responses"][string],
  res: Response,
) {
  const declared = Object.fromEntries(
    Object.entries(documented.headers ?? {}).map(([name, ref]) => [
      name,
      doc.components.headers[ref.$ref.split("/").pop()!],
    ]),
  );
  for (const name of API_HEADERS) {
    const value = res.headers.get(name);
    const header = declared[name];
    if (value === null) {
      expect(header?.required ?? false, `${where} sends ${name}`).toBe(false);
      continue;
    }
    expect(header, `${where} declares ${name}`).toBeDefined();
    const schema = header.schema as { type?: string };
    const parsed = schema.type === "integer" ? Number(value) : value;
    const validate = ajv.compile(header.schema);
    expect(
      validate(parsed) ? [] : validate.errors,
      `${where} ${name}: ${value}`,
    ).toEqual([]);
  }
}
