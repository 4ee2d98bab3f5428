import type { MetaFunction } from "@remix-run/node";
import { DEFAULT_LANGUAGE, fixedT, isLanguage, type Messages } from "./i18n";

/** A page's `meta`: its title, then the product's name ("Payroll · Grocery Advance"). */
export function pageTitle(page: string): MetaFunction {
  return () => [{ title: `${page} · Grocery Advance` }];
}

/**
 * pageTitle for a translated page: `key` ("ns:key") in the page's language, from the
 * namespaces its loaders handed it.
 */
export function translatedTitle(key: string): MetaFunction {
  return ({ matches }) => {
    const messages: Messages = {};
    let language = DEFAULT_LANGUAGE;
    for (const match of matches) {
      const data = match.data as
        { i18n?: Messages; language?: unknown } | null | undefined;
      if (data?.i18n) Object.assign(messages, data.i18n);
      if (isLanguage(data?.language)) language = data.language;
    }
    const t = fixedT(language, messages, "common");
    return [{ title: `${t(key)} · Grocery Advance` }];
  };
}
