// Typed errors thrown by the domain (app/models) and turned into responses by the routes:
// pages show the message (inline and as a toast), /api answers {"message": ...} with the status.

import type { z } from "zod";

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldErrors;

  constructor(status: number, message: string, fieldErrors?: FieldErrors) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, message, fieldErrors);
export const unauthorized = (message = "Authentication required") =>
  new AppError(401, message);
export const forbidden = (message = "You don't have permission to do this.") =>
  new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(409, message, fieldErrors);
export const payloadTooLarge = (message = "Request body is too large") =>
  new AppError(413, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
export const unavailable = (
  message = "The service is temporarily unavailable. Please try again shortly.",
) => new AppError(503, message);

/** Field errors of a failed zod parse, keyed by the first path segment. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  // read_only_sql_transaction: this connection reached a standby (a failover moved the
  // primary); the next connection finds the new one.
  "25006",
  "08000",
  "08003",
  "08006",
]);

/**
 * The database error behind an error, if any (a PostgreSQL SQLSTATE or the driver's connection
 * code, with its message), for the request's log line.
 */
export function databaseErrorOf(
  error: unknown,
): { code: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, message, severity } = current as {
      code?: unknown;
      message?: unknown;
      severity?: unknown;
    };
    if (
      typeof code === "string" &&
      (typeof severity === "string" || CONNECTION_CODES.has(code))
    )
      return { code, message: typeof message === "string" ? message : "" };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** True when the database could not be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True when PostgreSQL aborted this transaction for another one's sake: to break a deadlock
 * (40P01) or because it could not be serialized with a concurrent one (40001). The whole
 * transaction rolled back; running it again is what PostgreSQL's documentation prescribes.
 */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === "40P01" || code === "40001") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a caller is told when its transaction lost to concurrent ones even after retries. */
export const TRANSACTION_CONFLICT =
  "Other changes to the same records were being saved at the same moment. Please try again.";
