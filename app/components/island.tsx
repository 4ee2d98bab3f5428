import { lazy, memo, Suspense, useState, type ComponentType } from "react";

// Forms (and other parts a page does not need to become interactive) as "islands": their code,
// with Conform and the zod schemas, is not part of the page's first JavaScript.
//
// - On the server the island renders like any component: the page's HTML holds the whole form
//   (its code is loaded when the server starts, and the response is sent once everything is
//   ready, entry.server.tsx).
// - In the browser the page hydrates without it. React leaves the island's server HTML in place
//   (a Suspense boundary whose code is not loaded yet stays dehydrated) and asks for its code
//   right after hydration; when it arrives React hydrates the island over the same HTML, so
//   what the user typed in the meantime stays. Until then the form is a plain HTML form: a
//   submit posts it to the server, which answers with the same messages the browser would show.
// - After a client-side navigation the island's code is requested as soon as the route's module
//   loads (alongside the page's data), so the form is usually there when the page shows.
// - If the island's code does not arrive (the network went away while the page loaded, or a
//   deploy replaced the file), the island stays as it is, the server's plain HTML form, and its
//   code is asked for again: when the browser is back online, or after a growing wait. The
//   page does not fall into its error boundary for a form it can already submit without code.

let appStarted = false;

/** Called by entry.client before hydration: route modules loaded after this are navigations. */
export function markAppStarted() {
  appStarted = true;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 60_000;

/** The island's code, asked for until it arrives: the promise settles only with the code. */
function retried<T>(load: () => Promise<T>): Promise<T> {
  return new Promise((resolve) => {
    const attempt = (wait: number) => {
      load().then(resolve, () => {
        const again = () => attempt(Math.min(wait * 2, LONGEST_RETRY_MS));
        if (navigator.onLine) window.setTimeout(again, wait);
        else window.addEventListener("online", again, { once: true });
      });
    };
    attempt(FIRST_RETRY_MS);
  });
}

export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= (
      typeof document === "undefined" ? load() : retried(load)
    ).then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  if (typeof document === "undefined")
    // On the server the island's code is part of the server build: loaded at once, so a page
    // renders in one synchronous pass from its first request. A failure shows
    // where the island renders, as it would without this.
    preload().catch(() => undefined);
  else if (appStarted) void preload();

  function Island(props: P) {
    // Chosen once: switching from the lazy element to the loaded component would remount it.
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return memo(Island) as unknown as ComponentType<P>;
}
