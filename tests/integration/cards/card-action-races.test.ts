import { inArray, sql } from "drizzle-orm";
import { virtualCards, type User } from "#db/schema";

import { action as offboardApi } from "~/routes/api.employees.$id.offboard";
import { action as closeApi } from "~/routes/api.virtual-cards.$id.close";
import { action as freezeApi } from "~/routes/api.virtual-cards.$id.freeze";
import { action as unfreezeApi } from "~/routes/api.virtual-cards.$id.unfreeze";
import { action as purchaseApi } from "~/routes/api.sandbox.card-authorizations";
import {
  db,
  onceAcrossRetries,
  transaction,
  TRANSACTION_ATTEMPTS,
  type Tx,
} from "~/utils/db.server";
import { AppError, TRANSACTION_CONFLICT } from "~/utils/errors";
import { isoDay } from "~/utils/pay-schedule";
import { cardedAdvance } from "#tests/support/data";
import { employeeOf } from "#tests/support/rows";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

import { checkInvariants } from "~/models/reports/index.server";
// Card actions racing one another on the same cards and people: an offboarding (which closes
// every card of the employee), freezes and unfreezes, closes and purchases, 16 at once. They
// take the same rows in different orders, so PostgreSQL breaks deadlocks by aborting one side;
// the transaction helper runs the aborted side again (a bounded number of times) and answers a
// 409 if it still cannot, never a 500. The money invariants hold after every round.

const database = useTestDatabase();

async function employeeWithCards(employer: User) {
  const user = await createEmployee(employer);
  const requests = [
    await cardedAdvance(user, "200.00"),
    await cardedAdvance(user, "250.00"),
  ];
  const cards = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .where(
      inArray(
        virtualCards.requestId,
        requests.map((r) => r.id),
      ),
    )
    .orderBy(virtualCards.id);
  return {
    user,
    employee: await employeeOf(user),
    cards: cards.map((c) => c.id),
  };
}

async function sixteenActions(employer: User) {
  const people = [
    await employeeWithCards(employer),
    await employeeWithCards(employer),
  ];
  const lastPayDate = isoDay(new Date(Date.now() + 20 * 86_400_000));
  const actions: Array<() => Promise<Response>> = [];
  for (const { user, employee, cards } of people) {
    const [first, second] = cards;
    const buy = (cardId: number, amount: string) => async () =>
      call(
        purchaseApi,
        await requestAs(user, "/api/sandbox/card-authorizations", {
          json: {
            cardId,
            amount,
            merchantName: "Fresh Market",
            merchantCategory: "grocery_stores_supermarkets",
          },
        }),
      );
    const onCard =
      (handler: Parameters<typeof call>[0], path: string, cardId: number) =>
      async () =>
        call(
          handler,
          await requestAs(user, `/api/virtual-cards/${cardId}/${path}`, {
            method: "POST",
          }),
          { id: String(cardId) },
        );
    actions.push(
      async () =>
        call(
          offboardApi,
          await requestAs(employer, `/api/employees/${employee.id}/offboard`, {
            json: { lastPayDate },
          }),
          { id: String(employee.id) },
        ),
      onCard(freezeApi, "freeze", first),
      onCard(closeApi, "close", second),
      onCard(unfreezeApi, "unfreeze", first),
      buy(first, "20.00"),
      buy(second, "30.00"),
      buy(first, "15.00"),
      buy(second, "25.00"),
    );
  }
  const responses = await Promise.all(actions.map((run) => run()));
  return Promise.all(
    responses.map(async (res) => ({
      status: res.status,
      body: await res.text(),
    })),
  );
}

describe("16 concurrent card actions", () => {
  it("give no 500, and the money invariants hold", async () => {
    const rounds = database.kind === "postgres" ? 4 : 1;
    const statuses: Record<number, number> = {};
    const failures: string[] = [];
    const refusals: Record<string, number> = {};
    for (let round = 0; round < rounds; round++) {
      const employer = await createEmployer();
      for (const { status, body } of await sixteenActions(employer)) {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 500) failures.push(`${status} ${body}`);
        if (status === 409) {
          const { message } = JSON.parse(body) as { message: string };
          refusals[message] = (refusals[message] ?? 0) + 1;
        }
      }
      expect(await checkInvariants(db())).toEqual([]);
    }
    console.info(
      `card action races on ${database.kind}: ${JSON.stringify(statuses)}, 409s: ${JSON.stringify(refusals)}`,
    );
    expect(failures).toEqual([]);
  });
});

describe("the transaction helper", () => {
  /** Two transactions that lock two companies' rows in opposite orders: a deadlock. */
  async function deadlock(attempts: number) {
    const [a, b] = [
      (await createEmployer()).companyId!,
      (await createEmployer()).companyId!,
    ];
    let firstLocked: () => void = () => {};
    let secondLocked: () => void = () => {};
    const first = new Promise<void>((resolve) => (firstLocked = resolve));
    const second = new Promise<void>((resolve) => (secondLocked = resolve));
    const lock = (tx: Tx, id: number) =>
      tx.execute(sql`select id from companies where id = ${id} for update`);
    let runs = 0;
    const one = transaction(async (tx) => {
      runs += 1;
      await lock(tx, a);
      firstLocked();
      await second;
      await lock(tx, b);
      return "one";
    }, attempts);
    const other = transaction(async (tx) => {
      runs += 1;
      await first;
      await lock(tx, b);
      secondLocked();
      await lock(tx, a);
      return "other";
    }, attempts);
    const settled = await Promise.allSettled([one, other]);
    return { settled, runs };
  }

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "runs the side PostgreSQL aborted to break a deadlock again, and both succeed",
    async () => {
      const { settled, runs } = await deadlock(TRANSACTION_ATTEMPTS);
      expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(runs).toBe(3);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "answers 409 with a clear message when the runs are spent, never the raw error",
    async () => {
      const { settled } = await deadlock(1);
      const refused = settled.filter((s) => s.status === "rejected");
      expect(refused).toHaveLength(1);
      const error = (refused[0] as PromiseRejectedResult).reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(409);
      expect(error.message).toBe(TRANSACTION_CONFLICT);
    },
  );

  it("does an effect outside the database once, however many times the transaction runs", async () => {
    let calls = 0;
    let runs = 0;
    const result = await transaction(async () => {
      runs += 1;
      const told = await onceAcrossRetries("provider:card-1:canceled", () => {
        calls += 1;
        return Promise.resolve(`told ${calls}`);
      });
      if (runs < 3)
        throw Object.assign(new Error("could not serialize access"), {
          code: "40001",
        });
      return told;
    });
    expect(runs).toBe(3);
    expect(calls).toBe(1);
    expect(result).toBe("told 1");
  });
});
