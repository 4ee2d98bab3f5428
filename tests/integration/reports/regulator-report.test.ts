import { eq, sql } from "drizzle-orm";
import { advanceRequests, companies, type User } from "#db/schema";
import {
  fileComplaint,
  resolveComplaint,
} from "~/models/complaints/index.server";
import {
  computeRegulatorReport,
  operatorRegulatorReports,
  regulatorReportCsv,
} from "~/models/reports/index.server";
import * as page from "~/routes/_app.reports_.regulator";
import * as csvRoute from "~/routes/reports.regulator[.]csv";
import { db, queryRows } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// The regulators' report for a seeded year against figures the test computes itself from what
// it seeded.

useTestDatabase();

type Seeded = {
  companyId: number;
  employee: number;
  amountCents: number;
  feeCents: number;
  companyPays: boolean;
  at: Date;
};

const seeded: Seeded[] = [];

/** A funded advance (approved, fee settled, card issued at `at`), written as crafted data. */
async function funded(
  user: User,
  at: Date,
  amount: string,
  fee: "charged" | "refunded" | "company",
) {
  const request = await insertAdvance(user, { amount, requestDate: at });
  const [row] = await db()
    .update(advanceRequests)
    .set({ status: "APPROVED", approvalDate: at, paidAt: at })
    .where(eq(advanceRequests.id, request.id))
    .returning();
  await insertCard(row, { createdAt: at });
  // The fee as it was settled (set after the card, which records a capture of its own).
  await db()
    .update(advanceRequests)
    .set({
      feePaidBy: fee === "company" ? "COMPANY" : "EMPLOYEE",
      authorizedAmount: fee === "company" ? null : "15.99",
      capturedAmount: fee === "company" ? null : "15.99",
      capturedAt: fee === "company" ? null : at,
      refundedAmount: fee === "refunded" ? "15.99" : null,
    })
    .where(eq(advanceRequests.id, request.id));
  seeded.push({
    companyId: user.companyId!,
    employee: row.employeeId,
    amountCents: Math.round(Number(amount) * 100),
    feeCents: fee === "charged" ? 1599 : 0,
    companyPays: fee === "company",
    at,
  });
}

/** A write-off in the ledger at `at`: a loss against what was owed. */
async function writeOff(companyId: number, cents: number, at: Date) {
  await db().transaction(async (tx) => {
    const [{ id }] = await queryRows<{ id: number }>(
      tx,
      sql`insert into journal_entries (event, company_id, created_at)
          values ('deduction.written_off', ${companyId}, ${at.toISOString()}::timestamptz)
          returning id`,
    );
    await tx.execute(
      sql`insert into ledger_postings (entry_id, account, company_id, amount) values
          (${id}, 'losses', ${companyId}, ${(cents / 100).toFixed(2)}),
          (${id}, 'receivable', ${companyId}, ${(-cents / 100).toFixed(2)})`,
    );
  });
}

const day = (iso: string) => new Date(iso);
const FROM = "2025-01-01";
const TO = "2026-01-01";
const inYear = (d: Date) =>
  d >= day(`${FROM}T00:00:00Z`) && d < day(`${TO}T00:00:00Z`);

describe("the regulators' report", () => {
  let owner: User;
  let other: User;

  beforeAll(async () => {
    owner = await createEmployer();
    other = await createEmployer();
    const [e1, e2, e3, e4] = [
      await createEmployee(owner),
      await createEmployee(owner),
      await createEmployee(owner),
      await createEmployee(owner),
    ];
    const b1 = await createEmployee(other);
    // 13, 12 and 11 advances across the year, a fee refunded now and then; two the company
    // paid for; one each just outside the year; another company's.
    const month = (i: number, d = 10) =>
      day(`2025-${String((i % 12) + 1).padStart(2, "0")}-${d}T15:00:00Z`);
    for (let i = 0; i < 13; i++)
      await funded(
        e1,
        month(i, i < 12 ? 10 : 20),
        "200.00",
        i === 5 ? "refunded" : "charged",
      );
    for (let i = 0; i < 12; i++)
      await funded(e2, month(i), i % 2 ? "250.00" : "300.00", "charged");
    for (let i = 0; i < 11; i++)
      await funded(e3, month(i), "210.50", "charged");
    await funded(e4, month(2), "400.00", "company");
    await funded(e4, month(7), "450.00", "company");
    await funded(e3, day("2024-12-31T23:59:59Z"), "200.00", "charged");
    await funded(e3, day("2026-01-01T00:00:00Z"), "200.00", "charged");
    await funded(b1, month(3), "320.00", "charged");
    await writeOff(owner.companyId!, 12_345, day("2025-06-30T12:00:00Z"));
    await writeOff(owner.companyId!, 5_000, day("2025-12-31T23:00:00Z"));
    await writeOff(owner.companyId!, 7_000, day("2026-01-02T12:00:00Z"));
    await writeOff(other.companyId!, 1_000, day("2025-03-01T12:00:00Z"));
    // Complaints: filed in the year or not, resolved in the year or after.
    const c1 = await fileComplaint(
      e1,
      { category: "ADVANCE", details: "a" },
      day("2025-02-01T12:00:00Z"),
    );
    const c2 = await fileComplaint(
      e2,
      { category: "ADVANCE", details: "b" },
      day("2025-03-01T12:00:00Z"),
    );
    const c3 = await fileComplaint(
      e3,
      { category: "DEDUCTION", details: "c" },
      day("2025-12-20T12:00:00Z"),
    );
    await fileComplaint(
      e4,
      { category: "CARD_PURCHASE", details: "d" },
      day("2025-05-01T12:00:00Z"),
    );
    const c5 = await fileComplaint(
      e4,
      { category: "OTHER", details: "e" },
      day("2024-12-01T12:00:00Z"),
    );
    await fileComplaint(
      b1,
      { category: "OTHER", details: "f" },
      day("2025-05-01T12:00:00Z"),
    );
    await resolveComplaint(owner, c1.id, "Done", day("2025-02-10T12:00:00Z"));
    await resolveComplaint(owner, c2.id, "Done", day("2026-01-05T12:00:00Z"));
    await resolveComplaint(owner, c3.id, "Done", day("2025-12-30T12:00:00Z"));
    await resolveComplaint(owner, c5.id, "Done", day("2025-01-03T12:00:00Z"));
  });

  /** The figures computed here, from what was seeded. */
  function expected(companyId: number | null) {
    const rows = seeded.filter(
      (s) => inYear(s.at) && (companyId === null || s.companyId === companyId),
    );
    const perEmployee = new Map<number, number>();
    for (const r of rows)
      perEmployee.set(r.employee, (perEmployee.get(r.employee) ?? 0) + 1);
    const charged = rows.reduce((sum, r) => sum + r.feeCents, 0);
    return {
      advances: rows.length,
      uniqueUsers: perEmployee.size,
      amountCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
      feesChargedCents: charged,
      feesChargedCount: rows.filter((r) => r.feeCents > 0).length,
      feesWaivedCount: rows.filter((r) => r.companyPays).length,
      feesWaivedCents: rows.filter((r) => r.companyPays).length * 1599,
      averageFeeCents: Math.round(charged / rows.length),
      usersWith12OrMore: [...perEmployee.values()].filter((n) => n >= 12)
        .length,
    };
  }

  it("matches the seeded year for the company, and across companies", async () => {
    const report = await computeRegulatorReport(owner.companyId!, {
      from: FROM,
      to: TO,
    });
    expect(report).toMatchObject(expected(owner.companyId!));
    expect(report).toMatchObject({
      advances: 38,
      uniqueUsers: 4,
      usersWith12OrMore: 2,
      writeOffs: 2,
      writeOffCents: 17_345,
      complaintsReceived: {
        ADVANCE: 2,
        DEDUCTION: 1,
        CARD_PURCHASE: 1,
        OTHER: 0,
      },
      complaintsResolved: {
        ADVANCE: 1,
        DEDUCTION: 1,
        CARD_PURCHASE: 0,
        OTHER: 1,
      },
    });
    const all = await operatorRegulatorReports({ from: FROM, to: TO });
    const total = all.at(-1)!;
    expect(total.companyId).toBeNull();
    expect(total).toMatchObject(expected(null));
    expect(total.writeOffCents).toBe(18_345);
    expect(total.complaintsReceived.OTHER).toBe(1);
    const [fee] = await db()
      .select({ fee: companies.processingFee })
      .from(companies)
      .where(eq(companies.id, owner.companyId!));
    expect(fee.fee).toBe("15.99");
  });

  it("is the owner's, on its page and as CSV; a bad period is refused", async () => {
    const csv = await call(
      csvRoute.loader,
      await requestAs(owner, `/reports/regulator.csv?from=${FROM}&to=${TO}`),
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    const exp = expected(owner.companyId!);
    expect(text).toContain(`advances,${exp.advances}\r\n`);
    // Every state: the state line is empty (one state's figures: regulator-states.test.ts).
    expect(text).toContain("state,\r\nadvances,");
    expect(text).toBe(
      regulatorReportCsv(
        await computeRegulatorReport(owner.companyId!, {
          from: FROM,
          to: TO,
        }),
      ),
    );
    const bad = await call(
      page.loader,
      await requestAs(
        owner,
        "/reports/regulator?from=2025-02-30&to=2025-01-01",
      ),
    );
    expect(bad.status).toBe(400);
    // An employee is refused.
    const employee = await createEmployee(owner);
    const refused = await call(
      csvRoute.loader,
      await requestAs(employee, `/reports/regulator.csv?from=${FROM}&to=${TO}`),
    );
    expect(refused.status).toBe(403);
  });
});
