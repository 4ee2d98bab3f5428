import {
  useFetchers,
  useLoaderData,
  useNavigation,
  useRevalidator,
} from "@remix-run/react";
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
 * settled: from then on the page is current and misses no event. It is known to have settled
 * when the layout's data is a newer copy than the one on screen when the stream opened and no
 * revalidation is loading: the router's "loading" state alone can come and go between two
 * renders, and a catch-up waiting to see it could wait for ever.
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
  // The layout's data (a new copy after every revalidation), and the copy on screen when the
  // stream last (re)opened while its catch-up is pending.
  const data = useLoaderData();
  const dataRef = useRef(data);
  dataRef.current = data;
  const catchUpRef = useRef<{ from: unknown } | null>(null);

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
      catchUpRef.current = { from: dataRef.current };
      apply();
    });
    return () => {
      clearTimeout(timer);
      source.close();
      document.documentElement.removeAttribute("data-live");
    };
  }, []);

  useEffect(() => {
    const catchUp = catchUpRef.current;
    if (catchUp && data !== catchUp.from && revalidation === "idle") {
      catchUpRef.current = null;
      document.documentElement.setAttribute("data-live", "on");
    }
  }, [data, revalidation]);

  useEffect(() => {
    if (!busy && owedRef.current) {
      owedRef.current = false;
      revalidateRef.current();
    }
  }, [busy]);
  return null;
}
