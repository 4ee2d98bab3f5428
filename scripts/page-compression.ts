// How pages and API answers are compressed, shared by the production server (scripts/server.ts)
// and the bench's framework floor (tests/perf/floor-server.tsx), so both pay the same for it.
import zlib from "node:zlib";

/**
 * Brotli for pages and API answers.
 *
 * - Quality 3 instead of the middleware's 4: for the dashboard a third of the CPU for ~6 % more
 *   bytes (docs/decisions/0065-page-cost.md).
 * - A 256 KB window (lgwin 18) instead of brotli's default 4 MB (22). Each response gets its own
 *   encoder, and Node reports an encoder's memory to V8 as external memory: at 4 MB per encoder,
 *   32 responses in flight held ~260 MB of it and every few new encoders set off a full
 *   garbage collection (a Mark-Compact every ~25 dashboards, about a third of the server's CPU).
 *   At 256 KB they are rare. A page is far smaller than the window, so the bytes are the same
 *   (46,740 → 10,285 for the small company's dashboard at either size), and the 45 MB
 *   /api/advance-requests/all compresses 1 % smaller and 15 % faster at quality 3
 *   (docs/decisions/0088-what-a-page-cost-around-its-work.md).
 */
export const PAGE_BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
  },
};
