import { sql } from "drizzle-orm";
import { action as offboardApi } from "~/routes/api.employees.$id.offboard";
import { action as employeePage } from "~/routes/_app.employees.$id";

import { offboardEmployee } from "~/models/payroll/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import { db, queryRows } from "~/utils/db.server";
import { addDaysIso, isoDay } from "~/utils/pay-schedule";
import { useTestDatabase } from "#tests/support/db";
import { cardedAdvance } from "#tests/support/data";
import { deductionsOf, employeeOf } from "#tests/support/rows";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// A leaver's last pay date is checked (from the start of today's pay cycle to the company's pay
// date after next, never before their latest card) and, until it has passed, can be corrected
// by offboarding again with another date: what is owed moves again.

useTestDatabase();

const today = isoDay(new Date());

/** A biweekly company paying two days from now: its cycle began 12 days ago. */
async function leaverWithCard() {
  const employer = await createEmployer();
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: addDaysIso(today, 2),
  });
  const user = await createEmployee(employer);
  const request = await cardedAdvance(user, "300.00", 2);
  const employee = await employeeOf(user);
  return { employer, user, request, employee };
}

async function offboardedAt(employeeId: number) {
  const [row] = await queryRows<{
    offboarded_at: Date | null;
    last_pay_date: string | null;
  }>(
    db(),
    sql`select offboarded_at, last_pay_date::text as last_pay_date from employees
        where id = ${employeeId}`,
  );
  return row;
}

describe("a leaver's last pay date", () => {
  it("refuses a date before today's pay cycle, or after the pay date after next, and changes nothing", async () => {
    const { employer, request, employee } = await leaverWithCard();
    const before = await deductionsOf(request.id);

    const early = await appErrorOf(
      offboardEmployee(employer, employee.id, { lastPayDate: "2020-01-01" }),
    );
    expect(early.status).toBe(400);
    expect(early.message).toBe(
      `The last pay date cannot be before ${addDaysIso(today, -12)}, the start of the current pay cycle.`,
    );
    const late = await appErrorOf(
      offboardEmployee(employer, employee.id, { lastPayDate: "2099-12-31" }),
    );
    expect(late.status).toBe(400);
    expect(late.message).toBe(
      `The last pay date cannot be after ${addDaysIso(today, 16)}, the company's pay date after next.`,
    );
    // Between the start of the cycle and today, but before the card: refused too.
    const beforeCard = await appErrorOf(
      offboardEmployee(employer, employee.id, {
        lastPayDate: addDaysIso(today, -1),
      }),
    );
    expect(beforeCard.message).toBe(
      `The last pay date cannot be before ${today}, when the employee's latest card was issued.`,
    );
    expect((await offboardedAt(employee.id)).offboarded_at).toBeNull();
    expect(await deductionsOf(request.id)).toEqual(before);

    // The API answers 400 with the message on the field, never a 500.
    const res = await call(
      offboardApi,
      await requestAs(employer, `/api/employees/${employee.id}/offboard`, {
        method: "POST",
        json: { lastPayDate: "2099-12-31" },
      }),
      { id: String(employee.id) },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: `The last pay date cannot be after ${addDaysIso(today, 16)}, the company's pay date after next.`,
      errors: { lastPayDate: [expect.any(String)] },
    });
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("is corrected by offboarding again with another date, moving what is owed again", async () => {
    const { employer, request, employee } = await leaverWithCard();
    const next = addDaysIso(today, 2);
    const afterNext = addDaysIso(today, 16);
    await offboardEmployee(employer, employee.id, { lastPayDate: next });
    const moved = await deductionsOf(request.id);
    expect(moved.map((d) => isoDay(d.deductionDate))).toEqual(
      moved.map(() => next),
    );

    const corrected = await offboardEmployee(employer, employee.id, {
      lastPayDate: afterNext,
    });
    expect(corrected).toMatchObject({
      lastPayDate: afterNext,
      cardsClosed: 0,
      requestsCancelled: 0,
      deductionsMoved: moved.length,
    });
    expect((await offboardedAt(employee.id)).last_pay_date).toBe(afterNext);
    const again = await deductionsOf(request.id);
    expect(again.map((d) => isoDay(d.deductionDate))).toEqual(
      again.map(() => afterNext),
    );
    // The same date once more: nothing to correct.
    const same = await appErrorOf(
      offboardEmployee(employer, employee.id, { lastPayDate: afterNext }),
    );
    expect(same.status).toBe(409);
    // A date out of the window is refused as for a first offboarding.
    const late = await appErrorOf(
      offboardEmployee(employer, employee.id, { lastPayDate: "2099-12-31" }),
    );
    expect(late.status).toBe(400);

    // The employee's page corrects it too, with its own toast.
    const res = await call(
      employeePage,
      await requestAs(employer, `/employees/${employee.id}`, {
        method: "POST",
        form: { intent: "correct", lastPayDate: next, confirm: "on" },
      }),
      { id: String(employee.id) },
    );
    expect(res.status).toBe(302);
    expect((await offboardedAt(employee.id)).last_pay_date).toBe(next);
    expect(await checkInvariants(db())).toEqual([]);
  });

  it("can no longer be changed once it has passed", async () => {
    const employer = await createEmployer();
    await updatePaySchedule(employer, {
      frequency: "BIWEEKLY",
      nextPayDate: addDaysIso(today, 2),
    });
    const user = await createEmployee(employer);
    const employee = await employeeOf(user);
    // Offboarded three weeks ago with a last pay date 12 days ago.
    const then = new Date(Date.now() - 21 * 86_400_000);
    await offboardEmployee(
      employer,
      employee.id,
      { lastPayDate: addDaysIso(today, -12) },
      then,
    );
    const passed = await appErrorOf(
      offboardEmployee(employer, employee.id, {
        lastPayDate: addDaysIso(today, 2),
      }),
    );
    expect(passed.status).toBe(409);
    expect(passed.message).toBe(
      "The last pay date has passed: it can no longer be changed.",
    );
  });
});
