import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";

export type ToastData = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
};

// SPEC §9: a dismissed toast is removed after 1,000,000 ms — in effect it stays until the
// user closes it or a newer toast replaces it. Only one toast is visible at a time.
//
// A live-update revalidation re-runs the root loader, whose flash toast was consumed by the
// page load that showed it: the toast stays until the next navigation rather than vanishing
// a moment after it appeared.
export function Toast({
  toast: incoming,
}: {
  toast: ToastData | null | undefined;
}) {
  const { key } = useLocation();
  const [sticky, setSticky] = useState<{
    toast: ToastData;
    key: string;
  } | null>(incoming ? { toast: incoming, key } : null);
  const [dismissed, setDismissed] = useState<ToastData | null>(null);
  useEffect(() => {
    if (!incoming) return;
    setSticky({ toast: incoming, key });
    setDismissed(null);
  }, [incoming, key]);
  const toast =
    incoming ?? (sticky && sticky.key === key ? sticky.toast : null);
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
