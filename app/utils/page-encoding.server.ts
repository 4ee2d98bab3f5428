// How the server compresses what it sends: pages encoded whole, here, in one call; everything
// else (API answers, Remix's data requests, files) by the compression middleware in
// scripts/server.ts, which takes PAGE_BROTLI from the server build (app/entry.server.tsx).
import zlib from "node:zlib";
import Negotiator from "negotiator";

/**
 * Brotli for pages and API answers.
 *
 * - Quality 3 instead of the middleware's 4: for the dashboard a third of the CPU for ~6 % more
 *   bytes (decision 0065).
 * - A 256 KB window (lgwin 18) instead of brotli's default 4 MB (22). Each response gets its own
 *   encoder, and Node reports an encoder's memory to V8 as external memory: at 4 MB per encoder,
 *   32 responses in flight held ~260 MB of it and every few new encoders set off a full
 *   garbage collection (a Mark-Compact every ~25 dashboards, about a third of the server's CPU).
 *   At 256 KB they are rare. A page is far smaller than the window, so the bytes are the same
 *   (46,740 → 10,285 for the small company's dashboard at either size), and the 45 MB
 *   /api/advance-requests/all compresses 1 % smaller and 15 % faster at quality 3
 *   (decision 0088).
 */
export const PAGE_BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  },
};

/** Smaller bodies are sent as they are: the compression middleware's own threshold. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** What the middleware offers, and what it prefers among encodings the client rates equal. */
const AVAILABLE = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];

/**
 * negotiator (0.6.4 on) takes the server's preference among equals as a second argument, as
 * the compression middleware passes it; its published types do not list it yet.
 */
type ChooseEncoding = (
  available: readonly string[],
  preferred: readonly string[],
) => string | undefined;

/** The encoding the compression middleware would choose for this Accept-Encoding. */
export function negotiatedEncoding(acceptEncoding: string): string | undefined {
  const negotiator = new Negotiator({
    headers: { "accept-encoding": acceptEncoding },
  });
  const choose = negotiator.encoding.bind(negotiator) as ChooseEncoding;
  return choose(AVAILABLE, PREFERRED);
}

/**
 * A whole page, encoded for the client in one synchronous call.
 *
 * The compression middleware streams: each piece goes to a zlib encoder on libuv's thread pool
 * and comes back by callback, and the end is one more round. For a page that is complete
 * before it is sent (every page here) that costs twice the CPU of encoding the
 * bytes at once (0.9 against 0.4 ms for the small company's dashboard) and hands the work
 * between threads several times per page. The choice is the middleware's: br, then gzip, by
 * the client's Accept-Encoding; nothing for a HEAD, a small body, or `Cache-Control:
 * no-transform`. Deflate, which no browser prefers, is left to the middleware. Sets
 * Content-Encoding, Content-Length and Vary; the middleware passes a response that already
 * has an encoding through untouched.
 */
export function encodeWholePage(
  request: Request,
  body: string | Buffer<ArrayBuffer>,
  headers: Headers,
): string | Buffer<ArrayBuffer> {
  if (
    !/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(
      headers.get("Vary") ?? "",
    )
  )
    headers.append("Vary", "Accept-Encoding");
  if (request.method === "HEAD") return body;
  if (
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "")
  )
    return body;
  if (Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES) return body;
  const accepted = request.headers.get("Accept-Encoding");
  if (!accepted) return body;
  const encoding = negotiatedEncoding(accepted);
  const encoded =
    encoding === "br"
      ? zlib.brotliCompressSync(body, PAGE_BROTLI)
      : encoding === "gzip"
        ? zlib.gzipSync(body)
        : null;
  if (!encoded) return body;
  // zlib's own buffers, never shared memory: what a Response body takes.
  const bytes = encoded as Buffer<ArrayBuffer>;
  headers.set("Content-Encoding", encoding === "br" ? "br" : "gzip");
  headers.set("Content-Length", String(bytes.length));
  return bytes;
}
