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
// with nothing to show is React's error 345. So the stream is read to its end first (a copy of
// it: RemixBrowser decodes the other); once every byte is there, the decode needs no wait that
// an input event could fall into.
// RemixBrowser requires the stream as well: every server-rendered page has one.
const handoff = (window as { __remixContext: { stream: ReadableStream } })
  .__remixContext;
const [copy, stream] = handoff.stream.tee();
handoff.stream = stream;
const hydrate = () =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
copy.pipeTo(new WritableStream()).then(hydrate, hydrate);
