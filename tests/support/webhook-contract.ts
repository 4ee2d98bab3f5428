import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiText } from "~/routes/api.openapi[.]json";

// A delivered webhook body checked against the served OpenAPI document's `webhooks` section, as
// an integrator's receiver would check it: the schema of the body's own `type`, with ajv.

type Operation = {
  requestBody: {
    content: {
      "application/json": {
        schema: { properties?: { version?: { enum?: string[] } } };
      };
    };
  };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const document = JSON.parse(openApiText()) as {
  webhooks: Record<string, { post: Operation }>;
};
const validators = new Map(
  Object.entries(document.webhooks).map(([type, item]) => [
    type,
    ajv.compile(item.post.requestBody.content["application/json"].schema),
  ]),
);

/** The versions the document says a body of `type` may be written in (its `version`'s enum). */
export function documentedVersions(type: string): string[] {
  return (
    document.webhooks[type]?.post.requestBody.content["application/json"].schema
      .properties?.version?.enum ?? []
  );
}

/** The document's event types. */
export const DOCUMENTED_EVENTS = [...validators.keys()];

/** Why a delivered body does not match its event's schema ([] when it does). */
export function deliveryErrors(body: string): string[] {
  let parsed: { type?: unknown };
  try {
    parsed = JSON.parse(body) as { type?: unknown };
  } catch {
    return ["not JSON"];
  }
  const validate = validators.get(String(parsed.type));
  if (!validate) return [`no schema for the type ${String(parsed.type)}`];
  const type = String(parsed.type);
  if (validate(parsed)) return [];
  return (validate.errors ?? []).map(
    (e) => `${type}: ${e.instancePath} ${e.message ?? ""}`,
  );
}
