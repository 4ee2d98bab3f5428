import fc from "fast-check";
import {
  fixedT,
  intlLocale,
  LANGUAGES,
  translate,
  translateMessage,
  type Catalogue,
  type Language,
} from "~/utils/i18n";
import {
  acceptedLanguage,
  localizeMessage,
  cookieLanguage,
  i18nextInstance,
  messagesFor,
  NAMESPACES,
  RESOURCES,
  requestLanguage,
} from "~/utils/i18n.server";
import { formatCents, formatMoney, formatPercent } from "~/utils/money";
import { formatDate, formatDateTime } from "~/utils/dates";

// The catalogues (app/utils/locales) and the runtime that reads them.

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([^}]+?)\s*}}/g;

/** Every entry of a catalogue as "a.b.c" → text. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort();

const catalogue = (language: Language, ns: string) =>
  (RESOURCES[language] as Record<string, Catalogue>)[ns];

describe("the catalogues", () => {
  it("hold the same namespaces in every language", () => {
    for (const language of LANGUAGES)
      expect(Object.keys(RESOURCES[language]).sort()).toEqual(
        [...NAMESPACES].sort(),
      );
  });

  it.each(NAMESPACES.filter((ns) => ns !== "messages"))(
    "%s: a key in one language is in the other (plural forms by each language's own rules)",
    (ns) => {
      const keys = (language: Language) =>
        new Set(
          [...flatten(catalogue(language, ns)).keys()].map((k) =>
            k.replace(PLURAL, "_#"),
          ),
        );
      const en = keys("en");
      const es = keys("es");
      expect(
        [...en].filter((k) => !es.has(k)),
        "missing in es",
      ).toEqual([]);
      expect(
        [...es].filter((k) => !en.has(k)),
        "missing in en",
      ).toEqual([]);
      for (const language of LANGUAGES) {
        const entries = flatten(catalogue(language, ns));
        for (const key of entries.keys()) {
          if (!PLURAL.test(key)) continue;
          const base = key.replace(PLURAL, "");
          // Every category of the language's CLDR rules (Spanish has `many`, for a million:
          // "1000000 de eventos"); i18next reads a missing one as the key itself.
          const categories = new Intl.PluralRules(
            intlLocale(language),
          ).resolvedOptions().pluralCategories;
          for (const category of categories)
            expect(
              entries.has(`${base}_${category}`),
              `${language} ${base}_${category}`,
            ).toBe(true);
        }
      }
    },
  );

  it.each(NAMESPACES)(
    "%s: no entry is empty, and a translation uses the placeholders of its English",
    (ns) => {
      const en = flatten(catalogue("en", ns));
      const es = flatten(catalogue("es", ns));
      for (const [key, text] of es) {
        expect(text.trim(), `es ${ns}:${key}`).not.toBe("");
        const english = en.get(key) ?? en.get(key.replace(PLURAL, "_other"));
        if (english === undefined) continue;
        expect(placeholders(text), `es ${ns}:${key}`).toEqual(
          placeholders(english),
        );
      }
    },
  );

  it("messages: keyed by the English text itself, the same keys in both languages", () => {
    const en = catalogue("en", "messages");
    const es = catalogue("es", "messages");
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of Object.entries(en)) expect(value).toBe(key);
  });
});

describe("the catalogues a page is given", () => {
  it("whole namespaces, or only the keys a pick names; English pages get no `messages`", () => {
    const en = messagesFor("en", [
      "employer",
      "messages",
      ["employees", "table"],
    ]);
    expect(Object.keys(en)).toEqual(["employer", "employees"]);
    expect(en.employer).toBe(RESOURCES.en.employer);
    expect(en.employees).toEqual({ table: RESOURCES.en.employees.table });
    const es = messagesFor("es", [
      "messages",
      ["employees", "table", "nothing"],
    ]);
    expect(Object.keys(es)).toEqual(["messages", "employees"]);
    expect(es.employees).toEqual({ table: RESOURCES.es.employees.table });
  });

  it("the same objects for the same picks, so a page does not build them again", () => {
    const picks = ["approvals", ["employees", "table"]] as const;
    expect(messagesFor("en", picks)).toBe(messagesFor("en", picks));
    expect(messagesFor("es", picks)).not.toBe(messagesFor("en", picks));
  });
});

describe("the page runtime gives i18next's text", () => {
  const counts = [0, 1, 2, 5, 21, 1_000_000];
  it.each(NAMESPACES.filter((ns) => ns !== "messages"))(
    "%s: every entry, every count, in every language",
    (ns) => {
      for (const language of LANGUAGES) {
        const i18next = i18nextInstance().getFixedT(language, ns);
        const entries = flatten(catalogue(language, ns));
        const bases = new Set(
          [...entries.keys()].map((k) => k.replace(PLURAL, "")),
        );
        for (const key of bases) {
          const names = new Set<string>();
          for (const [k, text] of entries)
            if (k.replace(PLURAL, "") === key)
              for (const name of placeholders(text)) names.add(name);
          const values = Object.fromEntries(
            [...names].map((name) => [name, `«${name}»`]),
          );
          const ours = fixedT(language, RESOURCES[language], ns);
          for (const count of counts) {
            const options = { ...values, count };
            expect(
              ours(key, options),
              `${language} ${ns}:${key} ${count}`,
            ).toBe(i18next(key, options));
          }
          expect(ours(key, values)).toBe(i18next(key, values));
        }
      }
    },
  );

  it("a missing key and a missing value read as i18next reads them", () => {
    const cat: Catalogue = {
      a: "Hello {{name}}",
      n_one: "{{count}} item",
      n_other: "{{count}} items",
    };
    expect(translate("en", cat, "missing")).toBe("missing");
    expect(translate("en", cat, "a")).toBe("Hello {{name}}");
    expect(translate("en", cat, "n", { count: 1 })).toBe("1 item");
    expect(translate("es", cat, "n", { count: 1_000_000 })).toBe(
      "1000000 items",
    );
  });
});

describe("messages written in English by schemas and the server", () => {
  const es = RESOURCES.es.messages as Catalogue;
  it("are translated whole, or by pattern with their values translated too", () => {
    expect(translateMessage("es", es, "Invalid username or password.")).toBe(
      "Usuario o contraseña incorrectos.",
    );
    expect(translateMessage("es", es, "Username is required")).toBe(
      "Campo obligatorio: Usuario",
    );
    expect(translateMessage("es", es, "Welcome back, Ana María!")).toBe(
      "¡Hola de nuevo, Ana María!",
    );
    expect(translateMessage("es", es, "Must be at most 50 characters")).toBe(
      "Máximo 50 caracteres",
    );
  });

  it("stay English in English, and as they are when no entry knows them", () => {
    expect(translateMessage("en", es, "Username is required")).toBe(
      "Username is required",
    );
    expect(translateMessage("es", es, "Something new")).toBe("Something new");
  });

  it("show a day they name in the language's one date format, format hints and the API aside", () => {
    const day = (iso: string, language: Language) =>
      formatDate(`${iso}T00:00:00`, language);
    expect(localizeMessage("en", "What is owed now falls on 2026-12-05.")).toBe(
      `What is owed now falls on ${day("2026-12-05", "en")}.`,
    );
    expect(day("2026-12-05", "en")).toBe("Dec 5, 2026");
    expect(localizeMessage("es", "What is owed now falls on 2026-12-05.")).toBe(
      `Lo que se debe ahora se descuenta el ${day("2026-12-05", "es")}.`,
    );
    expect(
      localizeMessage(
        "en",
        "You can request your next advance on 2026-12-07: there is a pause after each advance is repaid.",
      ),
    ).toMatch(/^You can request your next advance on Dec 7, 2026:/);
    // A hint that shows how to type a date keeps the typed form.
    expect(localizeMessage("en", "Use a date like 2026-11-27.")).toBe(
      "Use a date like 2026-11-27.",
    );
    // The JSON API's messages keep ISO days, like its fields.
    expect(
      localizeMessage("en", "What is owed now falls on 2026-12-05.", false),
    ).toBe("What is owed now falls on 2026-12-05.");
  });
});

describe("the language of a request", () => {
  it("the lng cookie, else Accept-Language by weight, else English", () => {
    expect(requestLanguage("lng=es", "en-US")).toBe("es");
    expect(requestLanguage("a=1; lng=en", "es")).toBe("en");
    expect(requestLanguage("lng=fr", "es-MX,es;q=0.9")).toBe("es");
    expect(requestLanguage(null, "fr-FR,en;q=0.5,es;q=0.8")).toBe("es");
    expect(requestLanguage(null, "fr-FR")).toBe("en");
    expect(requestLanguage(null, null)).toBe("en");
    expect(acceptedLanguage("es;q=0,en;q=0.1")).toBe("en");
    expect(cookieLanguage("lng=es")).toBe("es");
  });

  it("never throws on any header", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (cookie, accept) => {
        expect(LANGUAGES).toContain(requestLanguage(cookie, accept));
      }),
    );
  });
});

describe("numbers and dates in the language", () => {
  it("money and percentages through Intl (es-US keeps the US dollar's marks)", () => {
    expect(formatCents(123456, "es")).toBe("$1,234.56");
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatMoney("1234.56", "es")).toBe("$1,234.56");
    expect(formatPercent(0.125, "es")).toBe("12.5%");
    expect(formatPercent(0.125)).toBe("12.5%");
  });

  it("dates: one format per language, Spanish through Intl", () => {
    const day = new Date(2026, 10, 24, 14, 3);
    expect(formatDate(day)).toBe("Nov 24, 2026");
    expect(formatDate(day, "es")).toBe("24 nov 2026");
    expect(formatDate(new Date(2026, 2, 5))).toBe("Mar 5, 2026");
    expect(formatDate(new Date(2026, 2, 5), "es")).toBe("5 mar 2026");
    expect(formatDateTime(new Date(2026, 11, 7, 9, 5))).toBe(
      "Dec 7, 2026 09:05",
    );
    expect(formatDateTime(day, "es")).toBe("24 nov 2026, 14:03");
    expect(formatDate(null, "es")).toBe("N/D");
  });
});
