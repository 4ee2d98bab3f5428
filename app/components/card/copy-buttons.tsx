import { useEffect, useState } from "react";
import type { RevealedDetails } from "~/components/card/card-face";
import { useT } from "~/utils/i18n";

/**
 * The Copy buttons of the revealed details, for a phone's shop checkout (the number copied
 * without its spaces): three equal buttons in a row under the card, so they line up at any
 * width. They appear once the page's code runs (they need the clipboard); without JavaScript
 * the details on the card face are there to select.
 */
export function CopyButtons({ revealed }: { revealed: RevealedDetails }) {
  const t = useT("cards");
  const [ready, setReady] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => setReady(Boolean(navigator.clipboard)), []);
  if (!ready) return null;
  const buttons = [
    ["number", t("details.copyNumber"), revealed.number],
    ["expiry", t("details.copyExpiry"), revealed.expiry],
    ["cvc", t("details.copyCvc"), revealed.cvc],
  ] as const;
  return (
    <div className="grid grid-cols-3 gap-2" data-testid="copy-buttons">
      {buttons.map(([key, label, value]) => (
        <button
          key={key}
          type="button"
          onClick={() =>
            navigator.clipboard
              .writeText(value.replace(/\s/g, ""))
              .then(() => setCopied(key))
              .catch(() => setCopied(null))
          }
          className="min-h-11 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {label}
          <span aria-live="polite" className="block text-xs text-green-800">
            {copied === key ? t("details.copied") : null}
          </span>
        </button>
      ))}
    </div>
  );
}
