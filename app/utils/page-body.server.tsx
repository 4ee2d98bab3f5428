import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";

/**
 * Where React's `pipe` writes a page rendered whole: it keeps the pieces as they come (~2 KB
 * each) and hands over the page once React ends it. A PassThrough's readable side, a 'data'
 * event per piece, cost ~1 ms of CPU more per dashboard.
 */
export function pageBody(
  done: (page: Buffer<ArrayBuffer>) => void,
  failed: (error: unknown) => void,
): Writable {
  const chunks: Uint8Array[] = [];
  const body = new Writable({
    // No 'close' once the page is kept: React's pipe() hears 'close' as the client going away
    // and ends the stream again, which made and threw away an ERR_STREAM_ALREADY_FINISHED,
    // stack trace and all, on every page.
    emitClose: false,
    write(chunk: Uint8Array, _encoding, next) {
      chunks.push(chunk);
      next();
    },
    final(next) {
      done(Buffer.concat(chunks));
      next();
    },
  });
  body.on("error", failed);
  return body;
}

export type WholePage = {
  body: string | Buffer<ArrayBuffer>;
  /** An error inside a Suspense boundary: the page is sent, with status 500. */
  errored: boolean;
};

/** How a boundary that did not finish on the server is marked in React's HTML. */
const UNFINISHED_BOUNDARY = "<!--$!-->";

/**
 * A whole page, rendered before anything is sent (decision 0091). Most pages render in one
 * synchronous pass, to a string. That is cheaper than React's streaming renderer, which encodes
 * each of a page's hundreds of pieces to bytes, and correct where the streaming renderer of
 * React 18.3 is not: it can write a NUL byte where a multi-byte character straddles one of its
 * 2 KB buffers (react/react#31134; the reports page had one). A page where something suspended
 * (an island whose code is not loaded yet) or failed inside a Suspense boundary is rendered
 * again by the streaming renderer, which waits for the code and reports the error; once it is
 * ready, the string renderer is tried again, so its bytes are used whenever it can finish.
 * Rejects when the page itself cannot render (Remix then renders its error page).
 */
export function renderWholePage(
  page: ReactElement,
  options: { nonce: string; abortAfterMs: number },
): WholePage | Promise<WholePage> {
  const html = renderToString(page);
  if (!html.includes(UNFINISHED_BOUNDARY))
    return { body: `<!DOCTYPE html>${html}`, errored: false };
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let errored = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: options.nonce,
      onAllReady() {
        shellRendered = true;
        clearTimeout(timer);
        const again = errored ? null : renderToString(page);
        if (again !== null && !again.includes(UNFINISHED_BOUNDARY)) {
          abort();
          resolve({ body: `<!DOCTYPE html>${again}`, errored: false });
          return;
        }
        pipe(pageBody((body) => resolve({ body, errored }), reject));
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        errored = true;
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
    });
    // Ends a render still running after abortAfterMs. Cleared as soon as the page is ready
    // (React calls back after this line, never during the call above): a pending timer keeps
    // the render, its whole tree and output, alive for those seconds, and under load that is
    // hundreds of pages held at once.
    const timer = setTimeout(abort, options.abortAfterMs);
  });
}

/** A settled entry of single fetch's stream cache: its chunk, read before the render. */
const settled = (done: boolean, value: string) =>
  Object.assign(Promise.resolve(), { result: { done, value } });

/**
 * Reads single fetch's hand-off (the loaders' data, encoded by turbo-stream, that Remix's
 * `StreamTransfer` writes into the page as scripts) to its end before the page is rendered, and
 * hands it to Remix's stream cache as one chunk, so the render finds it settled. Remix reads
 * the stream while rendering, suspending on each chunk: the string render (above) could never
 * finish a page, and a second render would find the stream taken (locked) by the first. No
 * loader returns promises, so the data is there at once.
 */
export async function settleHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const data = await new Response(stream).text();
  context.renderMeta = {
    ...context.renderMeta,
    streamCache: { 0: settled(false, data), 1: settled(true, "") },
  };
  // Every render asks for a reader; with the chunks cached, none is read from.
  Object.defineProperty(context, "serverHandoffStream", {
    get: () => new ReadableStream<Uint8Array>(),
    configurable: true,
  });
}
