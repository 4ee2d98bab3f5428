import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./utils/nonce";
import { pageBody } from "./utils/page-body.server";
import { databaseErrorOf } from "./utils/errors";
import { noteDatabaseError } from "./utils/request-context.server";

export { startup, shutdown, beforeShutdown } from "./server/lifecycle.server";
export { readiness } from "./utils/db.server";
export { requestContext } from "./utils/request-context.server";
export { cli } from "./server/cli.server";
export { requestLanguage } from "./utils/i18n.server";
export {
  startWorkerInApp,
  stopWorkerInApp as stopWorker,
} from "./jobs/worker.server";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce =
    typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : "";
  // The whole page is rendered before it is sent (no route defers data), and sent as one
  // body: React writes a page in hundreds of small pieces, and handing each one through a web
  // stream to the compressor cost more CPU than rendering it (a profile of the employer
  // dashboard: ~10 % of the server's time in zlib's per-write work alone).
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer
          context={remixContext}
          url={request.url}
          abortDelay={ABORT_DELAY}
          nonce={nonce}
        />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          pipe(
            pageBody((page) => {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(page, {
                  headers: responseHeaders,
                  status: responseStatusCode,
                }),
              );
            }, reject),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) {
            console.error(
              JSON.stringify({
                level: "error",
                msg: "render error",
                error: String(error),
              }),
            );
          }
        },
      },
    );
    // Ends a render still running after ABORT_DELAY. Cleared as soon as the page is done (React
    // calls back after this line, never during the call above): a pending timer keeps the
    // finished render, its whole tree and output, alive for those seconds, and under load that
    // is hundreds of pages held at once (decision 0087).
    const timer = setTimeout(abort, ABORT_DELAY);
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
      path: new URL(request.url).pathname,
      error: error instanceof Error ? error.message : String(error),
      ...(database
        ? { dbCode: database.code, dbMessage: database.message }
        : {}),
    }),
  );
}
