import { Writable } from "node:stream";

/**
 * Where React's `pipe` writes a page rendered whole: it keeps the pieces as they come (~2 KB
 * each) and hands over the page once React ends it. A PassThrough's readable side, a 'data'
 * event per piece, cost ~1 ms of CPU more per dashboard (decision 0087).
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
