import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Listens to the signed-in user's events (GET /api/events) and revalidates the page's loaders
 * when something of theirs changes, so dashboards, approvals, history and the employees list
 * update without a reload. EventSource reconnects by itself. Without JavaScript every page
 * load is simply current.
 *
 * A revalidation never interrupts a navigation in flight: the user's own form post publishes
 * an event too, and interrupting its redirect would drop the loads that carry its toast. The
 * event is applied once the navigation has settled.
 */
export function LiveUpdates() {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const busyRef = useRef(false);
  busyRef.current = navigation.state !== "idle";
  const owedRef = useRef(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      // Several events in a burst (an approval touches request, balance and deductions)
      // cause one revalidation.
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (busyRef.current) owedRef.current = true;
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

  useEffect(() => {
    if (navigation.state === "idle" && owedRef.current) {
      owedRef.current = false;
      revalidateRef.current();
    }
  }, [navigation.state]);
  return null;
}
