import type { User } from "#db/schema";
import { appRequestHandler } from "./app-server";
import { requestAs } from "./factories";

// The whole app as Remix serves it, without a build (./app-server.ts builds its route tree with
// the app's real route modules and entry), for tests that read a page's HTML as a browser
// receives it.

let handler: ((request: Request) => Promise<Response>) | undefined;

/** A page's status and HTML, as `user` (signed in) or nobody would get it. */
export async function renderPage(
  user: User | null,
  to: string,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<{ status: number; html: string }> {
  if (!handler) {
    const handle = await appRequestHandler();
    handler = (request) => handle(request, { cspNonce: "" });
  }
  const response = await handler(
    await requestAs(user, to, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers: { Accept: "text/html" },
      ...(init.form ? { form: init.form } : {}),
    }),
  );
  return { status: response.status, html: await response.text() };
}

/** The page's visible text, roughly: tags, scripts and entities out, spaces folded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replace(/\s+/g, " ")
    .trim();
}
