import { and, desc, eq } from "drizzle-orm";
import { auditEvents, companies, users } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import { recordNetPay, latestNetPay } from "~/models/people/index.server";
import { action as createApi } from "~/routes/api.advance-requests";
import {
  action as requestPageAction,
  loader as requestPageLoader,
} from "~/routes/_app.request";
import {
  action as profileAction,
  loader as profileLoader,
} from "~/routes/_app.profile";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/_app.settings";
import { db } from "~/utils/db.server";
import {
  DEDUCTION_AUTHORIZATION_REQUIRED,
  paycheckTooLow,
} from "~/utils/state-rules";
import { NET_PAY_INVALID } from "~/validation/profile";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { employeeOf, requestsOf } from "#tests/support/rows";
import { disableStripe } from "#tests/support/payments";

// The wage-deduction authorization before the very first advance, what an advance leaves of
// the next paycheck where the employee's net pay is known, and the records retention setting
// (docs/compliance.md).

useTestDatabase();
beforeAll(() => disableStripe());

async function requestPage(user: Parameters<typeof requestAs>[0]) {
  return (
    await call(requestPageLoader, await requestAs(user, "/request"))
  ).json();
}

describe("the wage-deduction authorization before the first advance", () => {
  it("refuses an employee who never signed, everywhere, and /request offers signing first", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer, { signed: false });

    const page = await requestPage(user);
    expect(page.refusal).toBe(DEDUCTION_AUTHORIZATION_REQUIRED);
    expect(page.authorizationText).toMatch(
      /^I authorize my employer to deduct from my pay/,
    );

    const api = await call(
      createApi,
      await requestAs(user, "/api/advance-requests", {
        json: { amount: "200", repaymentPeriods: 1 },
      }),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toEqual({
      message: DEDUCTION_AUTHORIZATION_REQUIRED,
    });
    expect(
      (
        await appErrorOf(
          requestAdvance(user, { amount: "200", repaymentPeriods: 1 }),
        )
      ).status,
    ).toBe(409);
    expect(await requestsOf(user)).toEqual([]);

    // The form on /request signs it (a plain form post, so without JavaScript too).
    const signed = await call(
      requestPageAction,
      await requestAs(user, "/request", {
        form: { intent: "sign-authorization" },
      }),
    );
    expect(signed.status).toBe(302);
    expect(signed.headers.get("Location")).toBe("/request");
    const after = await requestPage(user);
    expect(after.refusal).toBeNull();
    expect(after.authorizationText).toBeNull();
    const filed = await requestAdvance(user, {
      amount: "200",
      repaymentPeriods: 1,
    });
    expect(filed.deductionAuthorizationId).not.toBeNull();
  });

  it("is offered in Spanish", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer, { signed: false });
    await db()
      .update(users)
      .set({ language: "es" })
      .where(eq(users.id, user.id));
    const page = await requestPage({ ...user, language: "es" });
    expect(page.refusal).toBe(
      "Firma la autorización de descuento de salario en tu Perfil (/profile) antes de solicitar un adelanto.",
    );
    expect(page.authorizationText).toMatch(/^Autorizo a mi empleador/);
  });
});

describe("what is left of the next paycheck", () => {
  it("is entered on Profile, checked, and a bad entry changes nothing", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const post = async (netPay: string) =>
      call(
        profileAction,
        await requestAs(user, "/profile", {
          form: { intent: "net-pay", netPay },
        }),
      );
    expect((await post("$1,200.50")).status).toBe(302);
    const { id } = await employeeOf(user);
    expect(await latestNetPay(db(), id)).toMatchObject({
      cents: 120_050,
      source: "employee",
    });
    for (const bad of ["abc", "0", "12.345", "-5", "100000"]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).netPayResult.error).toEqual({
        netPay: [NET_PAY_INVALID],
      });
    }
    expect((await latestNetPay(db(), id))?.cents).toBe(120_050);
    const profile = await (
      await call(profileLoader, await requestAs(user, "/profile"))
    ).json();
    expect(profile.netPay).toMatchObject({
      amount: "1200.50",
      text: "$1,200.50",
      source: "employee",
    });
    // Empty removes it.
    expect((await post("")).status).toBe(302);
    expect(await latestNetPay(db(), id)).toBeNull();
  });

  it("takes the latest net pay, from the employee or a pay statement", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const { id } = await employeeOf(user);
    const may = new Date("2026-05-15T12:00:00Z");
    const june = new Date("2026-06-15T12:00:00Z");
    expect(
      await recordNetPay(db(), id, {
        cents: 150_000,
        source: "payroll",
        asOf: june,
      }),
    ).toBe(true);
    // An older statement does not replace a newer figure.
    expect(
      await recordNetPay(db(), id, {
        cents: 90_000,
        source: "payroll",
        asOf: may,
      }),
    ).toBe(false);
    expect(await latestNetPay(db(), id)).toEqual({
      cents: 150_000,
      source: "payroll",
      asOf: june,
    });
  });

  it("is shown on /request and refuses an advance that leaves less than the company's share", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const { id } = await employeeOf(user);
    await recordNetPay(db(), id, {
      cents: 80_000,
      source: "employee",
      asOf: new Date(),
    });
    const page = await requestPage(user);
    expect(page.paycheck).toEqual({
      netPayCents: 80_000,
      source: "employee",
      otherCents: 0,
      minPercent: 50,
    });

    // $450 over 1 period leaves $350 of $800: less than 50 % ($400).
    const message = paycheckTooLow("$350.00", 50);
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "450", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(message);
    expect(refused.fieldErrors).toEqual({ amount: [message] });
    const api = await call(
      createApi,
      await requestAs(user, "/api/advance-requests", {
        json: { amount: "450", repaymentPeriods: 1 },
      }),
    );
    expect(api.status).toBe(400);
    expect((await api.json()).message).toBe(message);
    expect(await requestsOf(user)).toEqual([]);
    // Over 2 periods the first deduction is $225: $575 is left.
    const filed = await requestAdvance(user, {
      amount: "450",
      repaymentPeriods: 2,
    });
    expect(filed.status).toBe("PENDING");

    // A company that asks for less lets the single period through.
    const other = await createEmployee(employer);
    await recordNetPay(db(), (await employeeOf(other)).id, {
      cents: 80_000,
      source: "employee",
      asOf: new Date(),
    });
    await db()
      .update(companies)
      .set({ minPaycheckLeftPercent: 40 })
      .where(eq(companies.id, employer.companyId!));
    expect(
      (await requestAdvance(other, { amount: "450", repaymentPeriods: 1 }))
        .status,
    ).toBe("PENDING");
  });

  it("has its share set on the company settings, checked and audited", async () => {
    const employer = await createEmployer();
    const loaded = await (
      await call(settingsLoader, await requestAs(employer, "/settings"))
    ).json();
    expect(loaded.settings.minPaycheckLeftPercent).toBe(50);
    const form = (percent: string) => ({
      companyName: "Acme Groceries Inc.",
      contactEmail: "",
      contactPhone: "",
      maxAdvance: "500",
      approvalLimit: "200",
      coolingOffDays: "1",
      maxAdvancesPerYear: "12",
      minPaycheckLeftPercent: percent,
    });
    const bad = await call(
      settingsAction,
      await requestAs(employer, "/settings", { form: form("95") }),
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain(
      "The share of the paycheck left must be a whole number from 0 to 90",
    );
    const saved = await call(
      settingsAction,
      await requestAs(employer, "/settings", { form: form("60") }),
    );
    expect(saved.status).toBe(302);
    const [company] = await db()
      .select({ percent: companies.minPaycheckLeftPercent })
      .from(companies)
      .where(eq(companies.id, employer.companyId!));
    expect(company.percent).toBe(60);
  });
});

describe("the records retention setting", () => {
  it("is set by an owner on Settings, at least the states' minimum and at most 10, and audited", async () => {
    const owner = await createEmployer();
    const loaded = await (
      await call(settingsLoader, await requestAs(owner, "/settings"))
    ).json();
    expect(loaded.retention).toEqual({ years: 2, min: 2 });
    const post = async (years: string) =>
      call(
        settingsAction,
        await requestAs(owner, "/settings", {
          form: { intent: "retention", retentionYears: years },
        }),
      );
    for (const bad of ["1", "11", "abc", "", "3.5"]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).retention.error).toEqual({
        retentionYears: [
          "Records are kept 2 to 10 years: the states your employees work in require at least 2.",
        ],
      });
    }
    expect((await post("7")).status).toBe(302);
    const [company] = await db()
      .select({ years: companies.retentionYears })
      .from(companies)
      .where(eq(companies.id, owner.companyId!));
    expect(company.years).toBe(7);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, owner.companyId!),
          eq(auditEvents.action, "settings.changed"),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(JSON.stringify(audit.details)).toContain("retentionYears");

    // An employee cannot.
    const employee = await createEmployee(owner);
    const refused = await call(
      settingsAction,
      await requestAs(employee, "/settings", {
        form: { intent: "retention", retentionYears: "5" },
      }),
    );
    expect([302, 403]).toContain(refused.status);
    const [still] = await db()
      .select({ years: companies.retentionYears })
      .from(companies)
      .where(eq(companies.id, owner.companyId!));
    expect(still.years).toBe(7);
  });
});
