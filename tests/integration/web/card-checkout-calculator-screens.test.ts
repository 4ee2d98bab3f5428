import { eq } from "drizzle-orm";
import { advanceRequests, companies } from "#db/schema";
import { db } from "~/utils/db.server";
import { setUserLanguage } from "~/models/people/index.server";
import { superstoreNames } from "~/models/cards/index.server";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { pageText, renderPage } from "#tests/support/app-pages";

// The card page, checkout and the calculator as the server renders them (the HTML a browser
// gets, with or without JavaScript), in English and Spanish: what each says and in what order.

// One database is enough: what is checked is the HTML the server renders and its order; the rows
// are fixtures, read by domain functions that have their own tests on both. (.ci/run runs it on
// PostgreSQL only.)
useTestDatabase();

async function companyPaying() {
  const employer = await createEmployer();
  await db()
    .update(companies)
    .set({ companyPaysFee: true })
    .where(eq(companies.id, employer.companyId!));
  return employer;
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const h1 = (html: string) =>
  pageText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "");

describe("the card page", () => {
  it("offers Show card details first, Freeze next, and the destructive Close last", async () => {
    const user = await createEmployee(await createEmployer());
    const card = await insertCard(
      await insertAdvance(user, { amount: "300.00", status: "APPROVED" }),
    );
    const { status, html } = await renderPage(user, `/cards/${card.id}`);
    expect(status).toBe(200);
    const text = pageText(html);
    const show = text.indexOf("Show card details");
    const freeze = text.indexOf("Freeze card");
    const close = text.indexOf("Close card");
    expect(show).toBeGreaterThan(-1);
    expect(freeze).toBeGreaterThan(show);
    expect(close).toBeGreaterThan(freeze);
    // Close is the page's last form, after the purchases and the sandbox's tools.
    expect(close).toBeGreaterThan(text.indexOf("Send refund"));
    expect(close).toBeGreaterThan(
      text.indexOf("No purchases on this card yet."),
    );
    expect(text).toContain("I want to close this card for good.");
    // No full number before the press.
    expect(text).not.toMatch(/4000 \d{4} \d{4} 4242/);
  });

  it("prints the revealed details on the card face, not beside a masked card", async () => {
    const user = await createEmployee(await createEmployer());
    const card = await insertCard(
      await insertAdvance(user, { amount: "300.00", status: "APPROVED" }),
    );
    const { status, html } = await renderPage(user, `/cards/${card.id}`, {
      form: { intent: "reveal" },
    });
    expect(status).toBe(200);
    const face = /data-testid="card-details"[\s\S]*?<\/dl>/.exec(html)?.[0];
    expect(face).toBeDefined();
    const text = pageText(`<div ${face}`);
    expect(text).toMatch(/4000 \d{4} \d{4} 4242/);
    expect(text).toMatch(/CVC \d{3}/);
    expect(text).toContain("03/2029");
    // One card on the page, and it is not masked any more.
    expect(pageText(html)).not.toContain("•••• •••• •••• 4242");
    expect(pageText(html)).not.toContain("Show card details");
  });

  it("says the listed superstores work too, in English and Spanish", async () => {
    const names = superstoreNames();
    expect(names.slice(0, 2)).toEqual([
      "Walmart Supercenter",
      "Costco Wholesale",
    ]);
    const user = await createEmployee(await createEmployer());
    const card = await insertCard(
      await insertAdvance(user, { amount: "300.00", status: "APPROVED" }),
    );
    const en = pageText((await renderPage(user, `/cards/${card.id}`)).html);
    expect(en).toContain(
      "Grocery stores only: it works at grocery stores and supermarkets, and at the superstores on our list: Walmart Supercenter, Costco Wholesale,",
    );
    for (const name of names) expect(en).toContain(name);
    await setUserLanguage(user.id, "es");
    const es = pageText((await renderPage(user, `/cards/${card.id}`)).html);
    expect(es).toContain(
      "Solo supermercados: funciona en tiendas de comestibles y supermercados, y en las grandes tiendas de nuestra lista: Walmart Supercenter, Costco Wholesale,",
    );
    expect(es).toContain("Target y Meijer.");
  });
});

describe("checkout", () => {
  it("where the employee pays: the SPEC's sentence, the approval, and the cost said once", async () => {
    const user = await createEmployee(await createEmployer());
    const request = await insertAdvance(user, {
      amount: "350.00",
      status: "APPROVED",
    });
    const { status, html } = await renderPage(
      user,
      `/checkout?amount=350.00&requestId=${request.id}`,
    );
    expect(status).toBe(200);
    const text = pageText(html);
    expect(title(html)).toBe("Checkout · Grocery Advance");
    expect(h1(html)).toBe("Checkout");
    expect(text).toContain("You're requesting a grocery advance of $350.00");
    expect(text).toMatch(/Your employer approved it on \w{3} \d{2}, \d{4}\./);
    // The fee and the advance explained once: the disclosure, and one line on what Pay does.
    expect(text.match(/is the only cost/g)).toHaveLength(1);
    expect(text).not.toContain("advance goes onto your grocery card");
    expect(text).toContain(
      "Pressing Pay charges your card only the $15.99 processing fee",
    );
    expect(text).toContain("Pay $15.99");
  });

  it("where the company pays, in Spanish: a confirmation, not 'Confirmar y pagar', and no 'Pago realizado' at the end", async () => {
    const user = await createEmployee(await companyPaying());
    await setUserLanguage(user.id, "es");
    const request = await insertAdvance(user, {
      amount: "350.00",
      status: "APPROVED",
    });
    const path = `/checkout?amount=350.00&requestId=${request.id}`;
    const { status, html } = await renderPage(user, path);
    expect(status).toBe(200);
    const text = pageText(html);
    expect(title(html)).toBe("Confirma tu adelanto · Grocery Advance");
    expect(h1(html)).toBe("Confirma tu adelanto");
    expect(text).not.toContain("Confirmar y pagar");
    expect(text).not.toContain("Estás pidiendo");
    expect(text).toContain(
      "Tu empresa aprobó tu adelanto para el supermercado de $350.00.",
    );
    expect(text).toContain("Confirma a más tardar el");
    expect(text).not.toContain("Paga a más tardar");
    // The company's paying said once (the disclosure), not three times.
    expect(text.match(/Tu empresa paga el cargo/g)).toHaveLength(1);
    // Its fee line names who pays, with the fee the company pays, never the employee's $0.00.
    expect(text).toContain("Cargo por servicio (lo paga tu empresa) $15.99");
    expect(text).toContain("Total que pagas (los descuentos) $350.00");
    expect(text).not.toMatch(/Cargo por servicio \([^)]*\) \$0\.00/);
    expect(text).toContain("Recibir mi tarjeta");

    // Get my card: the success screen ends on the confirmation.
    const confirmed = await renderPage(user, path, {
      form: {
        intent: "issue-card",
        amount: "350.00",
        requestId: String(request.id),
      },
    });
    expect(confirmed.status).toBe(302);
    const success = await renderPage(user, "/payment-success");
    expect(title(success.html)).toBe("Adelanto confirmado · Grocery Advance");
    expect(h1(success.html)).toBe("Adelanto confirmado");
    expect(pageText(success.html)).not.toContain("Pago realizado");
  });

  it("where the company pays, in English: 'Confirm your advance', then 'Advance confirmed'", async () => {
    const user = await createEmployee(await companyPaying());
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
    });
    const path = `/checkout?amount=300.00&requestId=${request.id}`;
    const { html } = await renderPage(user, path);
    expect(h1(html)).toBe("Confirm your advance");
    expect(pageText(html)).not.toMatch(/Checkout|You're requesting|Pay by/);
    expect(pageText(html)).toContain(
      "Processing fee (your company pays it) $15.99",
    );
    expect(pageText(html)).toContain("Total you pay (the deductions) $300.00");
    expect(pageText(html)).not.toMatch(/Processing fee \([^)]*\) \$0\.00/);
    await renderPage(user, path, {
      form: {
        intent: "issue-card",
        amount: "300.00",
        requestId: String(request.id),
      },
    });
    const success = await renderPage(user, "/payment-success");
    expect(h1(success.html)).toBe("Advance confirmed");
    expect(pageText(success.html)).not.toContain("Payment Successful");
  });

  it("where the fee is $0.00 (a state's monthly cap used up): titled as a confirmation, nothing to pay", async () => {
    const user = await createEmployee(await createEmployer());
    const request = await insertAdvance(user, {
      amount: "300.00",
      status: "APPROVED",
    });
    await db()
      .update(advanceRequests)
      .set({ feeAmount: "0.00", workState: "CT" })
      .where(eq(advanceRequests.id, request.id));
    const { html } = await renderPage(
      user,
      `/checkout?amount=300.00&requestId=${request.id}`,
    );
    expect(title(html)).toBe("Confirm your advance · Grocery Advance");
    expect(h1(html)).toBe("Confirm your advance");
    expect(pageText(html)).toContain("Get my card");
    expect(pageText(html)).not.toMatch(/Pay by|Pay \$/);
  });
});

describe("the calculator on /how-it-works", () => {
  it("shows no risk rating, the advance as the total repayment with the fee apart, and the APR", async () => {
    const { html } = await renderPage(null, "/how-it-works?amount=250");
    const text = pageText(html);
    expect(text).not.toMatch(/risk/i);
    const summary = pageText(
      /data-testid="calculator-summary"[\s\S]*?<\/dl>/.exec(html)?.[0] ?? "",
    );
    expect(summary).toMatch(/Total repayment \$250\.00/);
    expect(summary).toMatch(/Processing fee \$15\.99/);
    expect(summary).not.toContain("$265.99");
    expect(summary).toMatch(/Annual percentage rate \(APR\) \d+\.\d%/);
    expect(text).toContain(
      "The $15.99 fee is paid apart, on your own card, when your grocery card is issued.",
    );
  });

  it("has a language switch that brings the visitor back to the page", async () => {
    const { html } = await renderPage(null, "/how-it-works?amount=300");
    const form = /<form method="post" action="\/language"[\s\S]*?<\/form>/.exec(
      html,
    )?.[0];
    expect(form).toBeDefined();
    expect(form).toContain('value="/how-it-works?amount=300"');
    expect(form).toContain('value="es"');
  });
});
