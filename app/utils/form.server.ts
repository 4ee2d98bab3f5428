import { json } from "@remix-run/node";

// Page actions read their form through here instead of `request.formData()`, which throws a
// TypeError (a 500) for a body that is not a form: a JSON or text body, a multipart body
// without its boundary, a truncated one. Such a post is a bad request, not a server error.

export const FORM_BODY_MAX_BYTES = 64 * 1024;
export const NOT_A_FORM = "The request body must be a form.";
export const FORM_TOO_LARGE = "The form is too large.";
export const NUL_CHARACTER = "Text cannot contain null characters.";
export const NO_FILES = "Files cannot be uploaded here.";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The 400 (or 413) a page action throws: rendered by the route's error boundary. */
function refuse(message: string, status = 400): Response {
  return json(
    { message },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/** True when the text holds a NUL character, which PostgreSQL text cannot store. */
export function hasNul(text: string): boolean {
  return text.includes("\u0000");
}

/**
 * The posted form. A body that is not a url-encoded or multipart form, a form over 64 KB, a
 * file, or a value holding a NUL character throws a 400/413 Response with a message. The request's own body is left unread (the sign-in
 * strategy reads it again).
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!FORM_TYPES.some((t) => type.split(";")[0].trim() === t))
    throw refuse(NOT_A_FORM);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > FORM_BODY_MAX_BYTES) throw refuse(FORM_TOO_LARGE, 413);
  const bytes = await request.clone().arrayBuffer();
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
    if (hasNul(name) || hasNul(value)) throw refuse(NUL_CHARACTER);
  }
  return form;
}
