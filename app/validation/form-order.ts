import type { Intent, Submission } from "@conform-to/react";
import { parseWithZod as parseInSchemaOrder } from "@conform-to/zod/v4";
import type { $ZodErrorMap, $ZodType, input, output } from "zod/v4/core";

// A form's messages in the order the form shows its fields. Zod reports them in the schema's
// order, which is not always the form's (a schema shared by a page and the API is written for
// the API); the error summary lists them as a person reads the form. A browser posts its fields
// in the form's order, so the posted data is the form's order on the server and in the browser
// alike: the summary is the same with and without JavaScript.

/** Where `name` sits among the posted fields (or the first of its nested fields); -1: absent. */
function positionIn(posted: string[], name: string): number {
  const at = posted.indexOf(name);
  if (at >= 0) return at;
  return posted.findIndex(
    (key) => key.startsWith(`${name}.`) || key.startsWith(`${name}[`),
  );
}

/**
 * Reorders the submission's messages, in place, to the order of the posted fields. The whole
 * form's message ("") comes first. A field the form does not post when empty (an unticked
 * checkbox) keeps its place after the field the schema names before it.
 */
function inFormOrder<S extends object>(
  payload: FormData | URLSearchParams,
  submission: S,
): S {
  const error =
    "error" in submission
      ? (submission.error as Record<string, unknown> | null)
      : null;
  if (!error) return submission;
  const posted = [...new Set(payload.keys())];
  let previous = -1;
  const ranked = Object.keys(error).map((name, index) => {
    const at = name === "" ? -1 : positionIn(posted, name);
    if (at >= 0) previous = at;
    return {
      name,
      index,
      rank: name === "" ? -2 : at >= 0 ? at : previous + 0.5,
    };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const messages = ranked.map(({ name }) => [name, error[name]] as const);
  for (const [name] of messages) delete error[name];
  for (const [name, message] of messages) error[name] = message;
  return submission;
}

/** Conform's zod parser, with the messages in the form's order (the browser's and the server's). */
export function parseWithZod<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  options: {
    schema: Schema | ((intent: Intent | null) => Schema);
    error?: $ZodErrorMap;
    disableAutoCoercion?: boolean;
  },
): Submission<input<Schema>, string[], output<Schema>> {
  return inFormOrder(payload, parseInSchemaOrder(payload, options));
}
