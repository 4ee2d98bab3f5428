// Grocery Advance's service worker (docs/decisions/0115): the installed app's offline page, and
// the last dashboard (/) and card page (/cards/<id>) of the signed-in person, kept so they stay
// readable offline, shown marked as a saved copy with its date. The kept pages are deleted when
// the person logs out and as soon as the server answers that the session has ended (signed out,
// expired or revoked: a redirect to /auth). Plain JavaScript served as it is (no build step);
// other features add their own event listeners to this one file.

const SHELL = "ga-shell-v1"; // the offline page and an icon: no personal data
const PAGES = "ga-pages"; // the signed-in person's kept pages
const SHELL_FILES = ["/offline", "/icon-192.png"];
const KEPT = /^\/(cards\/\d+)?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith("ga-shell-") && key !== SHELL)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Deletes every kept page. */
function forget() {
  return caches.delete(PAGES);
}

/**
 * Whether the server said no one is signed in: it sent a data request to /auth, or answered
 * the sign-in page itself (which sends a signed-in person home). A page's redirect to /auth
 * is not visible here (the browser follows it): the sign-in page it leads to is. A data
 * request's redirect is answered as data (status 202, so the browser does not follow it),
 * with the redirect's Location header kept.
 */
function signedOut(response) {
  const location =
    response.status === 202 ? response.headers.get("Location") || "" : "";
  if (location.startsWith("/auth")) return true;
  return (
    response.ok &&
    response.type !== "opaqueredirect" &&
    new URL(response.url).pathname === "/auth"
  );
}

async function keep(path, response) {
  const body = await response.text();
  const cache = await caches.open(PAGES);
  await cache.put(
    path,
    new Response(body, {
      headers: {
        "Content-Type": "text/html; charset=utf-8",
        "X-Saved-At": new Date().toISOString(),
      },
    }),
  );
}

/** A page without its scripts: offline, it is read, not used (and they could not load). */
function withoutScripts(html) {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link rel="modulepreload"[^>]*>/gi, "");
}

function htmlResponse(html) {
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

/**
 * A kept page as it is shown offline: without its scripts (it is read, not used), its
 * "saved copy" notice shown with the date it was kept, in the page's language.
 */
async function savedCopy(kept) {
  const html = await kept.text();
  const savedAt = new Date(kept.headers.get("X-Saved-At") || Date.now());
  const language = (/<html lang="([a-z-]+)"/i.exec(html) || [])[1] || "en";
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(savedAt);
  const page = withoutScripts(html)
    .replace('id="offline-copy" hidden=""', 'id="offline-copy"')
    .replace(
      /<time data-offline-date="">[\s\S]*?<\/time>/,
      `<time datetime="${savedAt.toISOString()}">${when}</time>`,
    );
  return htmlResponse(page);
}

async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    if (signedOut(response)) {
      await forget();
    } else if (
      KEPT.test(url.pathname) &&
      url.search === "" &&
      response.ok &&
      !response.redirected &&
      (response.headers.get("Content-Type") || "").startsWith("text/html")
    ) {
      event.waitUntil(keep(url.pathname, response.clone()));
    }
    return response;
  } catch (error) {
    if (KEPT.test(url.pathname)) {
      const kept = await (await caches.open(PAGES)).match(url.pathname);
      if (kept) return savedCopy(kept);
    }
    const offline = await caches.match("/offline");
    if (offline) return htmlResponse(withoutScripts(await offline.text()));
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Logging out: a form post to /logout, or to /logout.data from the page's router.
  if (/^\/logout(\.data)?$/.test(url.pathname) && request.method === "POST") {
    event.respondWith(forget().then(() => fetch(request)));
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(event, url));
  } else if (url.pathname.endsWith(".data")) {
    // A data request of a page with JavaScript: a session that ended shows here first.
    event.respondWith(
      fetch(request).then((response) =>
        signedOut(response) ? forget().then(() => response) : response,
      ),
    );
  }
});

/* ---- Web Push: BEGIN (docs/decisions/0116) ----
 * Shows each push the server sends ({ title, body, url, tag }, encrypted by the push service's
 * RFC 8291 scheme and decrypted by the browser) and opens its page when it is clicked. Kept
 * apart so that the rest of this worker can change around it. */
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = data.title || "Grocery Advance";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: data.body || "",
      tag: data.tag || undefined,
      icon: "/favicon.svg",
      data: { url: typeof data.url === "string" ? data.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  // Only a page of this site: never an address from elsewhere.
  const target = new URL(path || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((windows) => {
        for (const w of windows)
          if (new URL(w.url).origin === target.origin && "navigate" in w)
            return w.focus().then(() => w.navigate(target.href));
        return self.clients.openWindow(target.href);
      }),
  );
});
/* ---- Web Push: END ---- */
