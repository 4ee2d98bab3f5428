import {
  cancelAdvance,
  ALREADY_DECIDED,
  approveAdvance,
  declineAdvance,
} from "~/models/advances/index.server";
import { dayStart, isoDay } from "~/utils/pay-schedule";
import { addDays, subDays } from "date-fns";
import { count, eq } from "drizzle-orm";
import { advanceRequests, payrollDeductions } from "#db/schema";
import { BALANCE_NO_LONGER_COVERS } from "~/utils/rules";
import {
  DEFAULT_DECLINE_REASON,
  REQUEST_NOT_FOUND,
} from "~/validation/employer";
import { subscribe } from "~/services/events.server";
import type { AppEvent } from "~/services/events.server";
import { db } from "~/utils/db.server";
import {
  insertAdvance,
  payAndIssueCard,
  daysBetween,
} from "#tests/support/data";
import {
  balanceOf,
  deductionsOf,
  requestRow,
  setEmployee,
} from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  createEmployee,
  createEmployer,
} from "#tests/support/factories";

const database = useTestDatabase();

async function company() {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  return { employer, employee };
}

describe("approveAdvance", () => {
  it("approves without a schedule; the card schedules 500 over 3 as 166.67 + 166.67 + 166.66 from a future pay cycle end", async () => {
    const { employer, employee } = await company();
    // The company pays every two weeks, next in 6 days.
    const payCycleEnd = dayStart(isoDay(addDays(new Date(), 6)));
    await setEmployee(employee, { payCycleEndDate: payCycleEnd });
    const pending = await insertAdvance(employee, {
      amount: "500.00",
      periods: 3,
    });

    const approved = await approveAdvance(employer, pending.id);

    expect(approved).toMatchObject({
      id: pending.id,
      status: "APPROVED",
      approvedById: employer.id,
    });
    expect(approved.approvalDate).toBeInstanceOf(Date);
    // The money model: approval reserves the balance; payroll deductions come with the card.
    expect(await deductionsOf(pending.id)).toEqual([]);
    expect(await balanceOf(employee)).toBe("0.00");
    await payAndIssueCard(employee, approved);
    const deductions = await deductionsOf(pending.id);
    expect(deductions.map((d) => d.amount)).toEqual([
      "166.67",
      "166.67",
      "166.66",
    ]);
    expect(deductions.every((d) => d.isPaid === false)).toBe(true);
    expect(deductions[0].deductionDate.getTime()).toBe(payCycleEnd.getTime());
    expect(daysBetween(payCycleEnd, deductions[1].deductionDate)).toBe(14);
    expect(daysBetween(payCycleEnd, deductions[2].deductionDate)).toBe(28);
    expect(await balanceOf(employee)).toBe("0.00");
  });

  it("starts the schedule at the first pay date on or after today when the next pay date has passed", async () => {
    const { employer, employee } = await company();
    const missed = dayStart(isoDay(subDays(new Date(), 3)));
    await setEmployee(employee, { payCycleEndDate: missed });
    const pending = await insertAdvance(employee, {
      amount: "250.00",
      periods: 2,
    });
    const approved = await approveAdvance(employer, pending.id);
    expect(await deductionsOf(pending.id)).toEqual([]);
    await payAndIssueCard(employee, approved);
    const [first, second] = await deductionsOf(pending.id);
    expect([first.amount, second.amount]).toEqual(["125.00", "125.00"]);
    // Biweekly from 3 days ago: 11 days from today.
    expect(daysBetween(missed, first.deductionDate)).toBe(14);
    expect(daysBetween(first.deductionDate, second.deductionDate)).toBe(14);
    expect(await balanceOf(employee)).toBe("250.00");
  });

  it("gives exactly one success to 20 concurrent approvals, and no schedule before the card", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee, {
      amount: "300.00",
      periods: 3,
    });

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => approveAdvance(employer, pending.id)),
    );

    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter(
      (r): r is PromiseRejectedResult => r.status === "rejected",
    );
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      expect(r.reason).toMatchObject({ status: 409, message: ALREADY_DECIDED });
    }
    expect(await deductionsOf(pending.id)).toHaveLength(0);
    expect(await balanceOf(employee)).toBe("200.00");
    expect(database.kind).toBe(
      process.env.TEST_DATABASE_URL ? "postgres" : "pglite",
    );
  });

  it("lets exactly one of a racing approve and decline win, consistently", async () => {
    const { employer, employee } = await company();
    for (let round = 0; round < 5; round++) {
      const pending = await insertAdvance(employee, { amount: "200.00" });
      const balance = await balanceOf(employee);
      const [approve, decline] = await Promise.allSettled([
        approveAdvance(employer, pending.id),
        declineAdvance(employer, pending.id, "Race"),
      ]);
      const outcomes = [approve.status, decline.status].sort();
      expect(outcomes).toEqual(["fulfilled", "rejected"]);
      const loser = (approve.status === "rejected" ? approve : decline) as
        PromiseRejectedResult | undefined;
      expect(loser?.reason).toMatchObject({
        status: 409,
        message: ALREADY_DECIDED,
      });
      const row = await requestRow(pending.id);
      const deductions = await deductionsOf(pending.id);
      if (approve.status === "fulfilled") {
        expect(row.status).toBe("APPROVED");
        expect(row.rejectionReason).toBeNull();
        expect(deductions).toHaveLength(0);
      } else {
        expect(row.status).toBe("DECLINED");
        expect(row.approvalDate).toBeNull();
        expect(deductions).toHaveLength(0);
        expect(await balanceOf(employee)).toBe(balance);
      }
      // Give the reservation back for the next round (the balance is derived, not set).
      if (approve.status === "fulfilled")
        await cancelAdvance(employee, pending.id);
    }
  });

  it("answers 404 for another employer's request and for a missing id, changing nothing", async () => {
    const { employee } = await company();
    const stranger = await createEmployer();
    const pending = await insertAdvance(employee, { amount: "300.00" });

    const error = await appErrorOf(approveAdvance(stranger, pending.id));
    expect(error).toMatchObject({ status: 404, message: REQUEST_NOT_FOUND });
    const missing = await appErrorOf(approveAdvance(stranger, 2_000_000_000));
    expect(missing).toMatchObject({ status: 404, message: REQUEST_NOT_FOUND });
    // The employee themself is not the employer either.
    const self = await appErrorOf(approveAdvance(employee, pending.id));
    expect(self.status).toBe(404);

    const row = await requestRow(pending.id);
    expect(row).toMatchObject({
      status: "PENDING",
      approvalDate: null,
      approvedById: null,
    });
    expect(await deductionsOf(pending.id)).toHaveLength(0);
    expect(await balanceOf(employee)).toBe("500.00");
  });

  it("refuses with 409 when the balance no longer covers the amount", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee, { amount: "400.00" });
    // Another approval reserves 100.01 of the 500: 399.99 left.
    await insertAdvance(employee, { amount: "100.01", status: "APPROVED" });

    const error = await appErrorOf(approveAdvance(employer, pending.id));
    expect(error).toMatchObject({
      status: 409,
      message: BALANCE_NO_LONGER_COVERS,
    });
    expect((await requestRow(pending.id)).status).toBe("PENDING");
    expect(await deductionsOf(pending.id)).toHaveLength(0);
    expect(await balanceOf(employee)).toBe("399.99");
  });

  it("refuses an already decided request with 409", async () => {
    const { employer, employee } = await company();
    const declined = await insertAdvance(employee, { status: "DECLINED" });
    const error = await appErrorOf(approveAdvance(employer, declined.id));
    expect(error).toMatchObject({ status: 409, message: ALREADY_DECIDED });
    expect((await requestRow(declined.id)).status).toBe("DECLINED");
  });

  it("publishes request.approved to the employer and the employee", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee);
    const seen: Array<[number, AppEvent]> = [];
    const off1 = await subscribe(employer.id, (e) => seen.push([1, e]));
    const off2 = await subscribe(employee.id, (e) => seen.push([2, e]));
    await approveAdvance(employer, pending.id);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    off1();
    off2();
    for (const [, event] of seen) {
      expect(event).toMatchObject({
        type: "request.approved",
        requestId: pending.id,
      });
      expect(event.to.sort()).toEqual([employer.id, employee.id].sort());
    }
  });
});

describe("declineAdvance", () => {
  it("declines with the default reason when none or a blank one is given", async () => {
    const { employer, employee } = await company();
    for (const reason of [undefined, null, "", "   "]) {
      const pending = await insertAdvance(employee);
      const declined = await declineAdvance(employer, pending.id, reason);
      expect(declined).toMatchObject({
        status: "DECLINED",
        rejectionReason: DEFAULT_DECLINE_REASON,
        approvalDate: null,
      });
      expect(declined.rejectionDate).toBeInstanceOf(Date);
    }
    expect(await balanceOf(employee)).toBe("500.00");
  });

  it("keeps a given reason, trimmed, up to 500 characters", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee);
    const declined = await declineAdvance(
      employer,
      pending.id,
      "  Please repay the current advance first.  ",
    );
    expect(declined.rejectionReason).toBe(
      "Please repay the current advance first.",
    );
    const another = await insertAdvance(employee);
    const longest = "x".repeat(500);
    expect(
      (await declineAdvance(employer, another.id, longest)).rejectionReason,
    ).toBe(longest);
  });

  it("refuses a reason over 500 characters with 400 and changes nothing", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee);
    const error = await appErrorOf(
      declineAdvance(employer, pending.id, "x".repeat(501)),
    );
    expect(error).toMatchObject({
      status: 400,
      message: "Reason must be at most 500 characters",
    });
    expect((await requestRow(pending.id)).status).toBe("PENDING");
  });

  it("answers 404 for another employer and 409 for a decided request", async () => {
    const { employer, employee } = await company();
    const stranger = await createEmployer();
    const pending = await insertAdvance(employee);
    expect(
      (await appErrorOf(declineAdvance(stranger, pending.id))).status,
    ).toBe(404);
    expect((await requestRow(pending.id)).status).toBe("PENDING");

    const approved = await insertAdvance(employee, { status: "APPROVED" });
    const error = await appErrorOf(declineAdvance(employer, approved.id));
    expect(error).toMatchObject({ status: 409, message: ALREADY_DECIDED });
    const row = await requestRow(approved.id);
    expect(row.status).toBe("APPROVED");
    expect(row.rejectionReason).toBeNull();
    const [{ n }] = await db()
      .select({ n: count() })
      .from(payrollDeductions)
      .where(eq(payrollDeductions.requestId, approved.id));
    expect(Number(n)).toBe(0);
  });

  it("gives exactly one success to concurrent declines", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        declineAdvance(employer, pending.id, `reason ${i}`),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [row] = await db()
      .select()
      .from(advanceRequests)
      .where(eq(advanceRequests.id, pending.id));
    const winner = results.find(
      (
        r,
      ): r is PromiseFulfilledResult<
        Awaited<ReturnType<typeof declineAdvance>>
      > => r.status === "fulfilled",
    );
    expect(row.rejectionReason).toBe(winner?.value.rejectionReason);
  });
});
