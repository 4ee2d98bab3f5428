import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A dialog rendered by the server from the URL (e.g. /approvals?decline=12), so it opens and
 * works without JavaScript: "Cancel" is a link to `closeTo`. With JavaScript, Escape closes
 * it and focus moves into it when it opens.
 */
export function Modal({
  id,
  title,
  description,
  closeTo,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  closeTo: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = panel.current;
    const first = node?.querySelector<HTMLElement>(
      "textarea, input:not([type=hidden]), select",
    );
    // preventScroll: focusing must not scroll the page or the table behind the dialog.
    (first ?? node)?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape")
        navigate(closeTo, { replace: true, preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    // !m-0: a parent's space-y-* margin would otherwise shift the fixed overlay down.
    <div className="fixed inset-0 z-40 !m-0 flex items-start justify-center overflow-y-auto bg-gray-900/50 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl focus:outline-none"
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description ? (
          <div id={`${id}-description`} className="mt-1 text-sm text-gray-700">
            {description}
          </div>
        ) : null}
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
