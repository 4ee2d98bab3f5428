import { useMatches, useRouteLoaderData } from "@remix-run/react";
import type { MetaFunction } from "@remix-run/node";
import { createElement, Fragment, type ReactNode } from "react";

// The product's languages and the small runtime that turns a catalogue entry into text, in the
// browser and on the server alike (decision 0084).
//
// The catalogues (app/utils/locales/<language>/<namespace>.ts) are in i18next's JSON format:
// nested keys, `{{name}}` interpolation, plurals as `key_one` / `key_other` (the language's CLDR category
// through Intl.PluralRules, `key_other` when the catalogue has no entry for it, as Spanish's
// `many`; `key_zero` for a count of 0 when the catalogue has one). i18next
// itself (~14 KB gzip, with react-i18next ~16 KB) does not fit the 100 KB page budget, so the
// browser gets this subset; the server's mails, validation messages, toasts and JSON messages
// go through i18next (app/utils/i18n.server.ts), and tests/unit/i18n.test.ts checks that both
// give the same text for every entry of every catalogue.

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** Each language's name in itself (the language switch shows them so). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  es: "Español",
};

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "es";
}

/** The locale `Intl` formats with: US English, US Spanish (dates, money, percentages). */
export function intlLocale(language: Language): string {
  return language === "es" ? "es-US" : "en-US";
}

export type Catalogue = { [key: string]: string | Catalogue };
/** The namespaces a page was given: namespace → its catalogue in the page's language. */
export type Messages = Record<string, Catalogue>;
export type TOptions = { count?: number } & Record<
  string,
  string | number | undefined
>;
export type TFunction = (key: string, options?: TOptions) => string;

function lookup(catalogue: Catalogue | undefined, key: string) {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) {
    if (!node || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(language: Language, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(intlLocale(language));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /{{(.+?)}}/g;

/** One entry of `catalogue` as text: its plural form for `count`, its values filled in. */
export function translate(
  language: Language,
  catalogue: Catalogue | undefined,
  key: string,
  options: TOptions = {},
): string {
  let text: string | undefined;
  if (typeof options.count === "number") {
    if (options.count === 0) text = lookup(catalogue, `${key}_zero`);
    text ??= lookup(
      catalogue,
      `${key}_${pluralCategory(language, options.count)}`,
    );
    text ??= lookup(catalogue, `${key}_other`);
  }
  text ??= lookup(catalogue, key);
  if (text === undefined) return key;
  // A value not given leaves its placeholder as written, as i18next does.
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = options[name.trim()];
    return value === undefined ? placeholder : String(value);
  });
}

/** A `t` for one namespace of `messages`; "ns:key" reaches another namespace given too. */
export function fixedT(
  language: Language,
  messages: Messages,
  namespace: string,
): TFunction {
  return (key, options) => {
    const at = key.indexOf(":");
    return at > 0
      ? translate(
          language,
          messages[key.slice(0, at)],
          key.slice(at + 1),
          options,
        )
      : translate(language, messages[namespace], key, options);
  };
}

/** A key of the `messages` catalogue with placeholders, as a pattern over finished English. */
type MessagePattern = { key: string; names: string[]; pattern: RegExp };
const patterns = new WeakMap<Catalogue, MessagePattern[]>();

function messagePatterns(catalogue: Catalogue): MessagePattern[] {
  let list = patterns.get(catalogue);
  if (!list) {
    list = Object.keys(catalogue)
      .filter((key) => key.includes("{{"))
      .map((key) => {
        const names: string[] = [];
        const source = key
          .split(PLACEHOLDER)
          .map((part, i) => {
            if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
            names.push(part.trim());
            return "(.+?)";
          })
          .join("");
        return { key, names, pattern: new RegExp(`^${source}$`, "s") };
      })
      // The most specific pattern first: the longest fixed text.
      .sort(
        (a, b) =>
          b.key.replace(PLACEHOLDER, "").length -
          a.key.replace(PLACEHOLDER, "").length,
      );
    patterns.set(catalogue, list);
  }
  return list;
}

/**
 * A message the server or a schema wrote in English (a validation message, a refusal, a toast),
 * in `language`. The `messages` catalogue is keyed by the English text itself (i18next's
 * natural-language keys): "Username is required", or with placeholders, "Welcome back,
 * {{name}}!", whose values are taken from the English and translated too when the catalogue
 * has them (a field's name). A text the catalogue does not know stays as it is.
 */
export function translateMessage(
  language: Language,
  catalogue: Catalogue | undefined,
  text: string,
  day?: (isoDay: string) => string,
): string {
  if (!catalogue || !text) return text;
  // An English text is as it is, unless a placeholder holds a day to show in the page's format.
  if (language === DEFAULT_LANGUAGE && !(day && /\d{4}-\d\d-\d\d/.test(text)))
    return text;
  const exact = catalogue[text];
  if (typeof exact === "string") return exact;
  for (const { key, names, pattern } of messagePatterns(catalogue)) {
    const match = pattern.exec(text);
    if (!match) continue;
    const template = catalogue[key];
    if (typeof template !== "string") continue;
    const values: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = match[i + 1];
      const translated = catalogue[value];
      values[name] =
        day && /^\d{4}-\d\d-\d\d$/.test(value)
          ? day(value)
          : typeof translated === "string"
            ? translated
            : value;
    });
    return template.replace(PLACEHOLDER, (placeholder, name: string) =>
      name.trim() in values ? values[name.trim()] : placeholder,
    );
  }
  return text;
}

// ---- In React: the page's language and texts -----------------------------------------------

// Texts on pages: the root loader gives every page its language and
// the `common` namespace; a page's loader adds the namespaces it renders (`i18n` in its data).
// Server and browser render from the same data, so the hydrated page is the server's page.

/** The page's language (the root loader decides it). */
export function useLanguage(): Language {
  const root = useRouteLoaderData("root") as { language?: unknown } | undefined;
  return isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
}

/** Every namespace the matched routes' loaders handed to the page. */
function useMessages(): Messages {
  const messages: Messages = {};
  for (const match of useMatches()) {
    const i18n = (match.data as { i18n?: Messages } | null | undefined)?.i18n;
    if (i18n) Object.assign(messages, i18n);
  }
  return messages;
}

/** `t` for one namespace ("ns:key" reaches another namespace the page has). */
export function useT(namespace: string): TFunction {
  return fixedT(useLanguage(), useMessages(), namespace);
}

/**
 * Messages written in English by a schema or the server (field and form errors), in the page's
 * language when the page has the `messages` namespace; as they are otherwise.
 */
export function useMessageText(): (text: string) => string {
  const language = useLanguage();
  const catalogue = useMessages().messages;
  return (text) => translateMessage(language, catalogue, text);
}

/**
 * A translated sentence with elements inside it: "…or write to <email>." with
 * `{ email: <a …>…</a> }` (the catalogue places the element; the words are never joined in code).
 */
export function withElements(
  text: string,
  elements: Record<string, ReactNode>,
): ReactNode {
  return text
    .split(/<(\w+)>/)
    .map((part, i) =>
      i % 2 === 1 ? createElement(Fragment, { key: i }, elements[part]) : part,
    );
}

/**
 * A translated page's `meta`: its title (`key`, "ns:key", in the page's language, from the
 * namespaces its loaders handed it), then the product's name; and its description
 * (`descriptionKey`, the product's own by default).
 */
export function translatedTitle(
  key: string,
  descriptionKey = "common:descriptions.default",
): MetaFunction {
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
    return [
      { title: `${t(key)} · Grocery Advance` },
      { name: "description", content: t(descriptionKey) },
    ];
  };
}
