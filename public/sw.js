/* Grocery Advance's service worker. */

/* ---- Web Push: BEGIN (docs/decisions/0122) ----
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
