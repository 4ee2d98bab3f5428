import { createCookie, redirect, type HeadersFunction } from "@remix-run/node";
import { isSecureRequest, sessionSecret } from "~/web/session.server";

// Pages reached by a link that carries a secret token (a password reset; later an invitation)
// are private: no cache may keep them, no Referer may carry their address, and the token leaves
// the address bar on the first load, so it stays out of the browser's history and of whatever a
// screenshot or a shared screen shows.

/**
 * The response whose address still holds the token (the link as mailed): nothing may keep it,
 * and its address is never sent anywhere as a Referer.
 */
const TOKEN_IN_ADDRESS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
} as const;

/**
 * The page itself, at its clean address: nothing may keep it, and no other site is ever told
 * it was visited. `same-origin` rather than `no-referrer`: under `no-referrer` a browser posts
 * the page's own form with `Origin: null`, which Remix refuses as a cross-site action (and
 * browsers without Sec-Fetch-Site would be refused by our own guard); the address it would
 * send to itself holds no token.
 */
export const PRIVATE_TOKEN_PAGE = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
} as const;

/**
 * The route's `headers` export. Remix sends a loader's headers only with its data requests; a
 * document gets the headers this returns.
 */
export const privateTokenPageHeaders: HeadersFunction = () =>
  PRIVATE_TOKEN_PAGE;

export type TokenLink = {
  /**
   * The token of this request. A URL that still carries it (`?token=…`) is answered with a
   * redirect to the same path without it, the token kept in a short-lived cookie for that path
   * only (and its single-fetch data URL, `<path>.data`, where the page's form posts with
   * JavaScript: a cookie's path `/join` does not cover `/join.data`); the clean URL reads the
   * cookie. An absent token is "".
   */
  read(request: Request): Promise<{ token: string } | { redirect: Response }>;
  /** The Set-Cookie headers that forget the token (after it was used), one per path. */
  forget(request: Request): Promise<[string, string][]>;
};

/** A token link for the page at `path`, whose token lives at most `maxAgeSeconds`. */
export function tokenLink(
  name: string,
  path: string,
  maxAgeSeconds: number,
): TokenLink {
  const cookie = (at = path) =>
    createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: at,
      maxAge: maxAgeSeconds,
      secrets: [sessionSecret()],
    });
  const paths = [path, `${path}.data`];
  return {
    async read(request) {
      const url = new URL(request.url);
      const fromUrl = url.searchParams.get("token");
      if (fromUrl !== null) {
        url.searchParams.delete("token");
        const headers = new Headers(TOKEN_IN_ADDRESS);
        for (const at of paths)
          headers.append(
            "Set-Cookie",
            await cookie(at).serialize(fromUrl, {
              secure: isSecureRequest(request),
            }),
          );
        return {
          redirect: redirect(`${url.pathname}${url.search}`, { headers }),
        };
      }
      const kept: unknown = await cookie().parse(request.headers.get("Cookie"));
      return { token: typeof kept === "string" ? kept : "" };
    },
    async forget(request) {
      const forgotten: [string, string][] = [];
      for (const at of paths)
        forgotten.push([
          "Set-Cookie",
          await cookie(at).serialize("", {
            maxAge: 0,
            secure: isSecureRequest(request),
          }),
        ]);
      return forgotten;
    },
  };
}
