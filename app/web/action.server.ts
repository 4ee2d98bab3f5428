// What a page action needs is re-exported here (reading the form, the toasts, the schemas and
// Conform's parser): every route that reads a form also answers through attempt, and each
// further server module a route imports costs its pages a chunk in the browser build (the
// JavaScript budget), so a route's actions import from this one module.
export { readFormData } from "./form.server";
export {
  errorToast,
  redirectWithError,
  redirectWithSuccess,
  type Toast,
} from "./toast.server";
export * from "./validation.server";
import type { SubmissionResult } from "@conform-to/react";
import { refuseWhileDatabaseDown } from "./unavailable.server";
import { json, type TypedResponse } from "@remix-run/node";
import {
  type AppError,
  conflict,
  isAppError,
  isTransactionConflict,
  TRANSACTION_CONFLICT,
} from "~/utils/errors";

// The one failure path of page loaders and actions. The domain (app/models) throws an AppError
// for every refusal a user can cause; the page answers it with its own data (a Conform reply,
// a toast, a message) and the error's status. Anything else is a bug or an outage: it is
// rethrown and the route's error boundary renders it.

/**
 * Runs the page's business step. Its result is the answer; an AppError is answered with
 * `failure(error)` as JSON and the error's status; the database out of reach (or a connection
 * that landed on a read-only standby) is the 503 page; any other error is rethrown.
 */
export async function attempt<T, D>(
  run: () => Promise<T>,
  failure: (error: AppError) => D,
): Promise<T | TypedResponse<D>> {
  try {
    return await run();
  } catch (error) {
    refuseWhileDatabaseDown(error);
    // A transaction PostgreSQL aborted for a concurrent one's sake: 409, to be tried again.
    const refusal = isTransactionConflict(error)
      ? conflict(TRANSACTION_CONFLICT)
      : error;
    if (!isAppError(refusal)) throw error;
    return json(failure(refusal), { status: refusal.status });
  }
}

type Replyable = {
  reply(options?: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }): SubmissionResult<string[]>;
};

type ReplyOptions = {
  /**
   * Where the error's field messages go: left out, nowhere (the message is the form's);
   * `true`, under their fields; a list, under those fields only. A field message replaces
   * the form-level one (never both).
   */
  fields?: true | readonly string[];
  /** A 409 without field messages (a taken username) belongs under this field. */
  conflictField?: string;
  /** Fields whose posted values are not sent back (passwords, codes). */
  hideFields?: string[];
  /** The form-level message when the error has none. */
  fallback?: string;
};

/** The Conform reply of a form whose submission the domain refused. */
export function replyToFailure(
  submission: Replyable,
  error: AppError,
  { fields, conflictField, hideFields, fallback }: ReplyOptions = {},
): SubmissionResult<string[]> {
  const message = error.message || fallback || "";
  let fieldErrors: Record<string, string[]> | undefined;
  if (fields === true) fieldErrors = error.fieldErrors;
  else if (fields && error.fieldErrors) {
    const own = error.fieldErrors;
    const picked = fields.filter((name) => own[name]);
    if (picked.length)
      fieldErrors = Object.fromEntries(picked.map((name) => [name, own[name]]));
  }
  if (!fieldErrors && conflictField && error.status === 409)
    fieldErrors = { [conflictField]: [message] };
  return submission.reply({
    formErrors: fieldErrors ? [] : [message],
    fieldErrors,
    hideFields,
  });
}
