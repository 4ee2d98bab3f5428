import { eq } from "drizzle-orm";
import { virtualCards } from "#db/schema";
import { useTestDatabase } from "#tests/support/db";
import {
  browserOf,
  usePageActions,
  type Language,
} from "#tests/support/page-actions";
import { createWorld } from "#tests/support/world";
import { db } from "~/utils/db.server";

// One database is enough: what is checked is how the server's pages write dates; the rows are
// fixtures.

// Dates on the pages, as a browser gets them from Remix's request handler: one format per
// language (utils/dates: "Dec 5, 2026"; "5 dic 2026"), never a zero-padded day ("Dec 05,
// 2026") nor a bare ISO day (2026-12-05) in the text a person reads.

useTestDatabase();

const { show } = usePageActions();

/** The text a person reads: no scripts, styles or tags (attributes, like input values, go). */
const readable = (html: string) =>
  html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

const ENGLISH_MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
const SPANISH_MONTH = "(?:ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)";

/** Every date-like run in the text that is not the language's one format. */
function otherFormats(text: string, language: Language): string[] {
  const found: string[] = [];
  // A version named by its date ("Version 2026-11-28", the authorization's) is a name.
  for (const m of text.matchAll(/(\bversi[oó]n )?\b\d{4}-\d\d-\d\d\b/gi))
    if (!m[1]) found.push(m[0]);
  for (const m of text.matchAll(
    new RegExp(`\\b${ENGLISH_MONTH} \\d{1,2},? \\d{4}\\b`, "g"),
  ))
    if (language === "es" || !/^\w{3} [1-9]\d?, \d{4}$/.test(m[0]))
      found.push(m[0]);
  for (const m of text.matchAll(
    new RegExp(`\\b\\d{1,2} ${SPANISH_MONTH}\\.? \\d{4}\\b`, "g"),
  ))
    if (language === "en" || !/^[1-9]\d? \p{L}+ \d{4}$/u.test(m[0]))
      found.push(m[0]);
  return found;
}

for (const language of ["en", "es"] as const satisfies Language[]) {
  it(`pages show their dates in the one ${language === "en" ? "English" : "Spanish"} format`, async () => {
    const world = await createWorld();
    const [card] = await db()
      .select({ id: virtualCards.id })
      .from(virtualCards)
      .where(eq(virtualCards.requestId, world.requests.A1.approved.id));
    const employee = await browserOf(world.users.A1, language);
    const owner = await browserOf(world.users.EA, language);
    const pages: [string, string][] = [
      [employee, "/"],
      [employee, "/history"],
      [employee, `/cards/${card!.id}`],
      [employee, "/profile"],
      [owner, "/"],
      [owner, "/approvals"],
      [owner, "/employees"],
      [owner, `/employees/${world.employeeIds.A1}`],
      [owner, "/payroll"],
      [owner, "/settings"],
      [owner, "/settings/team"],
      [owner, "/activity"],
    ];
    const wrong: string[] = [];
    let dates = 0;
    for (const [cookies, path] of pages) {
      const text = readable(await show(cookies, path));
      dates +=
        (language === "en"
          ? text.match(new RegExp(`\\b${ENGLISH_MONTH} [1-9]\\d?, \\d{4}`, "g"))
          : text.match(new RegExp(`\\b[1-9]\\d? ${SPANISH_MONTH} \\d{4}`, "g"))
        )?.length ?? 0;
      for (const other of otherFormats(text, language))
        wrong.push(`${path}: ${other}`);
    }
    expect(wrong).toEqual([]);
    // The pages do show dates (the check above is not vacuous).
    expect(dates).toBeGreaterThan(10);
  }, 180_000);
}
