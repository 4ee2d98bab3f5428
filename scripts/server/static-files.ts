// Compression and the files served without Remix: fingerprinted assets cached for a year, and
// the other public files (favicon, manifest, icons, the service worker) by name.
import fs from "node:fs";
import path from "node:path";
import type { BrotliOptions } from "node:zlib";
import compression from "compression";
import express, {
  type Request,
  type RequestHandler,
  type Response,
} from "express";

/**
 * Pages come compressed whole from the app (app/utils/page-encoding.server.ts), which the
 * middleware passes through; API answers and Remix's data requests are compressed here at the
 * app's brotli settings. Fingerprinted assets keep the default: sent once per browser, then
 * cached. Event streams are never compressed.
 */
export function compressionFor(pageBrotli: BrotliOptions): RequestHandler {
  const compressible = (req: Request, res: Response): boolean =>
    !String(res.getHeader("Content-Type") ?? "").includes(
      "text/event-stream",
    ) && compression.filter(req, res);
  const compressAssets = compression({ filter: compressible });
  const compressPages = compression({
    filter: compressible,
    brotli: pageBrotli,
  });
  return (req, res, next) =>
    (req.path.startsWith("/build/") ? compressAssets : compressPages)(
      req,
      res,
      next,
    );
}

/** The build's fingerprinted assets under /build. */
export function buildAssets(root: string): RequestHandler {
  return express.static(path.join(root, "public/build"), {
    immutable: true,
    maxAge: "1y",
  });
}

/** The other public files by name: a page request never costs a file lookup. */
export function publicFiles(root: string): RequestHandler {
  const publicDir = path.join(root, "public");
  const names = new Set(
    fs
      .readdirSync(publicDir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const servePublic = express.static(publicDir, {
    maxAge: "1h",
    index: false,
    setHeaders(res, file) {
      // The service worker is checked for a new version on every visit.
      if (path.basename(file) === "sw.js") {
        res.setHeader("Cache-Control", "no-cache");
        res.setHeader("Service-Worker-Allowed", "/");
      }
    },
  });
  return (req, res, next) =>
    names.has(req.path) ? servePublic(req, res, next) : next();
}
