import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request facts the server adapter logs after the response (scripts/server.js). */
export type RequestFacts = {
  userId: number | null;
  /** The signed-in user's row, read once for all the loaders of one page (see getUser). */
  users?: Map<string, Promise<unknown>>;
};

export const requestContext = new AsyncLocalStorage<RequestFacts>();

/** Records the signed-in user on the current request's log line. */
export function noteUser(userId: number) {
  const facts = requestContext.getStore();
  if (facts) facts.userId = userId;
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
