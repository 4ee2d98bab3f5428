import { eq, sql } from "drizzle-orm";
import { advanceRequests, employees, type User } from "#db/schema";
import {
  fileComplaint,
  resolveComplaint,
} from "~/models/complaints/index.server";
import {
  computeRegulatorReport,
  operatorRegulatorReports,
  regulatorReportsCsv,
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

// The regulators' report for one state: a seeded year across two states (and an advance filed
// with no state), each figure counted here from what was seeded.

useTestDatabase();

type Seeded = {
  state: string | null;
  employee: number;
  amountCents: number;
  feeCents: number;
  companyPays: boolean;
};
const seeded: Seeded[] = [];
const writeOffs: { state: string | null; cents: number }[] = [];
const complaintsFiled: { state: string | null; category: string }[] = [];

async function setWorkState(user: User, state: string | null) {
  await db()
    .update(employees)
    .set({ workState: state })
    .where(eq(employees.userId, user.id));
}

/** A funded advance filed under `state` (card issued at `at`). */
async function funded(
  user: User,
  state: string | null,
  at: Date,
  amount: string,
  fee: "charged" | "company",
) {
  const request = await insertAdvance(user, { amount, requestDate: at });
  const [row] = await db()
    .update(advanceRequests)
    .set({
      status: "APPROVED",
      approvalDate: at,
      paidAt: at,
      workState: state,
    })
    .where(eq(advanceRequests.id, request.id))
    .returning();
  await insertCard(row, { createdAt: at });
  await db()
    .update(advanceRequests)
    .set({
      feePaidBy: fee === "company" ? "COMPANY" : "EMPLOYEE",
      authorizedAmount: fee === "company" ? null : "15.99",
      capturedAmount: fee === "company" ? null : "15.99",
      capturedAt: fee === "company" ? null : at,
    })
    .where(eq(advanceRequests.id, request.id));
  seeded.push({
    state,
    employee: row.employeeId,
    amountCents: Math.round(Number(amount) * 100),
    feeCents: fee === "charged" ? 1599 : 0,
    companyPays: fee === "company",
  });
  return row;
}

/** A write-off of part of an advance, in the ledger at `at`. */
async function writeOff(
  companyId: number,
  request: { id: number; workState: string | null },
  cents: number,
  at: Date,
) {
  await db().transaction(async (tx) => {
    const [{ id }] = await queryRows<{ id: number }>(
      tx,
      sql`insert into journal_entries (event, company_id, request_id, created_at)
          values ('deduction.written_off', ${companyId}, ${request.id}, ${at.toISOString()}::timestamptz)
          returning id`,
    );
    await tx.execute(
      sql`insert into ledger_postings (entry_id, account, company_id, amount) values
          (${id}, 'losses', ${companyId}, ${(cents / 100).toFixed(2)}),
          (${id}, 'receivable', ${companyId}, ${(-cents / 100).toFixed(2)})`,
    );
  });
  writeOffs.push({ state: request.workState, cents });
}

const FROM = "2025-01-01";
const TO = "2026-01-01";
const month = (i: number) =>
  new Date(`2025-${String(i + 1).padStart(2, "0")}-12T15:00:00Z`);

/** The figures for `state` (null: every state), computed from what was seeded. */
function expected(state: string | null) {
  const rows = seeded.filter((s) => state === null || s.state === state);
  const perEmployee = new Map<number, number>();
  for (const r of rows)
    perEmployee.set(r.employee, (perEmployee.get(r.employee) ?? 0) + 1);
  const charged = rows.reduce((sum, r) => sum + r.feeCents, 0);
  const lost = writeOffs.filter((w) => state === null || w.state === state);
  const complaints = complaintsFiled.filter(
    (c) => state === null || c.state === state,
  );
  return {
    state,
    advances: rows.length,
    uniqueUsers: perEmployee.size,
    amountCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
    feesChargedCents: charged,
    feesChargedCount: rows.filter((r) => r.feeCents > 0).length,
    feesWaivedCount: rows.filter((r) => r.companyPays).length,
    averageFeeCents: rows.length ? Math.round(charged / rows.length) : 0,
    usersWith12OrMore: [...perEmployee.values()].filter((n) => n >= 12).length,
    writeOffs: lost.length,
    writeOffCents: lost.reduce((sum, w) => sum + w.cents, 0),
    complaintsReceived: {
      ADVANCE: complaints.filter((c) => c.category === "ADVANCE").length,
      DEDUCTION: complaints.filter((c) => c.category === "DEDUCTION").length,
      CARD_PURCHASE: complaints.filter((c) => c.category === "CARD_PURCHASE")
        .length,
      OTHER: complaints.filter((c) => c.category === "OTHER").length,
    },
  };
}

describe("the regulators' report for one state", () => {
  let owner: User;

  beforeAll(async () => {
    owner = await createEmployer();
    const [nv1, nv2, wi1, mover, unknown] = [
      await createEmployee(owner),
      await createEmployee(owner),
      await createEmployee(owner),
      await createEmployee(owner),
      await createEmployee(owner),
    ];
    await setWorkState(nv1, "NV");
    await setWorkState(nv2, "NV");
    await setWorkState(wi1, "WI");
    await setWorkState(unknown, null);
    // nv1: an advance every month and one more (a frequent user in Nevada).
    for (let i = 0; i < 12; i++)
      await funded(nv1, "NV", month(i), "200.00", "charged");
    const lost = await funded(nv1, "NV", month(11), "300.00", "charged");
    await writeOff(owner.companyId!, lost, 4_321, new Date("2025-12-30Z"));
    for (let i = 0; i < 3; i++)
      await funded(
        nv2,
        "NV",
        month(i * 2),
        "250.00",
        i ? "charged" : "company",
      );
    for (let i = 0; i < 5; i++)
      await funded(wi1, "WI", month(i + 3), "410.50", "charged");
    // The mover worked in Nevada for two advances, then in Wisconsin for one: each advance
    // counts where it was filed.
    await setWorkState(mover, "NV");
    await funded(mover, "NV", month(1), "220.00", "charged");
    const moved = await funded(mover, "NV", month(2), "230.00", "charged");
    await setWorkState(mover, "WI");
    await funded(mover, "WI", month(8), "240.00", "company");
    await writeOff(owner.companyId!, moved, 1_000, new Date("2025-07-01Z"));
    // Filed before work states were recorded: in no state's figures.
    await funded(unknown, null, month(4), "500.00", "charged");
    // Complaints count under the filer's work state.
    for (const [user, state, category] of [
      [nv1, "NV", "ADVANCE"],
      [nv2, "NV", "DEDUCTION"],
      [wi1, "WI", "ADVANCE"],
      [mover, "WI", "CARD_PURCHASE"],
      [unknown, null, "OTHER"],
    ] as const) {
      const filed = await fileComplaint(
        user,
        { category, details: "x" },
        new Date("2025-06-01T12:00:00Z"),
      );
      complaintsFiled.push({ state, category });
      if (state === "WI")
        await resolveComplaint(
          owner,
          filed.id,
          "Done",
          new Date("2025-06-05T12:00:00Z"),
        );
    }
  });

  it("counts each state's advances, users, fees, write-offs and complaints apart", async () => {
    for (const state of ["NV", "WI"]) {
      const report = await computeRegulatorReport(owner.companyId!, {
        from: FROM,
        to: TO,
        state,
      });
      expect(report).toMatchObject(expected(state));
    }
    const nv = expected("NV");
    const wi = expected("WI");
    // The seeding is what the test meant: both states have advances, and the two do not add
    // up to the whole (one advance has no state).
    expect(nv.advances).toBe(18);
    expect(wi.advances).toBe(6);
    expect(nv.usersWith12OrMore).toBe(1);
    const all = await computeRegulatorReport(owner.companyId!, {
      from: FROM,
      to: TO,
    });
    expect(all).toMatchObject(expected(null));
    expect(all.advances).toBe(nv.advances + wi.advances + 1);
    expect(
      (
        await computeRegulatorReport(owner.companyId!, {
          from: FROM,
          to: TO,
          state: "CT",
        })
      ).advances,
    ).toBe(0);
    const resolved = await computeRegulatorReport(owner.companyId!, {
      from: FROM,
      to: TO,
      state: "wi",
    });
    expect(resolved.complaintsResolved).toEqual({
      ADVANCE: 1,
      DEDUCTION: 0,
      CARD_PURCHASE: 1,
      OTHER: 0,
    });
  });

  it("filters the page, the CSV and the operator's command by the state chosen", async () => {
    const csv = await call(
      csvRoute.loader,
      await requestAs(
        owner,
        `/reports/regulator.csv?from=${FROM}&to=${TO}&state=wi`,
      ),
    );
    const text = await csv.text();
    expect(text).toContain("state,WI\r\n");
    expect(text).toContain(`advances,${expected("WI").advances}\r\n`);
    expect(text).not.toContain("state_applied");

    const shown = await (
      await call(
        page.loader,
        await requestAs(
          owner,
          `/reports/regulator?from=${FROM}&to=${TO}&state=NV`,
        ),
      )
    ).json();
    expect(shown.report).toMatchObject(expected("NV"));

    const operator = await operatorRegulatorReports({
      from: FROM,
      to: TO,
      state: "NV",
    });
    expect(operator.at(-1)).toMatchObject({
      ...expected("NV"),
      companyId: null,
    });
    // The command's CSV (npm run report:regulator -- --state NV) is these reports.
    const lines = regulatorReportsCsv(operator).split("\r\n");
    expect(lines[0]).toContain("state,advances");
    expect(lines.at(-2)).toMatch(
      new RegExp(`^all,${FROM},${TO},NV,${expected("NV").advances},`),
    );
  });
});
