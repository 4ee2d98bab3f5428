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
 *
 * Each time the stream opens or reopens ("ready": the server has subscribed), the page catches
 * up once: whatever happened between the page's render (or the stream's drop) and that moment
 * reached no stream, so the page's loaders are asked again, under the same rule (now, or once
 * the navigation or post in flight has settled). `data-live="on"` is set once that catch-up has
 * settled: from then on the page is current and misses no event.
 */
export function LiveUpdates() {
  const { revalidate, state: revalidation } = useRevalidator();
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
  const revalidationRef = useRef(revalidation);
  revalidationRef.current = revalidation;
  // The catch-up after the stream (re)opened: asked for until its revalidation starts, loading
  // until it ends.
  const catchUpRef = useRef<"none" | "asked" | "loading">("none");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      if (busyRef.current) owedRef.current = true;
      else revalidateRef.current();
    };
    const onChange = () => {
      // Several events in a burst (an approval touches request, balance and deductions)
      // cause one revalidation.
      clearTimeout(timer);
      timer = setTimeout(apply, 150);
    };
    source.addEventListener("change", onChange);
    source.addEventListener("ready", () => {
      clearTimeout(timer);
      // A revalidation already loading is started again by this one: its end is the catch-up's.
      catchUpRef.current =
        revalidationRef.current === "loading" ? "loading" : "asked";
      apply();
    });
    return () => {
      clearTimeout(timer);
      source.close();
      document.documentElement.removeAttribute("data-live");
    };
  }, []);

  useEffect(() => {
    if (catchUpRef.current === "asked" && revalidation === "loading")
      catchUpRef.current = "loading";
    else if (catchUpRef.current === "loading" && revalidation === "idle") {
      catchUpRef.current = "none";
      document.documentElement.setAttribute("data-live", "on");
    }
  }, [revalidation]);

  useEffect(() => {
    if (!busy && owedRef.current) {
      owedRef.current = false;
      revalidateRef.current();
    }
  }, [busy]);
  return null;
}
