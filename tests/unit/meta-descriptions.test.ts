import type { MetaFunction } from "@remix-run/node";
import { meta as rootMeta } from "~/root";
import { meta as authMeta } from "~/routes/auth";
import { meta as howItWorksMeta } from "~/routes/how-it-works";
import { meta as termsMeta } from "~/routes/terms";
import { meta as dashboardMeta } from "~/routes/_app._index";
import enCommon from "~/utils/locales/en/common";
import esCommon from "~/utils/locales/es/common";

// Every page has a meta description in its language (search engines show it under the title;
// the browser audit counted it missing on the public pages).

const common = { en: enCommon, es: esCommon };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each route types its own data
function descriptionOf(meta: MetaFunction<any>, language: "en" | "es") {
  const data = { language, i18n: { common: common[language] } };
  const tags = meta({
    data,
    matches: [{ id: "root", data }],
  } as unknown as Parameters<MetaFunction>[0]) as Array<Record<string, string>>;
  return tags.find((tag) => tag.name === "description")?.content;
}

describe("meta descriptions", () => {
  it.each(["en", "es"] as const)(
    "the public pages each have their own, in %s",
    (language) => {
      const texts = [authMeta, howItWorksMeta, termsMeta, rootMeta].map((m) =>
        descriptionOf(m, language),
      );
      for (const text of texts) {
        expect(text).toMatch(/Grocery Advance/);
        // Long enough to say something, short enough to be shown whole.
        expect(text!.length).toBeGreaterThan(50);
        expect(text!.length).toBeLessThanOrEqual(160);
      }
      expect(new Set(texts.slice(0, 3)).size).toBe(3);
    },
  );

  it("follows the page's language, and a signed-in page has the product's", () => {
    expect(descriptionOf(authMeta, "en")).toBe(enCommon.descriptions.auth);
    expect(descriptionOf(authMeta, "es")).toBe(esCommon.descriptions.auth);
    expect(descriptionOf(dashboardMeta, "es")).toBe(
      esCommon.descriptions.default,
    );
  });
});
