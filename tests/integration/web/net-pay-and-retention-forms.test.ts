import { eq } from "drizzle-orm";
import { companies, users } from "#db/schema";
import {
  latestNetPay,
  setOwnNetPay,
  setUserLanguage,
} from "~/models/people/index.server";
import { setRetentionYears } from "~/models/companies/index.server";
import { db } from "~/utils/db.server";
import { NET_PAY_INVALID } from "~/validation/profile";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  createEmployee,
  createEmployer,
} from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";
import { pageText, renderPage } from "#tests/support/app-pages";

// The net pay form (/profile) and the records retention form (/settings) as a browser without
// JavaScript gets them back after a bad entry: the page with the error summary and the field's
// own message, in English and Spanish, and nothing changed. The browser's own check shows the
// same messages from the same schemas (tests/e2e/state-forms.spec.ts).

// One database is enough: what is checked is the page a refused form gets back, which changes
// nothing; the saving itself has its own tests on both. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();
// The app's route tree is built on the first render: not inside a test's time.
beforeAll(() => renderPage(null, "/terms"), 180_000);

const RETENTION_INVALID =
  "Records are kept 2 to 10 years: the states your employees work in require at least 2.";

/** The <input> named `name` in the page, as written. */
const inputNamed = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";

async function retentionOf(companyId: number) {
  const [row] = await db()
    .select({ years: companies.retentionYears })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row.years;
}

describe("the net pay form", () => {
  it("answers a bad entry with the page, its summary and the field's message, and saves nothing", async () => {
    const user = await createEmployee(await createEmployer());
    // Each bad kind of entry is checked against the action's reply in
    // tests/integration/advances/authorization-and-paycheck.test.ts; here, the page.
    for (const bad of ["12.345", "x".repeat(21)]) {
      const { status, html } = await renderPage(user, "/profile", {
        form: { intent: "net-pay", netPay: bad },
      });
      expect(status).toBe(400);
      expect(html).toContain('data-testid="error-summary"');
      const input = inputNamed(html, "netPay");
      expect(input).toContain('aria-invalid="true"');
      // The summary and the field each say it once.
      expect(pageText(html).split(NET_PAY_INVALID)).toHaveLength(3);
    }
    expect(await latestNetPay(db(), (await employeeOf(user)).id)).toBeNull();
  });

  it("says it in Spanish", async () => {
    const user = await createEmployee(await createEmployer());
    await setUserLanguage(user.id, "es");
    const { status, html } = await renderPage(user, "/profile", {
      form: { intent: "net-pay", netPay: "doce" },
    });
    expect(status).toBe(400);
    const text = pageText(html);
    expect(text).toContain(
      "El pago neto debe ser un monto en dólares de $1.00 a $99,999.99, como 1250.00, o quedar vacío",
    );
    expect(text).not.toContain(NET_PAY_INVALID);
  });

  it("keeps the model's own check for any other caller", async () => {
    const user = await createEmployee(await createEmployer());
    const error = await appErrorOf(setOwnNetPay(user, { netPay: "-5" }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ netPay: [NET_PAY_INVALID] });
  });
});

describe("the records retention form", () => {
  it("answers a bad entry with the page, its summary and the field's message, and saves nothing", async () => {
    const owner = await createEmployer();
    for (const bad of ["1", ""]) {
      const { status, html } = await renderPage(owner, "/settings", {
        form: { intent: "retention", retentionYears: bad },
      });
      expect(status).toBe(400);
      expect(html).toContain('data-testid="error-summary"');
      expect(inputNamed(html, "retentionYears")).toContain(
        'aria-invalid="true"',
      );
      expect(pageText(html).split(RETENTION_INVALID)).toHaveLength(3);
    }
    expect(await retentionOf(owner.companyId!)).toBe(2);
  });

  it("says it in Spanish", async () => {
    const owner = await createEmployer();
    await setUserLanguage(owner.id, "es");
    const { status, html } = await renderPage(owner, "/settings", {
      form: { intent: "retention", retentionYears: "20" },
    });
    expect(status).toBe(400);
    expect(pageText(html)).toContain(
      "Los registros se conservan de 2 a 10 años: los estados donde trabajan tus empleados exigen al menos 2.",
    );
  });

  it("is the owner's: an admin's post, good or bad, changes nothing", async () => {
    const owner = await createEmployer();
    const [admin] = await db()
      .update(users)
      .set({ companyId: owner.companyId, companyRole: "ADMIN" })
      .where(eq(users.id, (await createEmployer()).id))
      .returning();
    for (const years of ["5", "abc"]) {
      const { status } = await renderPage(admin, "/settings", {
        form: { intent: "retention", retentionYears: years },
      });
      expect(status).toBe(302);
    }
    expect(await retentionOf(owner.companyId!)).toBe(2);
    const error = await appErrorOf(setRetentionYears(admin, 5));
    expect(error.status).toBe(403);
  });

  it("keeps the model's own check for any other caller", async () => {
    const owner = await createEmployer();
    const error = await appErrorOf(setRetentionYears(owner, 11));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ retentionYears: [RETENTION_INVALID] });
    expect(await retentionOf(owner.companyId!)).toBe(2);
  });
});
