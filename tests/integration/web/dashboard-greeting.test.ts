import type { User } from "#db/schema";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import {
  createEmployee,
  createEmployer,
  requestAs,
  TEST_PASSWORD,
  uniqueName,
} from "#tests/support/factories";
import {
  browserOf,
  usePageActions,
  type Language,
} from "#tests/support/page-actions";

import { db } from "~/utils/db.server";

import { insertUser } from "~/models/companies/index.server";
// One database is enough: what is checked is the greeting the server's page chooses; the sign-ins
// behind it are recorded by domain functions with their own tests on both databases.

// The dashboard's greeting, as the person's browser gets the page from Remix's request
// handler: "Welcome" on a first sign-in (even with a request already filed in it), "Welcome
// back" once they have signed in before (signed out and in again, or another device); each
// member by their own first name, never the company's.

useTestDatabase();

const { handler, show } = usePageActions();

/** The page's first heading, its text without React's comment markers. */
const heading = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<!-- -->/g, "")
    .trim();

const GREETING: Record<Language, { first: string; back: string }> = {
  en: { first: "Welcome, {name}", back: "Welcome back, {name}" },
  es: {
    first: "Te damos la bienvenida, {name}",
    back: "Hola de nuevo, {name}",
  },
};
const EMPLOYER_GREETING: Record<Language, { first: string; back: string }> = {
  en: { first: "Welcome, {name}", back: "Welcome back, {name}" },
  es: { first: "Hola, {name}", back: "Hola de nuevo, {name}" },
};

/** Signs out the way the page's Logout button does (the session ends, the sign-out is recorded). */
async function signOut(cookies: string) {
  const answer = await handler()(
    await requestAs(null, "/logout", {
      method: "POST",
      form: {},
      headers: { Accept: "text/html" },
      cookie: cookies,
    }),
    { cspNonce: "" },
  );
  expect(answer.status).toBe(302);
}

async function approverOf(owner: User): Promise<User> {
  return db().transaction((tx) =>
    insertUser(tx, {
      role: "EMPLOYER",
      username: uniqueName("approver"),
      password: TEST_PASSWORD,
      firstName: "Paz",
      lastName: "Approver",
      email: `${uniqueName("paz")}@example.com`,
      companyId: owner.companyId,
      companyRole: "APPROVER",
    }),
  );
}

for (const language of ["en", "es"] as const satisfies Language[]) {
  const say = (template: string, name: string) =>
    template.replace("{name}", name);

  describe(`the dashboard's greeting in ${language === "en" ? "English" : "Spanish"}`, () => {
    it("an employee: 'Welcome' on the first sign-in, even after filing a request; 'Welcome back' after signing in again", async () => {
      const owner = await createEmployer({
        companyName: uniqueName("Greeting Foods"),
      });
      const employee = await createEmployee(owner, { firstName: "Lupe" });
      // A request filed during this first visit is not a reason to say "back".
      await insertAdvance(employee, { amount: "100.00" });
      const first = await browserOf(employee, language);
      expect(heading(await show(first, "/"))).toBe(
        say(GREETING[language].first, "Lupe"),
      );
      await signOut(first);
      const again = await browserOf(employee, language);
      expect(heading(await show(again, "/"))).toBe(
        say(GREETING[language].back, "Lupe"),
      );
    }, 60_000);

    it("an approver: greeted by their own name, not the company's; 'Welcome back' only on a later sign-in", async () => {
      const companyName = uniqueName("Greeting Foods");
      const owner = await createEmployer({ companyName, firstName: "Olga" });
      const approver = await approverOf(owner);
      const first = await browserOf(approver, language);
      const page = await show(first, "/");
      expect(heading(page)).toBe(say(EMPLOYER_GREETING[language].first, "Paz"));
      expect(heading(page)).not.toContain(companyName);
      await signOut(first);
      const again = await browserOf(approver, language);
      expect(heading(await show(again, "/"))).toBe(
        say(EMPLOYER_GREETING[language].back, "Paz"),
      );
      // Two devices at once: the second one is a return too.
      const owners = await browserOf(owner, language);
      expect(heading(await show(owners, "/"))).toBe(
        say(EMPLOYER_GREETING[language].first, "Olga"),
      );
      const ownersPhone = await browserOf(owner, language);
      expect(heading(await show(ownersPhone, "/"))).toBe(
        say(EMPLOYER_GREETING[language].back, "Olga"),
      );
    }, 60_000);
  });
}
