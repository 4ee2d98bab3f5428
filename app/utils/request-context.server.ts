import { AsyncLocalStorage } from "node:async_hooks";
import { databaseErrorOf } from "./errors";

/** Per-request facts the server adapter logs after the response (scripts/server.ts). */
export type RequestFacts = {
  userId: number | null;
  /** The database error a failed request ran into, for its log line (code and message). */
  dbError?: { code: string; message: string };
  /** The signed-in user's row, read once for all the loaders of one page (see getUser). */
  users?: Map<string, Promise<unknown>>;
  /** The language the response is written in (app/utils/i18n.server.ts currentLanguage). */
  language?: "en" | "es";
};

export const requestContext = new AsyncLocalStorage<RequestFacts>();

/** Records the signed-in user on the current request's log line. */
export function noteUser(userId: number) {
  const facts = requestContext.getStore();
  if (facts) facts.userId = userId;
}

/**
 * Records the database error behind a failed request on its log line (scripts/server.ts writes
 * the line when the response ends): the time, the route and the status are there already.
 */
export function noteDatabaseError(error: unknown) {
  const facts = requestContext.getStore();
  const database = databaseErrorOf(error);
  if (facts && database) facts.dbError = database;
}

/**
 * `read()` once per HTTP request and key: a page's layout and route loaders both need the
 * signed-in user, and one query (session and user together) serves both. Only loaders' reads (GET/HEAD) share:
 * an action reads afresh, and the loaders that follow it run after it and read what it wrote.
 * Outside a server request (tests, scripts) every call reads.
 */
export function oncePerRequest<T>(
  method: string,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const facts = requestContext.getStore();
  if (!facts || (method !== "GET" && method !== "HEAD")) return read();
  facts.users ??= new Map();
  let pending = facts.users.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read();
    facts.users.set(key, pending);
    // A failed read is not kept: the next loader tries again (and reports its own error).
    pending.catch(() => facts.users?.delete(key));
  }
  return pending;
}

/** The API key a request acts with, if any: its actions are audited under the key's name. */
export type ActingApiKey = { id: number; name: string };

const apiKeyContext = new AsyncLocalStorage<ActingApiKey>();

/** Runs `work` as done with the API key (recordAudit names it on every event it writes). */
export function actingWithApiKey<T>(key: ActingApiKey, work: () => T): T {
  return apiKeyContext.run(key, work);
}

/** The API key the current work is done with, or undefined for a person's session. */
export function actingApiKey(): ActingApiKey | undefined {
  return apiKeyContext.getStore();
}
