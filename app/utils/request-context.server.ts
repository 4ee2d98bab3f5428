import { AsyncLocalStorage } from "node:async_hooks";

/** Per-request facts the server adapter logs after the response (scripts/server.js). */
export type RequestFacts = { userId: number | null };

export const requestContext = new AsyncLocalStorage<RequestFacts>();

/** Records the signed-in user on the current request's log line. */
export function noteUser(userId: number) {
  const facts = requestContext.getStore();
  if (facts) facts.userId = userId;
}
