import { json } from "@remix-run/node";

// Page actions read their form through here instead of `request.formData()`, which throws a
// TypeError (a 500) for a body that is not a form: a JSON or text body, a multipart body
// without its boundary, a truncated one. Such a post is a bad request, not a server error.

const FORM_BODY_MAX_BYTES = 64 * 1024;
const NOT_A_FORM = "The request body must be a form.";
const FORM_TOO_LARGE = "The form is too large.";
const NUL_CHARACTER = "Text cannot contain null characters.";
const NO_FILES = "Files cannot be uploaded here.";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The 400 (or 413) a page action throws: rendered by the route's error boundary. */
function refuse(message: string, status = 400): Response {
  return json(
    { message },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

const INVALID_UNICODE = "Text must be valid Unicode.";

const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why PostgreSQL could not store this text, or null: a NUL character, or a lone UTF-16
 * surrogate (JSON can spell one as "\udc00"; the embedded database refuses the bytes).
 */
export function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NUL_CHARACTER;
  if (LONE_SURROGATE.test(text)) return INVALID_UNICODE;
  return null;
}

/** The form of each request, read once: the action and the sign-in strategy share it. */
const readForms = new WeakMap<Request, Promise<FormData>>();

/**
 * The posted form. A body that is not a url-encoded or multipart form, a form over 64 KB, a
 * file, or text PostgreSQL cannot store (textProblem) throws a 400/413 Response with a
 * message. The body is read and parsed once per request: a second call (the sign-in strategy
 * after the /auth action) gets the same form.
 */
export function readFormData(request: Request): Promise<FormData> {
  let form = readForms.get(request);
  if (!form) {
    form = parseForm(request);
    readForms.set(request, form);
  }
  return form;
}

async function parseForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((t) => type.split(";")[0].trim() === t))
    throw refuse(NOT_A_FORM);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > FORM_BODY_MAX_BYTES) throw refuse(FORM_TOO_LARGE, 413);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > FORM_BODY_MAX_BYTES) throw refuse(FORM_TOO_LARGE, 413);
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "Content-Type": request.headers.get("Content-Type")! },
    }).formData();
  } catch {
    throw refuse(NOT_A_FORM);
  }
  for (const [name, value] of form) {
    if (typeof value !== "string") throw refuse(NO_FILES);
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) throw refuse(problem);
  }
  return form;
}
