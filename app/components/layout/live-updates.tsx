import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Listens to the signed-in user's events (GET /api/events) and revalidates the page's loaders
 * when something of theirs changes, so dashboards, approvals, history and the employees list
 * update without a reload. EventSource reconnects by itself. Without JavaScript every page
 * load is simply current.
 *
 * A revalidation never interrupts a navigation or a form post in flight: the user's own post
 * publishes an event too. Interrupting a navigation's redirect would drop the loads that carry
 * its toast; and a revalidation started while a fetcher's post waits for its answer is a newer
 * navigation, so the router ignores the post's redirect (the Add Employee dialog stayed open
 * after the employee was added). The event is applied once every navigation and fetcher has
 * settled.
 */
export function LiveUpdates() {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy =
    navigation.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle");
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  const busyRef = useRef(false);
  busyRef.current = busy;
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
    if (!busy && owedRef.current) {
      owedRef.current = false;
      revalidateRef.current();
    }
  }, [busy]);
  return null;
}
