import { json } from "@remix-run/node";
import type { z } from "zod";
import type { SessionUser } from "~/models/people/index.server";
import { getAuth } from "./auth.server";
import { textProblem } from "./form.server";
import {
  badRequest,
  payloadTooLarge,
  isAppError,
  isDatabaseUnavailable,
  isTransactionConflict,
  TRANSACTION_CONFLICT,
  unauthorized,
  unavailable,
  fieldErrors,
  type FieldErrors,
} from "~/utils/errors";
import { noteDatabaseError } from "~/utils/request-context.server";
import { currentLanguage, localizeMessage } from "~/utils/i18n.server";

// JSON API conventions (DESIGN §6): errors are {"message": ...} (+ "errors" for validation)
// with 400/401/403/404/409/429/503; never a stack trace, never a 500 for bad input.

export type ApiError = { message: string; errors?: FieldErrors };

/**
 * A JSON error. Its texts follow the request's Accept-Language (the `messages` catalogue,
 * keyed by the English); field names, statuses and codes never change.
 */
export function apiError(
  status: number,
  englishMessage: string,
  englishErrors?: FieldErrors,
) {
  const language = currentLanguage();
  // Days stay ISO in the API's messages, as in its fields.
  const message = localizeMessage(language, englishMessage, false);
  const errors = englishErrors
    ? Object.fromEntries(
        Object.entries(englishErrors).map(([field, messages]) => [
          field,
          messages.map((m) => localizeMessage(language, m, false)),
        ]),
      )
    : undefined;
  return json<ApiError>(errors ? { message, errors } : { message }, {
    status,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Turns whatever a handler threw into a JSON response. */
function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (isAppError(error))
    return apiError(error.status, error.message, error.fieldErrors);
  noteDatabaseError(error);
  // A transaction PostgreSQL aborted for a concurrent one's sake (outside the retrying helper).
  if (isTransactionConflict(error)) return apiError(409, TRANSACTION_CONFLICT);
  if (isDatabaseUnavailable(error)) {
    return apiError(
      503,
      "The service is temporarily unavailable. Please try again shortly.",
    );
  }
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "unhandled API error",
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  return apiError(500, "Something went wrong. Please try again.");
}

/** Wraps a loader or action body so every failure becomes a JSON error. */
export async function handleApi(
  run: () => Promise<Response>,
): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    return errorResponse(error);
  }
}

export function methodNotAllowed(allowed: string) {
  return json<ApiError>(
    { message: "Method not allowed" },
    { status: 405, headers: { Allow: allowed } },
  );
}

/** The signed-in user and their server-side session; 401 when there is none. */
export async function requireApiAuth(request: Request): Promise<SessionUser> {
  let auth: SessionUser | null;
  try {
    auth = await getAuth(request);
  } catch (error) {
    // getAuth answers pages with a 503 page; the API wants its JSON form.
    if (error instanceof Response && error.status === 503) throw unavailable();
    throw error;
  }
  if (!auth) throw unauthorized();
  return auth;
}

const MAX_BODY_BYTES = 64 * 1024;

/** The JSON body as an object ({} when empty). Anything else is a 400 with a message. */
export async function readJson(
  request: Request,
): Promise<Record<string, unknown>> {
  // The server counts the bytes as they stream and answers 413 past the limit
  // (scripts/http-guards.ts); this is the same rule for any other caller of the handler.
  if (Number(request.headers.get("Content-Length") ?? "0") > MAX_BODY_BYTES)
    throw payloadTooLarge();
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw payloadTooLarge();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("Request body must be a JSON object");
  }
  const problem = textProblemIn(value);
  if (problem) throw badRequest(problem);
  return value as Record<string, unknown>;
}

/**
 * The first key or string anywhere in the parsed body that PostgreSQL could not store (a NUL
 * character or a lone surrogate: the query would fail with a 500), as a message; else null.
 * Iterative: a deeply nested body must not overflow the stack.
 */
function textProblemIn(root: unknown): string | null {
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (value && typeof value === "object") {
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push(child);
      }
    }
  }
  return null;
}

/** Parses a body with a shared zod schema; a failure is a 400 naming every field. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = result.error.issues[0]?.message ?? "Invalid request";
    throw badRequest(first, errors);
  }
  return result.data;
}

/** JSON success with no caching of personal data. */
export function ok<T>(data: T, status = 200) {
  return json(data, { status, headers: { "Cache-Control": "no-store" } });
}
