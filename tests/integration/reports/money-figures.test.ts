import { eq } from "drizzle-orm";
import { advanceRequests, type User } from "#db/schema";
import {
  authorizeCardPurchase,
  closeOwnCard,
  simulateMerchantRefund,
  cardFiguresOf,
} from "~/models/cards/index.server";

import {
  listEmployees,
  loadEmployeeDashboard,
} from "~/models/reports/index.server";
import * as cardPage from "~/routes/_app.cards.$id";
import { loader as cardsApi } from "~/routes/api.virtual-cards";
import { db } from "~/utils/db.server";
import { toCents } from "~/utils/money";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Every surface tells a card's figures as the ledger has them: the card
// API, the dashboard and the card page agree, refunds lower the spend, a closed card has
// nothing left.

useTestDatabase();

const grocery = (amount: string, merchantName = "Fresh Market") => ({
  amountCents: toCents(amount),
  merchantName,
  merchantCategory: "grocery_stores_supermarkets",
});

async function cardWith(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  const card = await insertCard(request);
  return { employer, user, request, card };
}

async function listedCards(user: User) {
  const res = await call(cardsApi, await requestAs(user, "/api/virtual-cards"));
  expect(res.status).toBe(200);
  return (await res.json()) as Array<{
    id: number;
    spentAmount: string;
    remainingBalance: string;
  }>;
}

async function cardPageData(user: User, cardId: number) {
  const res = await call(
    cardPage.loader,
    await requestAs(user, `/cards/${cardId}`),
    { id: String(cardId) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as {
    spent: string;
    remaining: string;
    authorizations: Array<{
      merchantName: string;
      amount: string;
      refund: boolean;
    }>;
  };
}

describe("a card's figures on every surface", () => {
  it("counts merchant refunds against the spend: $140.90 bought, $40.90 refunded, $100.00 spent", async () => {
    const { user, card } = await cardWith("300.00");
    await authorizeCardPurchase(card.id, grocery("120.45"));
    await authorizeCardPurchase(card.id, grocery("20.45", "Corner Grocer"));
    await simulateMerchantRefund(user, card.id, {
      amount: "40.90",
      merchantName: "Fresh Market",
    });

    const figures = await cardFiguresOf(db(), card.id);
    expect(figures).toMatchObject({
      fundedCents: 30000,
      spentCents: 10000,
      remainingCents: 20000,
    });
    const [listed] = await listedCards(user);
    expect(listed).toMatchObject({
      spentAmount: "100.00",
      remainingBalance: "200.00",
    });
    const dashboard = await loadEmployeeDashboard(user);
    expect(dashboard.cards?.[0]?.remaining).toBe("$200.00");
    const page = await cardPageData(user, card.id);
    expect(page).toMatchObject({ spent: "$100.00", remaining: "$200.00" });
  });

  it("lists a merchant refund as a refund, not as an approved purchase", async () => {
    const { user, card } = await cardWith("300.00");
    await authorizeCardPurchase(card.id, grocery("50.00"));
    await simulateMerchantRefund(user, card.id, {
      amount: "20.45",
      merchantName: "Fresh Market",
    });
    const page = await cardPageData(user, card.id);
    expect(page.authorizations.map((a) => [a.amount, a.refund])).toEqual([
      ["−$20.45", true],
      ["$50.00", false],
    ]);
  });

  it("shows nothing remaining on a closed card, on the dashboard as in the API and on the card page", async () => {
    const { user, card } = await cardWith("300.00");
    await authorizeCardPurchase(card.id, grocery("150.00"));
    await closeOwnCard(user, card.id);

    const [listed] = await listedCards(user);
    expect(listed).toMatchObject({
      spentAmount: "150.00",
      remainingBalance: "0.00",
    });
    const dashboard = await loadEmployeeDashboard(user);
    expect(dashboard.cards?.[0]).toMatchObject({
      status: "closed",
      remaining: "$0.00",
    });
    const page = await cardPageData(user, card.id);
    expect(page.remaining).toBe("$0.00");
    expect(await cardFiguresOf(db(), card.id)).toMatchObject({
      fundedCents: 30000,
      spentCents: 15000,
      returnedCents: 15000,
      remainingCents: 0,
    });
  });
});

describe("the dashboard while a paid card is being issued", () => {
  it("does not ask an employee who has paid to complete payment", async () => {
    const employer = await createEmployer();
    const user = await createEmployee(employer);
    const paid = await insertAdvance(user, {
      amount: "250.00",
      status: "APPROVED",
    });
    await db()
      .update(advanceRequests)
      .set({ paidAt: new Date(), authorizedAmount: "15.99" })
      .where(eq(advanceRequests.id, paid.id));
    const unpaid = await insertAdvance(user, {
      amount: "200.00",
      status: "APPROVED",
    });

    const data = await loadEmployeeDashboard(user);
    expect(data.awaitingPayment.map((r) => r.id)).toEqual([unpaid.id]);
    expect(data.beingIssued).toEqual([
      { id: paid.id, amount: "250.00", amountText: "$250.00" },
    ]);
  });
});

describe("the employer's employee list", () => {
  it("adds up: available + used is the limit once an advance is partly returned", async () => {
    const { employer, user, card } = await cardWith("300.00");
    await authorizeCardPurchase(card.id, grocery("100.00"));
    await closeOwnCard(user, card.id);
    const { employees: rows } = await listEmployees(employer, {}, 10);
    // $100 spent is owed; the $200 returned is available again.
    expect(rows[0]).toMatchObject({
      availableBalance: "400.00",
      usedBalance: "100.00",
      pendingDeductions: "100.00",
    });
  });
});
