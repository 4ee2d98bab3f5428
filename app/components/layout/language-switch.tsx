import { useLocation } from "@remix-run/react";
import { useLanguage, useT } from "~/utils/i18n";
import { LANGUAGE_NAMES, LANGUAGES } from "~/utils/i18n";

/**
 * The language switch: a plain form posted to /language (no JavaScript needed), which sets the
 * lng cookie and, for a signed-in user, their saved preference, then brings the user back here.
 * It offers the languages the page is not in, each named in itself.
 */
export function LanguageSwitch({
  tone = "light",
}: {
  /** "dark" on the brand-coloured sidebar. */
  tone?: "light" | "dark";
}) {
  const language = useLanguage();
  const t = useT("common");
  const location = useLocation();
  const others = LANGUAGES.filter((l) => l !== language);
  return (
    <form method="post" action="/language" className="flex items-center">
      <input
        type="hidden"
        name="redirectTo"
        value={`${location.pathname}${location.search}`}
      />
      {others.map((other) => (
        <button
          key={other}
          type="submit"
          name="language"
          value={other}
          lang={other}
          title={t("language.switch", { language: LANGUAGE_NAMES[other] })}
          className={`inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 ${
            tone === "dark"
              ? "w-full text-gray-100 hover:bg-brand-700 focus-visible:ring-white"
              : "text-brand-700 underline hover:text-brand-800 focus-visible:ring-brand-600"
          }`}
        >
          {LANGUAGE_NAMES[other]}
        </button>
      ))}
    </form>
  );
}
