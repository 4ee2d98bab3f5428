import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  authorizeCardPurchase,
  declineNotListedSuperstore,
  DECLINE_NOT_GROCERY,
  listedSuperstore,
  superstoreList,
} from "~/models/cards/index.server";
import * as cardPage from "~/routes/_app.cards.$id";
import { action as sandboxApi } from "~/routes/api.sandbox.card-authorizations";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { authorizationsOf } from "#tests/support/payments";

// Superstores: at categories 5300/5310/5311 the card buys only at a listed superstore, in the
// sandbox (its JSON endpoint and the card page's test purchase); the list can be replaced per
// deployment (SUPERSTORES_FILE).

useTestDatabase();

afterEach(() => {
  delete process.env.SUPERSTORES_FILE;
  resetEnvCache();
});

async function cardOf(amount = "300.00") {
  const employer = await createEmployer();
  const user = await createEmployee(employer);
  const request = await insertAdvance(user, { amount, status: "APPROVED" });
  const card = await insertCard(request);
  return { user, card };
}

async function sandboxPurchase(
  user: Awaited<ReturnType<typeof createEmployee>>,
  body: Record<string, unknown>,
) {
  const res = await call(
    sandboxApi,
    await requestAs(user, "/api/sandbox/card-authorizations", { json: body }),
  );
  expect(res.status).toBe(200);
  return res.json();
}

describe("the shipped superstore list", () => {
  it("has a source, and each merchant its names, codes and source", () => {
    const list = superstoreList();
    expect(list.source).toMatch(/5300.*5310.*5311/);
    expect(list.merchants.map((m) => m.name)).toEqual(
      expect.arrayContaining([
        "Walmart Supercenter",
        "Costco Wholesale",
        "Sam's Club",
      ]),
    );
    for (const merchant of list.merchants) {
      expect(merchant.names.length).toBeGreaterThan(0);
      expect(merchant.source).not.toBe("");
    }
  });

  it("matches a statement name by its listed name as a whole word, at the listed codes only", () => {
    expect(
      listedSuperstore({ name: "WAL-MART SUPERCENTER #1234" }, "5310"),
    ).toBe("Walmart Supercenter");
    expect(listedSuperstore({ name: "Walmart" }, "5311")).toBe(
      "Walmart Supercenter",
    );
    expect(listedSuperstore({ name: "COSTCO WHSE #0115" }, "5300")).toBe(
      "Costco Wholesale",
    );
    expect(listedSuperstore({ name: "SAMSCLUB #6612" }, "5300")).toBe(
      "Sam's Club",
    );
    // Costco is listed at 5300 only; a word that merely starts like a listed name is not it.
    expect(listedSuperstore({ name: "COSTCO WHSE #0115" }, "5310")).toBeNull();
    expect(listedSuperstore({ name: "TARGETED OUTLET" }, "5310")).toBeNull();
    expect(listedSuperstore({ name: "Dollar Bargains" }, "5310")).toBeNull();
  });
});

describe("superstore purchases in the sandbox", () => {
  it("approves a listed superstore at 5310 and declines an unlisted one, naming the rule", async () => {
    const { user, card } = await cardOf("300.00");
    const listed = await sandboxPurchase(user, {
      cardId: card.id,
      amount: "80.00",
      merchantName: "Walmart Supercenter #1234",
      merchantCategory: "discount_stores",
    });
    expect(listed).toMatchObject({ approved: true, reason: null });
    const unlisted = await sandboxPurchase(user, {
      cardId: card.id,
      amount: "20.00",
      merchantName: "Dollar Bargains",
      merchantCategory: "discount_stores",
    });
    expect(unlisted).toMatchObject({
      approved: false,
      reason:
        "This shop is not on the card's list of superstores, and purchases in its category (5310) are allowed only there.",
    });
    expect(unlisted.reason).toBe(declineNotListedSuperstore("5310"));
    // A listed superstore's name does not open other categories.
    const bar = await sandboxPurchase(user, {
      cardId: card.id,
      amount: "20.00",
      merchantName: "Walmart Supercenter #1234",
      merchantCategory: "drinking_places",
    });
    expect(bar).toMatchObject({ approved: false, reason: DECLINE_NOT_GROCERY });
    expect(
      (await authorizationsOf(card.id)).map((a) => [
        a.merchantCategory,
        a.approved,
        a.amount,
      ]),
    ).toEqual([
      ["discount_stores", true, "80.00"],
      ["discount_stores", false, "20.00"],
      ["drinking_places", false, "20.00"],
    ]);
  });

  it("the card page's test purchase names a superstore, and the decline reads in Spanish", async () => {
    const { user, card } = await cardOf("200.00");
    const post = async (form: Record<string, string>) =>
      call(
        cardPage.action,
        await requestAs(user, `/cards/${card.id}`, { form }),
        { id: String(card.id) },
      );
    const approved = await post({
      intent: "simulate",
      amount: "61.00",
      merchantName: "COSTCO WHSE #0115",
      merchantCategory: "wholesale_clubs",
    });
    expect(approved.status).toBe(302);
    const declined = await post({
      intent: "simulate",
      amount: "5.00",
      merchantName: "Corner Warehouse Club",
      merchantCategory: "wholesale_clubs",
    });
    expect(declined.status).toBe(302);
    const page = await call(
      cardPage.loader,
      await requestAs(user, declined.headers.get("Location")!),
      { id: String(card.id) },
    );
    const data = await page.json();
    expect(data.simulated).toMatchObject({
      approved: false,
      reason: declineNotListedSuperstore("5300"),
    });
    expect(
      data.authorizations.map((a: { category: string; approved: boolean }) => [
        a.category,
        a.approved,
      ]),
    ).toEqual([
      ["Wholesale club (5300)", false],
      ["Wholesale club (5300)", true],
    ]);
    const { translateMessage } = await import("~/utils/i18n");
    const { default: es } = await import("~/utils/locales/es/validation");
    expect(translateMessage("es", es, declineNotListedSuperstore("5300"))).toBe(
      "Esta tienda no está en la lista de hipermercados de la tarjeta, y las compras de su categoría (5300) solo se permiten en ellos.",
    );
  });

  it("a deployment's list replaces the shipped one, matching by merchant id too", async () => {
    const dir = mkdtempSync(join(tmpdir(), "superstores-"));
    const file = join(dir, "superstores.json");
    writeFileSync(
      file,
      JSON.stringify({
        reviewed: "2026-11-28",
        source: "Our own review",
        merchants: [
          {
            name: "Hometown Hypermarket",
            names: ["HOMETOWN HYPER"],
            merchantIds: ["445566778899"],
            categories: ["5310"],
            source: "Regional chain, reviewed by our compliance team",
          },
        ],
      }),
    );
    process.env.SUPERSTORES_FILE = file;
    resetEnvCache();
    const { card } = await cardOf("300.00");
    const at = (merchantName: string, merchantId?: string) =>
      authorizeCardPurchase(card.id, {
        amountCents: 1_000,
        merchantName,
        merchantCategory: "discount_stores",
        merchantId,
      });
    expect((await at("HOMETOWN HYPER 12")).approved).toBe(true);
    expect((await at("HTH STORE 0042", "445566778899")).approved).toBe(true);
    // Walmart is not on this deployment's list.
    expect(await at("WALMART SUPERCENTER #1")).toMatchObject({
      approved: false,
      reason: declineNotListedSuperstore("5310"),
    });
  });

  it("refuses a deployment's list that is not valid, saying why", () => {
    const dir = mkdtempSync(join(tmpdir(), "superstores-"));
    const file = join(dir, "bad.json");
    writeFileSync(file, JSON.stringify({ merchants: [] }));
    process.env.SUPERSTORES_FILE = file;
    resetEnvCache();
    expect(() => superstoreList()).toThrow(/superstore list .* is not valid/);
  });
});
