import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, addMonths } from "date-fns";
import { eq } from "drizzle-orm";
import {
  companies,
  deductionAuthorizations,
  employees,
  invitations,
  payrollDeductions,
  type User,
} from "#db/schema";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import {
  acceptInvitation,
  inviteEmployee,
  previewRoster,
  updateCompanySettings,
} from "~/models/companies/index.server";

import { hashToken } from "~/models/people/index.server";
import { loader as quoteApi } from "~/routes/api.advance-quote";
import { action as createApi } from "~/routes/api.advance-requests";
import {
  action as requestPageAction,
  loader as requestPageLoader,
} from "~/routes/_app.request";
import { loader as checkoutLoader } from "~/routes/_app.checkout";
import {
  action as employeePageAction,
  loader as employeePageLoader,
} from "~/routes/_app.employees.$id";
import {
  action as profileAction,
  loader as profileLoader,
} from "~/routes/_app.profile";
import { loader as settingsLoader } from "~/routes/_app.settings";
import { db } from "~/utils/db.server";
import { formatDate, isoDate } from "~/utils/dates";
import { resetEnvCache } from "~/utils/env.server";
import {
  coolingOffUntil,
  DEDUCTION_AUTHORIZATION_REQUIRED,
  DEDUCTION_AUTHORIZATION_VERSION,
  noCostRequired,
  onePeriodOnly,
  stateNotEnabled,
  WORK_STATE_INVALID,
  yearlyLimitUntil,
} from "~/utils/state-rules";
import shipped from "~/utils/state-rules.data";
import { resetStateRulesCache } from "~/utils/state-rules.server";
import { insertAdvance, payAndIssueCard } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { requestRow } from "#tests/support/rows";
import { disableStripe } from "#tests/support/payments";

import { checkInvariants } from "~/models/reports/index.server";
// The state an employee works in and its rules (docs/compliance.md), and
// the company's limits on repeat use, on the database: the quote, /request, the API, the
// request rules and checkout all apply them.

useTestDatabase();
beforeAll(() => disableStripe());

async function inState(user: User, workState: string | null) {
  const [employee] = await db()
    .update(employees)
    .set({ workState })
    .where(eq(employees.userId, user.id))
    .returning();
  return employee;
}

async function companyPaysFee(employer: User, pays = true) {
  await db()
    .update(companies)
    .set({ companyPaysFee: pays })
    .where(eq(companies.id, employer.companyId!));
}

/** A deployment's own rule table (STATE_RULES_PATH): the shipped one with some rows changed. */
function overrideRules(rows: Record<string, Record<string, unknown>>) {
  const file = structuredClone(shipped) as typeof shipped;
  file.states = file.states.map((row) =>
    rows[row.state] ? { ...row, ...rows[row.state] } : row,
  ) as typeof file.states;
  const path = join(mkdtempSync(join(tmpdir(), "rules-")), "rules.json");
  writeFileSync(path, JSON.stringify(file));
  process.env.STATE_RULES_PATH = path;
  resetEnvCache();
  resetStateRulesCache();
}

afterEach(() => {
  delete process.env.STATE_RULES_PATH;
  resetEnvCache();
  resetStateRulesCache();
});

async function quote(user: User, query: string) {
  return call(quoteApi, await requestAs(user, `/api/advance-quote?${query}`));
}

async function requestPage(user: User) {
  return (
    await call(requestPageLoader, await requestAs(user, "/request"))
  ).json();
}

async function linked() {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  return { employer, user };
}

describe("where each employee works", () => {
  it("comes from the invitation, and the employee sees it on their profile", async () => {
    const employer = await createEmployer();
    const email = `${uniqueName("ct")}@example.com`;
    const invitation = await inviteEmployee(employer, {
      email,
      firstName: "Connie",
      lastName: "Cutter",
      workState: "CT",
    });
    expect(invitation.workState).toBe("CT");
    // The mailed token is not readable here; the test gives the invitation one it knows.
    const token = `known-${uniqueName("t")}`;
    await db()
      .update(invitations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(invitations.id, invitation.id));
    const user = await acceptInvitation(token, {
      username: uniqueName("connie"),
      password: TEST_PASSWORD,
      firstName: "Connie",
      lastName: "Cutter",
    });
    const [employee] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, user.id));
    expect(employee.workState).toBe("CT");
    const profile = await (
      await call(profileLoader, await requestAs(user, "/profile"))
    ).json();
    expect(profile.profile.workState).toBe("Connecticut");
  });

  it("is read from the roster file's state column, and a bad state refuses that row", async () => {
    const employer = await createEmployer();
    const text =
      "first name,last name,email,state\n" +
      "Ada,One,ada@example.com,wi\n" +
      "Bob,Two,bob@example.com,ZZ\n" +
      "Cy,Three,cy@example.com,\n";
    const preview = await previewRoster(
      employer,
      "staff.csv",
      new TextEncoder().encode(text),
    );
    const rows = preview.rows as { email: string; workState: string | null }[];
    expect(rows.map((r) => [r.email, r.workState])).toEqual([
      ["ada@example.com", "WI"],
      ["cy@example.com", null],
    ]);
    expect(preview.badRows).toEqual([{ line: 3, reason: WORK_STATE_INVALID }]);
  });

  it("is changed by an owner on the employee's page; bad input changes nothing; the company lists its states", async () => {
    const { employer, user } = await linked();
    const employee = await inState(user, null);
    const post = async (workState: string, as: User = employer) =>
      call(
        employeePageAction,
        await requestAs(as, `/employees/${employee.id}`, {
          form: { intent: "workState", workState },
        }),
        { id: String(employee.id) },
      );
    const bad = await post("XX");
    expect(bad.status).toBe(400);
    expect((await bad.json()).workStateError).toBe(WORK_STATE_INVALID);
    const saved = await post("in");
    expect(saved.status).toBe(302);
    const page = await (
      await call(
        employeePageLoader,
        await requestAs(employer, `/employees/${employee.id}`),
        { id: String(employee.id) },
      )
    ).json();
    expect(page.employee.workState).toBe("IN");
    expect(page.workStateName).toBe("Indiana");
    // Another company's owner: the same 404 as for no such employee.
    const other = await createEmployer();
    expect((await post("CT", other)).status).toBe(404);
    const settings = await (
      await call(settingsLoader, await requestAs(employer, "/settings"))
    ).json();
    expect(settings.settings.states).toBe("Indiana");
  });
});

describe("the state's rules", () => {
  it("charge a capped fee at the cap everywhere the cost appears (a deployment's table)", async () => {
    // The shipped table asks Connecticut for a no-cost option; this deployment's does not.
    overrideRules({ CT: { noCostOptionRequired: false } });
    const { employer, user } = await linked();
    await inState(user, "CT");

    const res = await quote(user, "amount=300&repaymentPeriods=1");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      fee: "5.00",
      feePaidBy: "EMPLOYEE",
      total: "305.00",
      feeCappedBy: "Connecticut",
    });

    const page = await requestPage(user);
    expect(page.quote).toMatchObject({
      feeCents: 500,
      feeCap: { stateName: "Connecticut", capCents: 500 },
    });
    expect(page.feeLimit).toMatchObject({ perAdvanceCents: 500 });

    const request = await requestAdvance(user, {
      amount: "300",
      repaymentPeriods: 1,
    });
    expect(request).toMatchObject({ feeAmount: "5.00", workState: "CT" });
    await approveAdvance(employer, request.id);

    const checkout = await (
      await call(
        checkoutLoader,
        await requestAs(
          user,
          `/checkout?amount=300.00&requestId=${request.id}`,
        ),
      )
    ).json();
    expect(checkout.feeAmount).toBe("5.00");
    expect(checkout.quote.feeCap).toMatchObject({ capCents: 500 });
    expect(checkout.paying).toContain("$5.00");

    await payAndIssueCard(user, await requestRow(request.id));
    expect(await requestRow(request.id)).toMatchObject({
      authorizedAmount: "5.00",
      capturedAmount: "5.00",
    });
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("bill a company that pays the fee the capped fee (the shipped table)", async () => {
    const { employer, user } = await linked();
    await inState(user, "CT");
    // Connecticut asks for a no-cost option: until the company pays the fee, nothing is filed.
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "300", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(noCostRequired("Connecticut"));
    await companyPaysFee(employer);
    const res = await quote(user, "amount=300&repaymentPeriods=1");
    expect(await res.json()).toMatchObject({
      fee: "0.00",
      feePaidBy: "COMPANY",
      feeCappedBy: "Connecticut",
    });
    const request = await requestAdvance(user, {
      amount: "300",
      repaymentPeriods: 1,
    });
    expect(request.feeAmount).toBe("5.00");
  });

  it("offer only one repayment period where the state allows one", async () => {
    const { employer, user } = await linked();
    await companyPaysFee(employer);
    await inState(user, "NV");
    const page = await requestPage(user);
    expect(page.maxPeriods).toBe(1);
    expect(page.limits).toContain("Nevada: repaid on your next pay date only.");
    const quoted = await quote(user, "amount=300&repaymentPeriods=2");
    expect(quoted.status).toBe(400);
    expect((await quoted.json()).message).toBe(onePeriodOnly("Nevada"));
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "300", repaymentPeriods: 2 }),
    );
    expect(refused.message).toBe(onePeriodOnly("Nevada"));
    // The form's own post: the message under the periods, nothing filed.
    const form = await call(
      requestPageAction,
      await requestAs(user, "/request", {
        form: {
          amount: "300",
          repaymentPeriods: "2",
          terms: "on",
          quotedFor: "30000:2",
        },
      }),
    );
    expect(JSON.stringify(await form.json())).toContain(
      onePeriodOnly("Nevada"),
    );
    const filed = await requestAdvance(user, {
      amount: "300",
      repaymentPeriods: 1,
    });
    expect(filed.repaymentPeriods).toBe(1);
    // Elsewhere all three are offered.
    await inState(user, "TX");
    expect((await requestPage(user)).maxPeriods).toBe(3);
  });

  it("refuse with a message naming a state where the program is not enabled", async () => {
    const { user } = await linked();
    await inState(user, "CA");
    const message = stateNotEnabled("California");
    const page = await requestPage(user);
    expect(page.refusal).toBe(message);
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "300", repaymentPeriods: 1 }),
    );
    expect(refused).toMatchObject({ status: 400, message });
    const api = await call(
      createApi,
      await requestAs(user, "/api/advance-requests", {
        json: { amount: "300.00", repaymentPeriods: 1 },
      }),
    );
    expect(api.status).toBe(400);
    expect((await api.json()).message).toBe(message);
    // A deployment registered there enables it in its own table.
    overrideRules({ CA: { enabled: true } });
    expect((await requestPage(user)).refusal).toBeNull();
  });
});

describe("the company's limits on repeat use", () => {
  it("a cooling-off after repayment refuses the next request with the day it lifts", async () => {
    const { employer, user } = await linked();
    await updateCompanySettings(employer, {
      companyName: "Fresh Foods Co.",
      contactEmail: "",
      contactPhone: "",
      maxAdvance: 500,
      approvalLimit: 0,
      notifyNewRequests: false,
      notifyMonthlyReports: false,
      notifySystemUpdates: false,
      coolingOffDays: 7,
    });
    const advance = await insertAdvance(user, {
      amount: "200.00",
      status: "APPROVED",
      carded: true,
    });
    const repaidAt = addDays(new Date(), -2);
    const [deduction] = await db()
      .update(payrollDeductions)
      .set({
        status: "COLLECTED",
        isPaid: true,
        collectedAmount: "200.00",
        paymentDate: repaidAt,
      })
      .where(eq(payrollDeductions.requestId, advance.id))
      .returning();
    expect(deduction).toBeDefined();
    const day = isoDate(addDays(repaidAt, 7));
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "200", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(coolingOffUntil(day));
    const page = await requestPage(user);
    // The page shows the day in its language's date format; the domain's message keeps ISO.
    expect(page.refusal).toBe(coolingOffUntil(formatDate(day)));
    expect(page.limits).toContain(
      "A pause of 7 days after each advance is repaid before the next one.",
    );
    // Once it has passed, the next request is filed.
    await db()
      .update(payrollDeductions)
      .set({ paymentDate: addDays(new Date(), -8) })
      .where(eq(payrollDeductions.requestId, advance.id));
    expect((await requestPage(user)).refusal).toBeNull();
  });

  it("at most N advances in 12 months refuses the next with the day it lifts", async () => {
    const { employer, user } = await linked();
    await db()
      .update(companies)
      .set({ maxAdvancesPerYear: 2 })
      .where(eq(companies.id, employer.companyId!));
    const oldest = addDays(new Date(), -300);
    await insertAdvance(user, { amount: "200.00", requestDate: oldest });
    await insertAdvance(user, {
      amount: "200.00",
      requestDate: addDays(new Date(), -20),
    });
    // One declined long ago does not count.
    await insertAdvance(user, {
      amount: "200.00",
      status: "DECLINED",
      requestDate: addDays(new Date(), -10),
    });
    const day = isoDate(addMonths(oldest, 12));
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "200", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(yearlyLimitUntil(2, day));
    const page = await requestPage(user);
    expect(page.limits).toContain(
      "At most 2 advances in 12 months: you have had 2.",
    );
    expect(page.refusal).toBe(yearlyLimitUntil(2, formatDate(day)));
  });

  it("one day of pause reads in the singular", async () => {
    // The company default is one day.
    const { user } = await linked();
    expect((await requestPage(user)).limits).toContain(
      "A pause of 1 day after each advance is repaid before the next one.",
    );
  });

  it("a state's longer cooling-off wins over the company's (company policy is only stricter)", async () => {
    overrideRules({ WI: { noCostOptionRequired: false, coolingOffDays: 14 } });
    const { user } = await linked();
    await inState(user, "WI");
    const page = await requestPage(user);
    expect(page.limits).toContain(
      "A pause of 14 days after each advance is repaid before the next one.",
    );
  });

  it("are saved in the settings, refused out of range, and kept when a caller leaves them out", async () => {
    const { employer } = await linked();
    const base = {
      companyName: "Fresh Foods Co.",
      contactEmail: "",
      contactPhone: "",
      maxAdvance: 500,
      approvalLimit: 0,
      notifyNewRequests: false,
      notifyMonthlyReports: false,
      notifySystemUpdates: false,
    };
    const saved = await updateCompanySettings(employer, {
      ...base,
      coolingOffDays: 3,
      maxAdvancesPerYear: 6,
    });
    expect(saved).toMatchObject({ coolingOffDays: 3, maxAdvancesPerYear: 6 });
    const kept = await updateCompanySettings(employer, base);
    expect(kept).toMatchObject({ coolingOffDays: 3, maxAdvancesPerYear: 6 });
  });
});

describe("the wage-deduction authorization", () => {
  it("is signed with its version and time, stored with the advance, and withdrawn for future advances", async () => {
    const { user } = await linked();
    const sign = await call(
      profileAction,
      await requestAs(user, "/profile", {
        form: { intent: "sign-authorization" },
      }),
    );
    expect(sign.status).toBe(302);
    const profile = await (
      await call(profileLoader, await requestAs(user, "/profile"))
    ).json();
    expect(profile.authorization.version).toBe(DEDUCTION_AUTHORIZATION_VERSION);
    const filed = await requestAdvance(user, {
      amount: "200",
      repaymentPeriods: 1,
    });
    const [signed] = await db()
      .select()
      .from(deductionAuthorizations)
      .where(eq(deductionAuthorizations.id, filed.deductionAuthorizationId!));
    expect(signed).toMatchObject({ version: DEDUCTION_AUTHORIZATION_VERSION });
    expect(signed.signedAt).toBeInstanceOf(Date);

    await call(
      profileAction,
      await requestAs(user, "/profile", {
        form: { intent: "withdraw-authorization" },
      }),
    );
    const refused = await appErrorOf(
      requestAdvance(user, { amount: "200", repaymentPeriods: 1 }),
    );
    expect(refused.message).toBe(DEDUCTION_AUTHORIZATION_REQUIRED);
    // The advance filed before keeps the authorization it was filed under.
    expect((await requestRow(filed.id)).deductionAuthorizationId).toBe(
      signed.id,
    );
    await call(
      profileAction,
      await requestAs(user, "/profile", {
        form: { intent: "sign-authorization" },
      }),
    );
    expect((await requestPage(user)).refusal).toBeNull();
  });
});
