import { eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  cardAuthorizations,
  employees,
  journalEntries,
  ledgerPostings,
  payrollDeductions,
  sandboxPayments,
  virtualCards,
} from "#db/schema";
import { postEntry } from "~/models/ledger/index.server";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, cardedAdvance } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
useTestDatabase();

describe("checkInvariants", () => {
  it("passes on consistent data and names each broken rule", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const approved = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
      periods: 2,
      carded: true,
    });
    // Approved, never paid for: no deductions, and that is consistent (the money model).
    const unpaid = await insertAdvance(user, {
      amount: "200.00",
      status: "APPROVED",
    });
    const declined = await insertAdvance(user, {
      amount: "200.00",
      status: "DECLINED",
    });
    expect(await checkInvariants(db())).toEqual([]);

    // Break each rule once.
    const [first] = await db()
      .select()
      .from(payrollDeductions)
      .where(eq(payrollDeductions.requestId, approved.id));
    await db()
      .update(payrollDeductions)
      .set({ amount: "1.00" })
      .where(eq(payrollDeductions.id, first.id));
    await db().insert(payrollDeductions).values({
      requestId: declined.id,
      amount: "10.00",
      deductionDate: new Date(),
    });
    await db()
      .update(employees)
      .set({ availableBalance: "900.00" })
      .where(eq(employees.userId, user.id));
    const [card] = await db()
      .insert(virtualCards)
      .values({
        requestId: unpaid.id,
        providerCardId: "ic_test_1",
        cardNumber: "4242424242424242",
        expiryMonth: 1,
        expiryYear: 2030,
        amount: "200.00",
        spendingLimits: "{}",
      })
      .returning();
    await db().insert(cardAuthorizations).values({
      cardId: card.id,
      amount: "200.01",
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
      approved: true,
    });

    const rules = new Set((await checkInvariants(db())).map((v) => v.rule));
    expect(rules).toEqual(
      new Set([
        "what the ledger says is owed on each advance equals its open deductions",
        "each carded advance's card was funded with its amount",
        "every deduction belongs to an approved request",
        "deductions exist only for carded advances",
        "what the ledger says an employee owes equals their open deductions",
        "every available balance is max advance − reserved − owed",
        "cards only for approved, paid requests",
        "a request is stamped card-issued exactly when it has a card",
        "no full card number stored",
        "card spend within the card amount",
        "a card's spend in the ledger equals its authorizations, and a closed card has nothing left",
        "captured = fee for every carded request (none when the company pays it), and charged once in the ledger",
      ]),
    );
  });

  it("names a deduction paid without a collection, a deduction dated before its card and an unbalanced entry", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const carded = await cardedAdvance(user, "300.00");
    const before = new Set((await checkInvariants(db())).map((v) => v.rule));
    expect(before).not.toContain(
      "no deduction paid without a recorded collection",
    );
    const [d] = await db()
      .select()
      .from(payrollDeductions)
      .where(eq(payrollDeductions.requestId, carded.id));
    // Marked paid (as the old payroll did) with no collection in the ledger, and backdated.
    await db()
      .update(payrollDeductions)
      .set({
        isPaid: true,
        status: "COLLECTED",
        collectedAmount: d.amount,
        deductionDate: new Date(Date.now() - 40 * 86_400_000),
      })
      .where(eq(payrollDeductions.id, d.id));
    const rules = new Set((await checkInvariants(db())).map((v) => v.rule));
    expect(rules).toContain("no deduction paid without a recorded collection");
    expect(rules).toContain("no deduction dated before its card");
    // The database itself refuses an entry whose postings do not sum to zero.
    await expect(
      db().transaction(async (tx) => {
        const [entry] = await tx
          .insert(journalEntries)
          .values({ event: "fee.charged", companyId: null, employeeId: null })
          .returning();
        await tx.insert(ledgerPostings).values({
          entryId: entry.id,
          account: "fee_income",
          amount: "-1.00",
        });
      }),
    ).rejects.toThrow();
    // And changing or deleting a posting.
    await expect(
      db().execute(sql`update ledger_postings set amount = amount + 1`),
    ).rejects.toThrow();
  });

  it("files each deduction under its employee's company, whatever the insert says", async () => {
    const employer = await createEmployer();
    const other = await createEmployer();
    const user = await createEmployee(employer);
    const carded = await cardedAdvance(user, "300.00");
    const [inserted] = await db()
      .insert(payrollDeductions)
      .values({
        requestId: carded.id,
        companyId: other.companyId!,
        amount: "10.00",
        deductionDate: new Date(),
      })
      .returning();
    expect(inserted.companyId).toBe(employer.companyId);
    const rules = (await checkInvariants(db())).map((v) => v.rule);
    expect(rules).not.toContain(
      "each deduction is filed under its employee's company",
    );
    // Moved by hand, the copy is named.
    await db()
      .update(payrollDeductions)
      .set({ companyId: other.companyId! })
      .where(eq(payrollDeductions.id, inserted.id));
    expect((await checkInvariants(db())).map((v) => v.rule)).toContain(
      "each deduction is filed under its employee's company",
    );
  });

  it("files an employee's deductions under their new company when their company is changed by hand", async () => {
    const employer = await createEmployer();
    const other = await createEmployer();
    const user = await createEmployee(employer);
    const bystander = await createEmployee(employer);
    for (const person of [user, bystander]) {
      const carded = await cardedAdvance(person, "300.00");
      await db().insert(payrollDeductions).values({
        requestId: carded.id,
        amount: "10.00",
        deductionDate: new Date(),
      });
    }
    // The companies a person's deductions are filed under (the advance's own and the one above).
    const filedUnder = async (person: typeof user) => [
      ...new Set(
        (
          await db()
            .select({ companyId: payrollDeductions.companyId })
            .from(payrollDeductions)
            .innerJoin(
              advanceRequests,
              eq(advanceRequests.id, payrollDeductions.requestId),
            )
            .innerJoin(employees, eq(employees.id, advanceRequests.employeeId))
            .where(eq(employees.userId, person.id))
        ).map((row) => row.companyId),
      ),
    ];
    // Moved by an operator's statement, not by the product: the copy follows in it.
    await db()
      .update(employees)
      .set({ companyId: other.companyId! })
      .where(eq(employees.userId, user.id));
    expect(await filedUnder(user)).toEqual([other.companyId]);
    expect(await filedUnder(bystander)).toEqual([employer.companyId]);
    // (The test above left a deduction of its own misfiled on purpose.)
    const misfiled = (await checkInvariants(db())).filter(
      (v) =>
        v.rule === "each deduction is filed under its employee's company" &&
        [employer.companyId, other.companyId].some((id) =>
          v.detail.endsWith(`its employee is in ${id}`),
        ),
    );
    expect(misfiled).toEqual([]);
  });

  it("captured ≤ authorized is also enforced by the database", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const carded = await cardedAdvance(user, "300.00");
    expect(carded).toMatchObject({
      authorizedAmount: "15.99",
      capturedAmount: "15.99",
      releasedAmount: "0.00",
    });
    await expect(
      db()
        .update(advanceRequests)
        .set({ capturedAmount: "300.01" })
        .where(eq(advanceRequests.id, carded.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(sandboxPayments)
        .set({ capturedCents: 30001 })
        .where(eq(sandboxPayments.requestId, carded.id)),
    ).rejects.toThrow();
    const rules = (await checkInvariants(db())).map((v) => v.rule);
    expect(rules).not.toContain("captured ≤ authorized");
  });
});

describe("the invariants of the money after the card", () => {
  it("name negative spend, a credit beside a loss, a run left open and a deduction after the last pay date", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const carded = await cardedAdvance(user, "300.00");
    const closed = await cardedAdvance(
      await createEmployee(employer),
      "200.00",
    );
    // The file's earlier tests left broken rows of their own: only these rules are new here.
    const MONEY_RULES = [
      "no card with negative spend or refunds above its purchases",
      "an advance's credit = collected + netted − spent, never negative, and never beside a loss",
      "a SUBMITTED payroll run has open deductions or reimbursement lines, a RECONCILED one none",
      "no deduction after its leaver's last pay date while it is open",
    ];
    const before = new Set((await checkInvariants(db())).map((v) => v.rule));
    expect(MONEY_RULES.filter((r) => before.has(r))).toEqual([]);
    const [card] = await db()
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.requestId, carded.id));
    const [other] = await db()
      .select()
      .from(virtualCards)
      .where(eq(virtualCards.requestId, closed.id));

    // A refund with no purchase behind it (what parallel refunds did), in the rows and the ledger.
    await db().insert(cardAuthorizations).values({
      cardId: card.id,
      kind: "refund",
      amount: "150.00",
      merchantName: "Fresh Market",
      merchantCategory: "grocery_stores_supermarkets",
      approved: true,
    });
    await db().transaction((tx) =>
      postEntry(tx, {
        event: "card.merchant_refund",
        companyId: null,
        employeeId: carded.employeeId,
        requestId: carded.id,
        cardId: card.id,
        postings: [
          { account: "merchants", cents: 15_000 },
          { account: "card", cents: -15_000 },
        ],
      }),
    );
    // A credit on an advance whose loss was never reduced (a refund after a write-off).
    await db().transaction((tx) =>
      postEntry(tx, {
        event: "card.unspent_returned",
        companyId: null,
        employeeId: closed.employeeId,
        requestId: closed.id,
        cardId: other.id,
        postings: [
          { account: "losses", cents: 10_000 },
          { account: "credit", cents: -10_000 },
        ],
      }),
    );
    // A run still SUBMITTED with nothing left to reconcile (a close deleted its deduction).
    const [employee] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, user.id));
    await db().execute(
      sql`insert into payroll_runs (company_id, pay_date, status)
          values (${employee.companyId}, '2026-01-02', 'SUBMITTED')`,
    );
    // A leaver whose last pay date is before what they still owe.
    await db()
      .update(employees)
      .set({ lastPayDate: "2026-01-02" })
      .where(eq(employees.id, employee.id));

    const rules = new Set((await checkInvariants(db())).map((v) => v.rule));
    expect(MONEY_RULES.filter((r) => rules.has(r))).toEqual(MONEY_RULES);
  });
});
