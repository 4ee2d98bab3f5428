import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Listens to the signed-in user's events (GET /api/events) and revalidates the page's loaders
 * when something of theirs changes, so dashboards, approvals, history and the employees list
 * update without a reload. EventSource reconnects by itself. Without JavaScript every page
 * load is simply current.
 */
export function LiveUpdates() {
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const navigation = useNavigation();
  const busyRef = useRef(false);
  busyRef.current = navigation.state !== "idle";
  const pendingRef = useRef(false);

  // A revalidation started during a navigation restarts that navigation and aborts its
  // loader calls, and the root loader's call may already have consumed the flash toast (the
  // 'Success!' after a redirect): wait until the navigation has finished.
  useEffect(() => {
    if (navigation.state !== "idle" || !pendingRef.current) return;
    pendingRef.current = false;
    revalidateRef.current();
  }, [navigation.state]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      // Several events in a burst (an approval touches request, balance and deductions)
      // cause one revalidation.
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busyRef.current) pendingRef.current = true;
        else revalidateRef.current();
      }, 150);
    };
    source.addEventListener("change", onChange);
    source.addEventListener("ready", () =>
      document.documentElement.setAttribute("data-live", "on"),
    );
    return () => {
      clearTimeout(timer);
      source.close();
      document.documentElement.removeAttribute("data-live");
    };
  }, []);
  return null;
}
