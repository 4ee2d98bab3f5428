import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

export type ToastData = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

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

// SPEC §9: a dismissed toast is removed after 1,000,000 ms — in effect it stays until the
// user closes it or a newer toast replaces it. Only one toast is visible at a time.
export function Toast({ toast }: { toast: ToastData | null | undefined }) {
  const [dismissed, setDismissed] = useState<ToastData | null>(null);
  const navigation = useNavigation();
  useEffect(() => setDismissed(null), [toast]);
  // A new form post retires the toast on screen: its answer brings its own toast, and a
  // 4xx answer does not re-run the root loader, which would otherwise leave an old success
  // toast beside the new error (SPEC §8: one toast at a time).
  useEffect(() => {
    if (navigation.state === "submitting") setDismissed(toast ?? null);
  }, [navigation.state, toast]);
  if (!toast || dismissed === toast) return null;
  const tone =
    toast.type === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : toast.type === "success"
        ? "border-green-300 bg-green-50 text-green-900"
        : "border-gray-300 bg-white text-gray-900";
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-testid="toast"
      className={`fixed right-4 top-4 z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border p-4 shadow-lg ${tone}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? (
            <p className="mt-1 text-sm">{toast.description}</p>
          ) : null}
        </div>
        <button
          type="button"
          className="rounded p-1 text-sm hover:bg-black/5"
          aria-label="Dismiss notification"
          onClick={() => setDismissed(toast)}
        >
          ✕
        </button>
      </div>
    </div>
  );
}
