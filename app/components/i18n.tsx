import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import {
  DEFAULT_LANGUAGE,
  fixedT,
  isLanguage,
  translateMessage,
  type Language,
  type Messages,
  type TFunction,
} from "~/utils/i18n";

// Texts on pages (docs/decisions/1914-…): the root loader gives every page its language and
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
      i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part,
    );
}
