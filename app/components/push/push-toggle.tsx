import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { useT } from "~/utils/i18n";
import {
  PUSH_SUBSCRIBE_INTENT,
  PUSH_UNSUBSCRIBE_INTENT,
} from "~/validation/push-types";

// This device's push toggle: registers the service worker, asks the
// browser's PushManager for a subscription made with the server's VAPID public key, and posts
// it (or, turning off, drops it). Loaded after the page, as an island; without JavaScript the
// page says that turning push on needs it.

type State =
  "checking" | "unsupported" | "blocked" | "on" | "off" | "working" | "failed";

const WORKER = "/sw.js";

export function PushToggle({
  vapidPublicKey,
  endpoints,
}: {
  vapidPublicKey: string;
  endpoints: string[];
}) {
  const t = useT("push");
  const fetcher = useFetcher();
  const [state, setState] = useState<State>("checking");
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const kept = endpoints.join("\n");

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) {
      setState("unsupported");
      return;
    }
    if (Notification.permission === "denied") {
      setState("blocked");
      return;
    }
    navigator.serviceWorker
      .register(WORKER)
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => {
        setEndpoint(subscription?.endpoint ?? null);
        setState(
          subscription && kept.split("\n").includes(subscription.endpoint)
            ? "on"
            : "off",
        );
      })
      .catch(() => setState("unsupported"));
  }, [kept]);

  async function turnOn() {
    setState("working");
    try {
      const registration = await navigator.serviceWorker.register(WORKER);
      await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: vapidPublicKey,
        }));
      const keys = subscription.toJSON().keys ?? {};
      fetcher.submit(
        {
          intent: PUSH_SUBSCRIBE_INTENT,
          endpoint: subscription.endpoint,
          p256dh: keys.p256dh ?? "",
          auth: keys.auth ?? "",
        },
        { method: "post" },
      );
    } catch {
      setState(Notification.permission === "denied" ? "blocked" : "failed");
    }
  }

  async function turnOff() {
    setState("working");
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.getSubscription();
      await subscription?.unsubscribe();
      fetcher.submit(
        {
          intent: PUSH_UNSUBSCRIBE_INTENT,
          endpoint: subscription?.endpoint ?? endpoint ?? "",
        },
        { method: "post" },
      );
    } catch {
      setState("failed");
    }
  }

  // What the server renders, and the page shows until the browser has been asked: without
  // JavaScript it stays.
  if (state === "checking")
    return (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        {t("settings.needsJavaScript")}
      </p>
    );
  const message =
    state === "unsupported"
      ? t("settings.unsupported")
      : state === "blocked"
        ? t("settings.blocked")
        : state === "on"
          ? t("settings.onHere")
          : state === "failed"
            ? t("settings.failed")
            : state === "off"
              ? t("settings.offHere")
              : t("settings.working");
  const canToggle = state === "on" || state === "off" || state === "failed";
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-gray-800" role="status">
        {message}
      </p>
      {canToggle || state === "working" ? (
        <Button
          type="button"
          variant={state === "on" ? "secondary" : "primary"}
          disabled={state === "working" || fetcher.state !== "idle"}
          onClick={() => void (state === "on" ? turnOff() : turnOn())}
        >
          {state === "on" ? t("settings.turnOff") : t("settings.turnOn")}
        </Button>
      ) : null}
    </div>
  );
}
