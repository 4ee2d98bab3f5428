import i18next, { type i18n } from "i18next";
import enAuth from "./locales/en/auth";
import enCommon from "./locales/en/common";
import enDashboard from "./locales/en/dashboard";
import enMessages from "./locales/en/messages";
import esAuth from "./locales/es/auth";
import esCommon from "./locales/es/common";
import esDashboard from "./locales/es/dashboard";
import esMessages from "./locales/es/messages";
import enStory from "./locales/en/story";
import esStory from "./locales/es/story";
import enMail from "./locales/en/mail";
import esMail from "./locales/es/mail";
import enHistory from "./locales/en/history";
import esHistory from "./locales/es/history";
import enProfile from "./locales/en/profile";
import esProfile from "./locales/es/profile";
import enRequest from "./locales/en/request";
import esRequest from "./locales/es/request";
import enCheckout from "./locales/en/checkout";
import esCheckout from "./locales/es/checkout";
import enCards from "./locales/en/cards";
import esCards from "./locales/es/cards";
import enPages from "./locales/en/pages";
import esPages from "./locales/es/pages";
import enValidation from "./locales/en/validation";
import esValidation from "./locales/es/validation";
import enApi from "./locales/en/api";
import enDisclosure from "./locales/en/disclosure";
import esDisclosure from "./locales/es/disclosure";
import enSessions from "./locales/en/sessions";
import esSessions from "./locales/es/sessions";
import enEmployeeMail from "./locales/en/employee-mail";
import esEmployeeMail from "./locales/es/employee-mail";
import esApi from "./locales/es/api";
import enEmployer from "./locales/en/employer";
import esEmployer from "./locales/es/employer";
import enApprovals from "./locales/en/approvals";
import esApprovals from "./locales/es/approvals";
import enEmployees from "./locales/en/employees";
import esEmployees from "./locales/es/employees";
import enInvitations from "./locales/en/invitations";
import esInvitations from "./locales/es/invitations";
import enSettings from "./locales/en/settings";
import esSettings from "./locales/es/settings";
import enPayroll from "./locales/en/payroll";
import esPayroll from "./locales/es/payroll";
import enActivity from "./locales/en/activity";
import esActivity from "./locales/es/activity";
import enReports from "./locales/en/reports";
import esReports from "./locales/es/reports";
import enMailEmployer from "./locales/en/mail-employer";
import esMailEmployer from "./locales/es/mail-employer";
import enOutbox from "./locales/en/outbox";
import esOutbox from "./locales/es/outbox";
import enPush from "./locales/en/push";
import esPush from "./locales/es/push";
import enComplaints from "./locales/en/complaints";
import esComplaints from "./locales/es/complaints";
import enRegulator from "./locales/en/regulator";
import esRegulator from "./locales/es/regulator";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  translateMessage,
  type Catalogue,
  type Language,
  type Messages,
  type TFunction,
} from "./i18n";
import { requestContext } from "./request-context.server";
import { formatDate } from "./dates";

// The catalogues on the server, and i18next over them. Pages get the
// namespaces they render (`messagesFor`) and translate with the small runtime of ./i18n; what
// the server writes itself (mails, toasts, refusals, JSON messages) goes through i18next here.
// A namespace per area of the product, so pages can be converted one at a time.

export const RESOURCES = {
  en: {
    common: enCommon,
    auth: enAuth,
    // The employee's forms, refusals and toasts (validation) and the JSON API's (api) are
    // natural-language keys too, so they join `messages`.
    messages: { ...enMessages, ...enValidation, ...enApi },
    dashboard: enDashboard,
    story: enStory,
    // The employer side's e-mails join `mail`.
    mail: { ...enMail, ...enMailEmployer },
    history: enHistory,
    profile: enProfile,
    request: enRequest,
    checkout: enCheckout,
    cards: enCards,
    pages: enPages,
    disclosure: enDisclosure,
    sessions: enSessions,
    employeeMail: enEmployeeMail,
    employer: enEmployer,
    approvals: enApprovals,
    employees: enEmployees,
    invitations: enInvitations,
    settings: enSettings,
    payroll: enPayroll,
    activity: enActivity,
    reports: enReports,
    outbox: enOutbox,
    push: enPush,
    complaints: enComplaints,
    regulator: enRegulator,
  },
  es: {
    common: esCommon,
    auth: esAuth,
    messages: { ...esMessages, ...esValidation, ...esApi },
    dashboard: esDashboard,
    story: esStory,
    mail: { ...esMail, ...esMailEmployer },
    history: esHistory,
    profile: esProfile,
    request: esRequest,
    checkout: esCheckout,
    cards: esCards,
    pages: esPages,
    disclosure: esDisclosure,
    sessions: esSessions,
    employeeMail: esEmployeeMail,
    employer: esEmployer,
    approvals: esApprovals,
    employees: esEmployees,
    invitations: esInvitations,
    settings: esSettings,
    payroll: esPayroll,
    activity: esActivity,
    reports: esReports,
    outbox: esOutbox,
    push: esPush,
    complaints: esComplaints,
    regulator: esRegulator,
  },
} satisfies Record<Language, Record<string, Catalogue>>;

export type Namespace = keyof (typeof RESOURCES)["en"];
export const NAMESPACES = Object.keys(RESOURCES.en) as Namespace[];

let instance: i18n | undefined;

/** One i18next for the process, every catalogue loaded (synchronously) at the first use. */
export function i18nextInstance(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      resources: RESOURCES,
      lng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      ns: NAMESPACES,
      defaultNS: "common",
      // React and the mail templates escape what they insert; i18next must not do it twice.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return instance;
}

/** A `t` for `namespace` in `language`, through i18next ("ns:key" reaches other namespaces). */
export function serverT(language: Language, namespace: Namespace): TFunction {
  const t = i18nextInstance().getFixedT(language, namespace);
  return (key, options) => t(key, options ?? {}) as string;
}

/**
 * A namespace a page renders: the whole catalogue, or `[namespace, ...keys]`, only those
 * top-level keys of it, for a page that embeds one part of another area's screens (the employer
 * dashboard shows the employee list's table, not its forms).
 */
export type NamespacePick = Namespace | readonly [Namespace, ...string[]];

/** What messagesFor answered, per language and picks: the same objects for every page. */
const picked = new Map<string, Messages>();

/** The catalogues of `namespaces` in `language`, as a page's loader hands them to the page. */
export function messagesFor(
  language: Language,
  namespaces: readonly NamespacePick[],
): Messages {
  const key = `${language}:${JSON.stringify(namespaces)}`;
  let messages = picked.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      namespaces
        .map((pick): [Namespace, Catalogue] => {
          if (typeof pick === "string")
            return [pick, RESOURCES[language][pick] as Catalogue];
          const [ns, ...keys] = pick;
          const catalogue = RESOURCES[language][ns] as Catalogue;
          return [
            ns,
            Object.fromEntries(
              keys.filter((k) => k in catalogue).map((k) => [k, catalogue[k]]),
            ),
          ];
        })
        // `messages` is keyed by the English text itself: an English page shows its messages as
        // they are (translateMessage), so it is not sent (28 KB of JSON, 6 KB gzip, a page).
        .filter(([ns]) => ns !== "messages" || language !== DEFAULT_LANGUAGE),
    );
    picked.set(key, messages);
  }
  return messages;
}

/**
 * A message written in English by the server or a schema, in `language` (see translateMessage);
 * for a person (`days`), a day it names ("falls on 2026-12-05") in the language's one date
 * format (utils/dates). The JSON API keeps its days ISO, as its fields are.
 */
export function localizeMessage(
  language: Language,
  text: string,
  days = true,
): string {
  return translateMessage(
    language,
    RESOURCES[language].messages,
    text,
    days ? (day) => formatDate(`${day}T00:00:00`, language) : undefined,
  );
}

/**
 * The language a request asks for without reading the database: the `lng` cookie (set by the
 * language switch, and at every page from the signed-in user's saved preference), else the
 * best of Accept-Language, else English.
 */
export function languageFromHeaders(headers: Headers): Language {
  return requestLanguage(headers.get("Cookie"), headers.get("Accept-Language"));
}

/** languageFromHeaders for the server adapter, which has the two headers (scripts/server.ts). */
export function requestLanguage(
  cookie: string | null,
  acceptLanguage: string | null,
): Language {
  return (
    cookieLanguage(cookie) ??
    acceptedLanguage(acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}

export const LANGUAGE_COOKIE = "lng";

export function cookieLanguage(header: string | null): Language | null {
  for (const part of (header ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The supported language Accept-Language weighs most ("es-MX,es;q=0.9,en;q=0.8" → es). */
export function acceptedLanguage(header: string | null): Language | null {
  let best: { language: Language; q: number } | null = null;
  for (const range of (header ?? "").split(",")) {
    const [tag, ...params] = range.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.find((p) => p.trim().startsWith("q="));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/**
 * The language of the request being served (set from its headers when it began, and from the
 * signed-in user's preference once the root loader read it); English outside a request.
 */
export function currentLanguage(): Language {
  return requestContext.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** Records the language of the request being served (see currentLanguage). */
export function noteLanguage(language: Language) {
  const facts = requestContext.getStore();
  if (facts) facts.language = language;
}
