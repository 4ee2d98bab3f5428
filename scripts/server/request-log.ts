// One JSON line per request: no cookies, bodies, query strings or card data, and no token (a
// path that carries one, /join/<token>, is logged redacted by the app's loggedPath).
import type { RequestHandler } from "express";
import type { ServerEntry, RequestFacts } from "../server-build.js";

export function requestLog(
  lifecycle: Pick<
    ServerEntry,
    "requestLanguage" | "loggedPath" | "requestContext"
  >,
): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    // The language the answer is written in: for pages the lng cookie, else Accept-Language
    // (the root loader then applies the signed-in user's saved preference); the JSON API
    // follows Accept-Language alone (app/utils/i18n.server.ts).
    const facts: RequestFacts = {
      userId: null,
      language: lifecycle.requestLanguage(
        req.path.startsWith("/api/") ? null : (req.headers.cookie ?? null),
        req.headers["accept-language"] ?? null,
      ),
    };
    res.on("finish", () => {
      if (req.path.startsWith("/build/")) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      process.stdout.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: "info",
          msg: "request",
          method: req.method,
          path: lifecycle.loggedPath(req.path),
          status: res.statusCode,
          durationMs: Math.round(ms * 10) / 10,
          userId: facts.userId,
          pid: process.pid,
          // The database's own word on a failed request (app/utils/request-context.server.ts).
          ...(facts.dbError
            ? { dbCode: facts.dbError.code, dbMessage: facts.dbError.message }
            : {}),
        }) + "\n",
      );
    });
    // The Remix side records the signed-in user here (app/utils/request-context.server.ts).
    lifecycle.requestContext.run(facts, next);
  };
}
