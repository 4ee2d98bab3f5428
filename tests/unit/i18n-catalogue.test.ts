import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { translateMessage, type Catalogue } from "~/utils/i18n";
import { RESOURCES } from "~/utils/i18n.server";

// Messages the server and the schemas write in English (refusals, form and API errors, notices)
// are translated by the `messages` catalogue, keyed by the English text, whole or by pattern
// (app/utils/i18n.ts translateMessage). A text with no entry would silently stay English for a
// Spanish reader. This check finds such texts in app/ as the code writes them and fails on any
// that the Spanish catalogue does not translate.

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Where a text is written for an operator or a provider, not a person using the product. */
const ENGLISH_ON_PURPOSE = {
  // The environment check at start-up and the deployment's own state rule file: an operator's.
  files: ["app/utils/env.server.ts", "app/utils/state-rules.server.ts"],
  // Answers to Stripe's webhook calls, read by Stripe's dashboard and our operators.
  texts: [
    "Missing Stripe-Signature header.",
    "Invalid webhook signature.",
    "Stripe webhooks are not configured: payments run in the built-in sandbox.",
  ],
};

const STRING = String.raw`"((?:[^"\\]|\\.)+)"`;
/** The places a message is written: an error's constructor, a schema's message, a message constant. */
const MESSAGE = new RegExp(
  [
    String.raw`\b(?:badRequest|forbidden|notFound|conflict|tooManyRequests|unavailable|unauthorized)\(\s*${STRING}`,
    String.raw`\b(?:message|error):\s*${STRING}`,
    String.raw`_MESSAGE\s*=\s*${STRING}`,
    String.raw`\bconst [A-Z][A-Z0-9_]+\s*=\s*"([^"\\]*\s[^"\\]*[.!?])"`,
    String.raw`\.(?:min|max|regex|refine|length|email|url)\([^()"]*?,\s*${STRING}`,
  ].join("|"),
  "g",
);

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? sources(path.join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );
}

function writtenMessages(): { file: string; text: string }[] {
  return sources(path.join(ROOT, "app"))
    .map((file) => path.relative(ROOT, file))
    .filter(
      (file) =>
        !file.includes("/locales/") && !ENGLISH_ON_PURPOSE.files.includes(file),
    )
    .flatMap((file) =>
      [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(MESSAGE)]
        .map((match) => match.slice(1).find((group) => group !== undefined)!)
        .map((text) => ({ file, text: text.replace(/\\"/g, '"') })),
    );
}

describe("the messages the server writes in English", () => {
  const es = RESOURCES.es.messages as Catalogue;
  const messages = writtenMessages();

  it("are found in the code (the check reads what it should)", () => {
    expect(messages.length).toBeGreaterThan(200);
    expect(messages.map((m) => m.text)).toContain(
      "Only employees can cancel their requests.",
    );
  });

  it("each has a Spanish entry, whole or by pattern", () => {
    const untranslated = messages
      .filter(({ text }) => !ENGLISH_ON_PURPOSE.texts.includes(text))
      .filter(({ text }) => translateMessage("es", es, text) === text)
      .map(({ file, text }) => `${file}: ${text}`);
    expect(untranslated).toEqual([]);
  });
});
