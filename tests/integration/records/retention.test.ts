import { subYears } from "date-fns";
import { eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  complaints,
  employees,
  mailOutbox,
  sessions,
  users,
  type User,
} from "#db/schema";
import {
  fileComplaint,
  resolveComplaint,
} from "~/models/complaints/index.server";

import { createSession } from "~/models/people/index.server";
import {
  ERASED_TEXT,
  eraseExpiredPersonalData,
} from "~/models/records/index.server";
import {
  computeRegulatorReport,
  checkInvariants,
} from "~/models/reports/index.server";
import { db, queryRows } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance, insertAdvance } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";

// Records retention: past the company's retention, a leaver with no open
// money loses their personal data; leavers with open money, recent leavers and employees keep
// theirs; the ledger's sums, the invariants and the regulators' figures are the same after.

useTestDatabase();

/** Offboarded at `at` (a leaver can request nothing: their available balance is 0). */
async function leftAt(user: User, at: Date) {
  await db()
    .update(employees)
    .set({ offboardedAt: at, availableBalance: "0.00" })
    .where(eq(employees.userId, user.id));
}

const ledgerSums = () =>
  queryRows<{ account: string; total: string }>(
    db(),
    sql`select account, sum(amount)::text as total from ledger_postings group by account order by account`,
  );

describe("records retention", () => {
  it("removes a past leaver's personal data and keeps every sum and figure true", async () => {
    const now = new Date();
    const owner = await createEmployer();
    const old = await createEmployee(owner, {
      firstName: "Olga",
      email: "olga@example.com",
    });
    const owing = await createEmployee(owner, { firstName: "Owen" });
    const recent = await createEmployee(owner, { firstName: "Rita" });
    const staying = await createEmployee(owner, { firstName: "Stan" });

    const longAgo = subYears(now, 3);
    await insertAdvance(old, {
      status: "DECLINED",
      reason: "Groceries for my family",
      requestDate: longAgo,
      approvalDate: longAgo,
    });
    const complaint = await fileComplaint(
      old,
      {
        category: "ADVANCE",
        details: "My name is Olga, call me",
        subjectReference: "REQ-1",
      },
      longAgo,
    );
    await resolveComplaint(
      owner,
      complaint.id,
      "Olga was called back",
      longAgo,
    );
    await createSession(old.id, { remember: false });
    await leftAt(old, longAgo);

    // Open money: a card's deductions still scheduled.
    await cardedAdvance(owing, "200.00");
    await db().execute(
      sql`update advance_requests set request_date = ${longAgo.toISOString()}::timestamptz
          where employee_id = (select id from employees where user_id = ${owing.id})`,
    );
    await leftAt(owing, longAgo);
    await leftAt(recent, subYears(now, 1));

    const sumsBefore = await ledgerSums();
    expect(await checkInvariants(db())).toEqual([]);
    const period = { from: "2000-01-01", to: "2100-01-01" };
    const figuresBefore = await computeRegulatorReport(
      owner.companyId!,
      period,
    );

    expect(await eraseExpiredPersonalData(now)).toBe(1);
    // Once: the next run finds nobody new.
    expect(await eraseExpiredPersonalData(now)).toBe(0);

    const [gone] = await db().select().from(users).where(eq(users.id, old.id));
    expect(gone).toMatchObject({
      firstName: "Former",
      lastName: "employee",
      email: `erased-${old.id}@invalid`,
      username: `erased-${old.id}`,
      department: null,
    });
    expect(gone.erasedAt).not.toBeNull();
    expect(gone.password).not.toBe(old.password);
    const [request] = await db()
      .select()
      .from(advanceRequests)
      .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
      .where(eq(employees.userId, old.id));
    expect(request.advance_requests.reason).toBeNull();
    expect(request.advance_requests.status).toBe("DECLINED");
    const [c] = await db()
      .select()
      .from(complaints)
      .where(eq(complaints.id, complaint.id));
    expect(c).toMatchObject({
      details: ERASED_TEXT,
      resolution: ERASED_TEXT,
      subjectReference: null,
      category: "ADVANCE",
      status: "RESOLVED",
    });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, old.id));
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) expect(m.text).toBe(ERASED_TEXT);
    expect(
      await db().select().from(sessions).where(eq(sessions.userId, old.id)),
    ).toEqual([]);

    // The others keep theirs.
    for (const kept of [owing, recent, staying]) {
      const [row] = await db()
        .select()
        .from(users)
        .where(eq(users.id, kept.id));
      expect(row.erasedAt).toBeNull();
      expect(row.firstName).toBe(kept.firstName);
    }

    // The money and the figures are as they were.
    expect(await ledgerSums()).toEqual(sumsBefore);
    expect(await checkInvariants(db())).toEqual([]);
    expect(await computeRegulatorReport(owner.companyId!, period)).toEqual(
      figuresBefore,
    );
  });

  it("keeps records for the company's retention years, never under two", async () => {
    const owner = await createEmployer();
    await expect(
      db().execute(
        sql`update companies set retention_years = 1 where id = ${owner.companyId}`,
      ),
    ).rejects.toThrow();
    await db().execute(
      sql`update companies set retention_years = 5 where id = ${owner.companyId}`,
    );
    const leaver = await createEmployee(owner);
    await leftAt(leaver, subYears(new Date(), 3));
    expect(await eraseExpiredPersonalData()).toBe(0);
    await leftAt(leaver, subYears(new Date(), 6));
    expect(await eraseExpiredPersonalData()).toBe(1);
  });
});
