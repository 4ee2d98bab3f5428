import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { NonceProvider } from "./utils/nonce";
import { renderWholePage, settleHandoff } from "./utils/page-body.server";
import { encodeWholePage } from "./utils/page-encoding.server";
import { databaseErrorOf } from "./utils/errors";
import { noteDatabaseError } from "./utils/request-context.server";
import { loggedPath } from "./utils/logged-path";

export { startup, shutdown, beforeShutdown } from "./server/lifecycle.server";
export { readiness } from "./utils/db.server";
export { requestContext } from "./utils/request-context.server";
export { cli } from "./server/cli.server";
export { requestLanguage } from "./utils/i18n.server";
export { PAGE_BROTLI } from "./utils/page-encoding.server";
export { loggedPath } from "./utils/logged-path";
export { env } from "./utils/env.server";
export {
  startWorkerInApp,
  stopWorkerInApp as stopWorker,
} from "./jobs/worker.server";

// How long single fetch waits for a loader's promises before it rejects them: a second
// before the render is given up, so the rejections still reach the page.
export const streamTimeout = 4_000;
const ABORT_DELAY = streamTimeout + 1_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce =
    typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // The whole page is rendered before it is sent (no route defers data), and sent as one body,
  // compressed in one call (decisions 0087, 0091, 0092).
  await settleHandoff(remixContext);
  const page = await renderWholePage(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    { nonce, abortAfterMs: ABORT_DELAY },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const body = encodeWholePage(request, page.body, responseHeaders);
  return new Response(body, {
    headers: responseHeaders,
    status: page.errored ? 500 : responseStatusCode,
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (error instanceof Response) return;
  // One line an operator can act on: when, which route, and the database's own word (also on
  // the request's own log line).
  noteDatabaseError(error);
  const database = databaseErrorOf(error);
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "unhandled error",
      method: request.method,
      path: loggedPath(new URL(request.url).pathname),
      error: error instanceof Error ? error.message : String(error),
      ...(database
        ? { dbCode: database.code, dbMessage: database.message }
        : {}),
    }),
  );
}
