import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { markAppStarted } from "~/components/island";

// Zod tries new Function() to compile fast parsers unless its configuration says `jitless`;
// the page's Content-Security-Policy refuses eval, and the browser logged that refusal on every
// page with a form. Parsing a form's few fields needs no compiled parser. This is z.config's
// own shared object (every copy of zod reads it from globalThis), set without importing zod
// into every page; set before any form is parsed, whichever loads first.
const zodGlobal = globalThis as {
  __zod_globalConfig?: { jitless?: boolean };
};
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;

markAppStarted();

// The installed app's service worker (public/sw.js): offline pages. Registered once the page
// has loaded, so it never competes with the page for the network.
if ("serviceWorker" in navigator) {
  const register = () =>
    navigator.serviceWorker.register("/sw.js").catch(() => {});
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}

// Single fetch hands the page's data over as a stream that RemixBrowser decodes while the root
// is suspended. A key pressed in that moment makes React hydrate at once, and a root suspended
// with nothing to show is React's error 345. Reading the stream to its end first narrowed that
// moment but did not close it (the decode still settles a task later, and CI met the error
// again under load). So the decode is started and awaited before `hydrateRoot`: RemixBrowser,
// called once as a plain function, starts it and throws its promise (what it throws to React
// while it waits); once that settles, the root's first render has its data and never suspends.
// If RemixBrowser throws anything else, or nothing, the page hydrates at once as before, and
// React shows what went wrong (docs/upstream.md: remove with the move to React Router 7).
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
function decodedFirst(): Promise<unknown> | undefined {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown;
  }
  return undefined;
}
const decoding = decodedFirst();
if (decoding) decoding.then(hydrate, hydrate);
else hydrate();
