import type { User } from "#db/schema";
import type { Language, Messages } from "~/utils/i18n";
import {
  LANGUAGE_COOKIE,
  languageFromHeaders,
  messagesFor,
  noteLanguage,
  type NamespacePick,
} from "~/utils/i18n.server";
import { getUser } from "./auth.server";
import { isSecureRequest } from "./session.server";

// The language of a page: the signed-in user's saved preference, else
// the lng cookie the language switch sets, else Accept-Language, else English.

const YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The lng cookie: not a secret, so neither signed nor hidden from the browser's scripts. */
export function languageCookieHeader(
  request: Request,
  language: Language,
): string {
  return [
    `${LANGUAGE_COOKIE}=${language}`,
    "Path=/",
    `Max-Age=${YEAR_SECONDS}`,
    "SameSite=Lax",
    ...(isSecureRequest(request) ? ["Secure"] : []),
  ].join("; ");
}

/** Removes the lng cookie: the browser's Accept-Language decides again. */
export function clearLanguageCookieHeader(request: Request): string {
  return [
    `${LANGUAGE_COOKIE}=`,
    "Path=/",
    "Max-Age=0",
    "SameSite=Lax",
    ...(isSecureRequest(request) ? ["Secure"] : []),
  ].join("; ");
}

/** The user's saved language if any, else the request's; noted for the rest of the request. */
export function languageFor(request: Request, user: User | null): Language {
  const language = user?.language ?? languageFromHeaders(request.headers);
  noteLanguage(language);
  return language;
}

/**
 * The page's language: the signed-in user is read once per request; when the
 * database cannot be reached the headers decide (the page's own loader reports the outage).
 */
async function pageLanguage(request: Request): Promise<Language> {
  const user = await getUser(request).catch(() => null);
  return languageFor(request, user);
}

/** What a page's loader adds to its data for the texts it renders: `{ i18n }`. */
export async function pageMessages(
  request: Request,
  namespaces: readonly NamespacePick[],
): Promise<{ i18n: Messages }> {
  return { i18n: messagesFor(await pageLanguage(request), namespaces) };
}

/**
 * The root loader's part: the page's language and the `common` namespace, and the lng cookie
 * brought in line with a signed-in user's saved preference (so the requests that follow —
 * form posts, which do not read the user for their texts — are in the same language).
 */
export async function rootLanguage(request: Request) {
  const user = await getUser(request).catch(() => null);
  const language = languageFor(request, user);
  const setCookie =
    user?.language && languageFromHeaders(request.headers) !== user.language
      ? languageCookieHeader(request, user.language)
      : null;
  return {
    language,
    i18n: messagesFor(language, ["common"]),
    setCookie,
  };
}

/**
 * pageMessages for a loader that also formats in the page's language: `{ language, i18n }`.
 * A loader that has read the signed-in user already passes it (no second read of the user
 * where a request shares none: tests, scripts).
 */
export async function pageI18n(
  request: Request,
  namespaces: readonly NamespacePick[],
  user?: User | null,
): Promise<{ language: Language; i18n: Messages }> {
  const language =
    user === undefined
      ? await pageLanguage(request)
      : languageFor(request, user);
  return { language, i18n: messagesFor(language, namespaces) };
}
