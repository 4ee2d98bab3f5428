import type { createRequestHandler } from "@remix-run/server-runtime";
import type { User } from "#db/schema";
import { appRequestHandler } from "./app-server";
import { requestAs } from "./factories";
import { toastCookieOf } from "./toasts";

// A person's browser against Remix's request handler: post a form as the page would, follow
// the redirect with the toast cookie it set, and read the toast and the page that shows it.

type Handler = ReturnType<typeof createRequestHandler>;
export type Language = "en" | "es";

/** HTML entities the pages use, decoded. */
export const decode = (s: string) =>
  s
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');

/** A browser's cookies for `user`: their session, and the language. */
export async function browserOf(user: User, language: Language) {
  const session = (await requestAs(user, "/")).headers.get("Cookie") ?? "";
  return `${session}; lng=${language}`;
}

/** The flash toast a page shows (title and description), from its HTML. */
export function shownToast(html: string) {
  const region =
    /<div[^>]*data-testid="toast"[\s\S]*?<\/p>(?:\s*<p[^>]*>[\s\S]*?<\/p>)*/.exec(
      html,
    )?.[0] ?? "";
  return [...region.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map(([, text = ""]) =>
    decode(text.replace(/<!-- -->/g, "")),
  );
}

/** `handler()` is the app's request handler (built in a beforeAll). */
function pageActions(handler: () => Handler) {
  /** A page as the browser with `cookies` gets it (200, decoded HTML). */
  async function show(cookies: string, to: string) {
    const page = await handler()(
      await requestAs(null, to, {
        headers: { Accept: "text/html" },
        cookie: cookies,
      }),
      { cspNonce: "" },
    );
    expect(page.status, to).toBe(200);
    return decode(await page.text());
  }

  /**
   * Posts the form as the person's browser would, follows the redirect with the toast it
   * carries, and returns where it went, the toast the next page shows and that page's HTML.
   */
  async function act(
    cookies: string,
    to: string,
    form: Record<string, string>,
  ) {
    const answer = await handler()(
      await requestAs(null, to, {
        method: "POST",
        headers: { Accept: "text/html" },
        cookie: cookies,
        form,
      }),
      { cspNonce: "" },
    );
    if (answer.status !== 302)
      throw new Error(
        `${to} ${JSON.stringify(form)}: ${answer.status} ${/data-testid="error-summary"[\s\S]*?<\/ul>/.exec(await answer.text())?.[0] ?? ""}`,
      );
    const location = answer.headers.get("Location") ?? "";
    const toast = toastCookieOf(answer);
    const html = await show(`${cookies}; ${toast}`, location);
    return { location, toast: shownToast(html), html, answer };
  }

  return { act, show };
}

/**
 * The app's request handler, made once before the file's tests, with the page actions over it:
 * `handler()` for a request the actions do not cover.
 */
export function usePageActions() {
  let made: Handler | undefined;
  beforeAll(async () => {
    made = await appRequestHandler();
  });
  const handler = () => {
    if (!made) throw new Error("the request handler is made in beforeAll");
    return made;
  };
  return { handler, ...pageActions(handler) };
}
