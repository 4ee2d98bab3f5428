import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/utils/i18n";

export type ToastData = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** A second line under the message (why an action failed). */
  detail?: string;
};

/** How long a toast stays with JavaScript, counted while the pointer and focus are elsewhere. */
const TOAST_DURATION_MS = 5000;

/**
 * The flash toast of the root loader, kept for as long as the user stays on the page it
 * arrived with. The flash cookie is consumed by the first read, so a revalidation (a live
 * update, a fetcher) would otherwise return null and wipe it a moment after it appeared.
 */
export function useFlashToast(
  toast: ToastData | null | undefined,
): ToastData | null {
  const location = useLocation();
  const [held, setHeld] = useState<{ toast: ToastData | null; key: string }>({
    toast: toast ?? null,
    key: location.key,
  });
  if (toast && toast !== held.toast) setHeld({ toast, key: location.key });
  return held.key === location.key ? (toast ?? held.toast) : (toast ?? null);
}

/**
 * One toast (SPEC §8: one at a time). Two sources can have one at once: the root layout's
 * flash toast (`source="flash"`, after a redirect) and a page's action toast (the default).
 * A CSS rule in tailwind.css hides the flash toast while an action toast is on the page, so
 * the rule holds without JavaScript too.
 *
 * - With JavaScript it leaves after TOAST_DURATION_MS; the clock stops while the pointer is
 *   over it or focus is inside it, and starts again when both leave.
 * - The ✕ is a link to the toast's own fragment: without JavaScript `:target` hides it (see
 *   tailwind.css); with JavaScript the click is handled here and the URL is left alone.
 * - Placement (app/tailwind.css): without JavaScript a banner in the page flow at the top, so it
 *   covers nothing however long it stays; with JavaScript fixed along the bottom edge of a
 *   phone, and from 768px over the lower part of the sidebar (bottom right on public pages),
 *   clear of the header actions ('New Request', 'Add Employee'), form buttons and Menu.
 * - Announced politely (role="status"), errors included: it never interrupts.
 */
export function Toast({
  toast,
  source = "action",
}: {
  toast: ToastData | null | undefined;
  /** "flash" for the root layout's toast; pages leave it out. */
  source?: "flash" | "action";
}) {
  const [dismissed, setDismissed] = useState<ToastData | null>(null);
  const [paused, setPaused] = useState({ hover: false, focus: false });
  const navigation = useNavigation();
  const node = useRef<HTMLDivElement>(null);
  const t = useT("common");
  useEffect(() => setDismissed(null), [toast]);
  // A new form post retires the toast on screen: its answer brings its own toast, and a
  // 4xx answer does not re-run the root loader, which would otherwise leave an old success
  // toast beside the new error (SPEC §8: one toast at a time).
  useEffect(() => {
    if (navigation.state === "submitting") setDismissed(toast ?? null);
  }, [navigation.state, toast]);
  const visible = Boolean(toast) && dismissed !== toast;
  const isPaused = paused.hover || paused.focus;
  useEffect(() => {
    if (!visible || isPaused || !toast) return;
    const timer = window.setTimeout(
      () => setDismissed(toast),
      TOAST_DURATION_MS,
    );
    return () => window.clearTimeout(timer);
  }, [visible, isPaused, toast]);
  if (!toast || !visible) return null;
  const tone =
    toast.type === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : toast.type === "success"
        ? "border-green-300 bg-green-50 text-green-900"
        : "border-gray-300 bg-white text-gray-900";
  const id = `toast-${source}`;
  return (
    <div
      ref={node}
      id={id}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="toast"
      data-toast={source}
      onMouseEnter={() => setPaused((p) => ({ ...p, hover: true }))}
      onMouseLeave={() => setPaused((p) => ({ ...p, hover: false }))}
      onFocus={() => setPaused((p) => ({ ...p, focus: true }))}
      onBlur={(event) => {
        if (!node.current?.contains(event.relatedTarget as Node | null))
          setPaused((p) => ({ ...p, focus: false }));
      }}
      // Position: app/tailwind.css ("Toasts"), which knows whether JavaScript runs.
      className={`rounded-lg border p-4 shadow-lg ${tone}`}
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className="mt-1 text-sm">{toast.description}</p>
          ) : null}
          {toast.detail ? <p className="mt-1 text-sm">{toast.detail}</p> : null}
        </div>
        <a
          href={`#${id}`}
          className="-m-1 rounded p-1 hover:bg-black/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
          aria-label={t("toast.dismiss")}
          onClick={(event) => {
            event.preventDefault();
            setDismissed(toast);
          }}
        >
          {/* A text glyph, not an icon component: the toast is on every page, public ones
              included, and the icon library's runtime is loaded only by the signed-in layout. */}
          <span
            aria-hidden="true"
            className="block h-4 w-4 text-center leading-4"
          >
            ✕
          </span>
        </a>
      </div>
    </div>
  );
}
