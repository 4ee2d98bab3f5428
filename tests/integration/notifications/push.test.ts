import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import ece from "http_ece";
import webpush from "web-push";
import {
  approveAdvance,
  declineAdvance,
  requestAdvance,
} from "~/models/advances/index.server";
import {
  authorizeCardPurchase,
  closeOwnCard,
} from "~/models/cards/index.server";
import { updatePaySchedule } from "~/models/companies/index.server";
import {
  createPayrollRun,
  recordPayrollResults,
} from "~/models/payroll/index.server";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import {
  deliverPush,
  duePushIds,
  notifyComplaintReceived,
  notifyCreditComing,
  notifyPayrollFile,
} from "~/models/notifications/index.server";
import { sendDeductionReminders } from "~/models/repayments/index.server";
import {
  companyMembers,
  revokeAllSessions,
  setUserLanguage,
} from "~/models/people/index.server";
import { action as profileAction } from "~/routes/_app.profile";
import { action as settingsAction } from "~/routes/_app.settings";
import { resetVapidKeys } from "~/services/push/push.server";
import { connection, db, queryRows } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import type { Language } from "~/utils/i18n";
import { formatCents, formatMoney } from "~/utils/money";
import { formatDate } from "~/utils/dates";
import { useTestDatabase } from "#tests/support/db";
import {
  cardedAdvance,
  insertAdvance,
  payAndIssueCard,
} from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import type { User } from "#db/schema";

// Web Push end to end: devices subscribe through the profile's and the
// settings' posts, notices are enqueued by the real actions, delivered by the queue's task
// (`deliverPush`, what the worker runs) to a push service on 127.0.0.1 that decrypts each
// payload (RFC 8291 aes128gcm) with the private key and auth secret only the "browser" (this
// test) holds, and checks the text in English and Spanish.

useTestDatabase();

const vapid = webpush.generateVAPIDKeys();

type Arrival = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

/** A push service: records every post, answers 201, or what `answer` says for a path. */
const service = {
  server: null as http.Server | null,
  origin: "",
  arrivals: [] as Arrival[],
  answer: new Map<string, number>(),
};

beforeAll(async () => {
  process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "true";
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  resetEnvCache();
  resetVapidKeys();
  service.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      service.arrivals.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks),
      });
      res.writeHead(service.answer.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) =>
    service.server!.listen(0, "127.0.0.1", resolve),
  );
  const { port } = service.server.address() as AddressInfo;
  service.origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  delete process.env.PUSH_ALLOW_LOCAL_ENDPOINTS;
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  resetEnvCache();
  resetVapidKeys();
  await new Promise((resolve) => service.server?.close(resolve));
});

/** A browser's push subscription: its keys stay here, as they stay in a browser. */
function newDevice() {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const path = `/push/${crypto.randomUUID()}`;
  return {
    ecdh,
    auth,
    path,
    endpoint: `${service.origin}${path}`,
    p256dh: ecdh.getPublicKey().toString("base64url"),
    authB64: auth.toString("base64url"),
  };
}
type Device = ReturnType<typeof newDevice>;

/** Turns push on for `device` through the page's post (profile for employees, else settings). */
async function subscribe(user: User, device: Device) {
  const res = await call(
    user.role === "EMPLOYEE" ? profileAction : settingsAction,
    await requestAs(user, user.role === "EMPLOYEE" ? "/profile" : "/settings", {
      form: {
        intent: "push-subscribe",
        endpoint: device.endpoint,
        p256dh: device.p256dh,
        auth: device.authB64,
      },
      headers: { "User-Agent": "Mozilla/5.0 (Android 14) Chrome/131.0" },
    }),
  );
  expect(res.status).toBe(302);
}

/** Runs the queue's task for every due notification, as the worker does. */
async function deliverAll() {
  for (;;) {
    const ids = await duePushIds(100);
    if (ids.length === 0) return;
    for (const id of ids) await deliverPush(id);
  }
}

type Shown = { title: string; body: string; url: string; tag: string };

/** What reached the device, decrypted with its own keys, oldest first. */
function received(device: Device): Shown[] {
  return service.arrivals
    .filter((a) => a.path === device.path)
    .map((a) => {
      expect(a.headers["content-encoding"]).toBe("aes128gcm");
      // VAPID (RFC 8292): the server's public key and a signed token for this push service.
      expect(a.headers.authorization).toMatch(
        new RegExp(
          `^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`,
        ),
      );
      const plain = ece.decrypt(a.body, {
        version: "aes128gcm",
        privateKey: device.ecdh,
        authSecret: device.auth,
      });
      return JSON.parse(plain.toString("utf8")) as Shown;
    });
}

const TEXTS: Record<Language, Record<string, [string, string]>> = {
  en: {
    approved: [
      "Advance approved",
      "Your grocery advance of {amount} was approved. Confirm it to get your card.",
    ],
    declined: [
      "Advance declined",
      "Your request for {amount} was declined: Budget is closed this week",
    ],
    card: [
      "Your grocery card is ready",
      "{amount} on card {card}, for grocery stores.",
    ],
    purchase: [
      "Purchase declined",
      "{amount} at Hardware Hut: This shop isn't a grocery store.",
    ],
    deduction: [
      "Payroll deduction in two days",
      "{amount} will be deducted from your pay on {date}.",
    ],
    credit: [
      "A credit is on its way",
      "{amount} is owed back to you and comes with your next pay.",
    ],
    waiting: [
      "New request waiting",
      "{name} asks for a grocery advance of {amount}.",
    ],
    payroll: [
      "Payroll run ready",
      "The deductions for {date} are ready: 3 deductions, {amount} in all.",
    ],
    complaint: [
      "Complaint received",
      "{name} filed a complaint: My card was declined at the store",
    ],
  },
  es: {
    approved: [
      "Adelanto aprobado",
      "Tu adelanto para supermercado de {amount} fue aprobado. Confírmalo para recibir tu tarjeta.",
    ],
    declined: [
      "Adelanto rechazado",
      "Tu solicitud de {amount} fue rechazada: Budget is closed this week",
    ],
    card: [
      "Tu tarjeta de supermercado está lista",
      "{amount} en la tarjeta {card}, para supermercados.",
    ],
    purchase: [
      "Compra rechazada",
      "{amount} en Hardware Hut: Esta tienda no es un supermercado.",
    ],
    deduction: [
      "Descuento de nómina en dos días",
      "Se descontarán {amount} de tu pago el {date}.",
    ],
    credit: [
      "Un crédito está en camino",
      "Te devolvemos {amount}, que llegan con tu próximo pago.",
    ],
    waiting: [
      "Nueva solicitud pendiente",
      "{name} pide un adelanto para supermercado de {amount}.",
    ],
    payroll: [
      "Nómina lista",
      "Los descuentos del {date} están listos: 3 descuentos, {amount} en total.",
    ],
    complaint: [
      "Queja recibida",
      "{name} presentó una queja: My card was declined at the store",
    ],
  },
};

function expected(
  language: Language,
  which: string,
  values: Record<string, string>,
) {
  const [title, body] = TEXTS[language][which];
  return {
    title,
    body: body.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`),
  };
}

async function company(language: Language) {
  const employer = await createEmployer({ firstName: "Elena" });
  const employee = await createEmployee(employer, {
    firstName: "Rosa",
    lastName: "Diaz",
  });
  if (language !== "en") {
    await setUserLanguage(employer.id, language);
    await setUserLanguage(employee.id, language);
  }
  return { employer, employee };
}

/** Deductions of `employee` dated two days from now (noon), the reminder's window. */
async function dueInTwoDays(requestIds: number[]) {
  const inTwoDays = new Date();
  inTwoDays.setDate(inTwoDays.getDate() + 2);
  inTwoDays.setHours(12, 0, 0, 0);
  for (const id of requestIds)
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${inTwoDays.toISOString()}::timestamptz
          where request_id = ${id}`,
    );
  return inTwoDays;
}

describe.each(["en", "es"] as const)("push notices in %s", (language) => {
  it("delivers every type, encrypted for the device, in the person's language", async () => {
    const { employer, employee } = await company(language);
    const phone = newDevice();
    const desk = newDevice();
    await subscribe(employee, phone);
    await subscribe(employer, desk);
    const money = (v: string) => formatMoney(v, language);

    // A request waits for the employer; approved; paid, its card issued; a purchase declined.
    const asked = await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 1,
      reason: null,
    } as never);
    await approveAdvance(employer, asked.id);
    const card = await payAndIssueCard(employee, asked);
    const [issued] = await queryRows<{ id: number; card_number: string }>(
      db(),
      sql`select id, card_number from virtual_cards where request_id = ${asked.id}`,
    );
    expect(card).toBeTruthy();
    const decision = await authorizeCardPurchase(issued.id, {
      amountCents: 4_250,
      merchantName: "Hardware Hut",
      merchantCategory: "hardware_stores",
    });
    expect(decision.approved).toBe(false);
    // A second request, declined with the employer's reason.
    const second = await requestAdvance(employee, {
      amount: "210.00",
      repaymentPeriods: 1,
      reason: null,
    } as never);
    await declineAdvance(employer, second.id, "Budget is closed this week");
    // The deduction two days ahead, a credit, the payroll file, a complaint.
    const payDay = await dueInTwoDays([asked.id]);
    expect(await sendDeductionReminders(new Date(), 2)).toBe(1);
    await db().transaction(async (tx) => {
      await notifyCreditComing(
        tx,
        { id: employee.id, language },
        1_234,
        `test:${asked.id}`,
      );
      await notifyPayrollFile(
        tx,
        await companyMembers(tx, employer.companyId!, ["OWNER", "ADMIN"]),
        {
          id: 9_000 + employer.id,
          payDate: "2026-12-04",
          deductions: 3,
          total: "650.00",
          employees: 2,
        },
      );
      await notifyComplaintReceived(
        tx,
        await companyMembers(tx, employer.companyId!, ["OWNER", "ADMIN"]),
        {
          id: asked.id,
          fromName: "Rosa Diaz",
          summary: "My card was declined at the store",
          url: "/complaints",
        },
      );
    });
    await deliverAll();

    const toEmployee = received(phone).map(({ title, body }) => ({
      title,
      body,
    }));
    expect(toEmployee).toEqual([
      expected(language, "approved", { amount: money("250.00") }),
      expected(language, "card", {
        amount: money("250.00"),
        card: issued.card_number,
      }),
      expected(language, "purchase", { amount: money("42.50") }),
      expected(language, "declined", { amount: money("210.00") }),
      expected(language, "deduction", {
        amount: money("250.00"),
        date: formatDate(payDay, language),
      }),
      expected(language, "credit", { amount: formatCents(1_234, language) }),
    ]);
    const toEmployer = received(desk).map(({ title, body }) => ({
      title,
      body,
    }));
    expect(toEmployer).toEqual([
      expected(language, "waiting", {
        name: "Rosa Diaz",
        amount: money("250.00"),
      }),
      expected(language, "waiting", {
        name: "Rosa Diaz",
        amount: money("210.00"),
      }),
      expected(language, "payroll", {
        date: formatDate(new Date(2026, 11, 4), language),
        amount: money("650.00"),
      }),
      expected(language, "complaint", { name: "Rosa Diaz" }),
    ]);
    // Each opens its page of this site.
    expect(received(phone).map((n) => n.url)).toEqual([
      "/history",
      `/cards/${issued.id}`,
      `/cards/${issued.id}`,
      "/history",
      "/",
      "/",
    ]);
    // Delivered once: nothing is due any more, and a second pass sends nothing.
    const before = service.arrivals.length;
    await deliverAll();
    expect(service.arrivals.length).toBe(before);
  }, 60_000);
});

describe("push devices and choices", () => {
  it("goes through the job queue: a job per notification, retried after a failure", async () => {
    const { employee } = await company("en");
    const phone = newDevice();
    await subscribe(employee, phone);
    service.answer.set(phone.path, 500);
    await db().transaction((tx) =>
      notifyCreditComing(tx, employee, 500, "retry"),
    );
    const [row] = await queryRows<{ id: number }>(
      db(),
      sql`select id from push_deliveries where dedupe_key like 'credit.coming:retry:%'`,
    );
    if (connection().kind === "postgres") {
      const jobs = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from graphile_worker.jobs
            where key = ${`push:${row.id}`} and task_identifier = 'deliver-push'`,
      );
      expect(jobs[0].n).toBe(1);
    }
    await expect(deliverPush(row.id)).rejects.toThrow(/500/);
    const [failed] = await queryRows<{ status: string; attempts: number }>(
      db(),
      sql`select status, attempts from push_deliveries where id = ${row.id}`,
    );
    expect(failed).toEqual({ status: "pending", attempts: 1 });
    service.answer.delete(phone.path);
    expect(await deliverPush(row.id)).toBe("sent");
    expect(received(phone)).toHaveLength(2);
    expect(received(phone)[1].body).toBe(
      "$5.00 is owed back to you and comes with your next pay.",
    );
  });

  it("removes a subscription the push service says is gone (404 and 410)", async () => {
    const { employee } = await company("en");
    const gone = newDevice();
    const expired = newDevice();
    const kept = newDevice();
    for (const d of [gone, expired, kept]) await subscribe(employee, d);
    service.answer.set(gone.path, 410);
    service.answer.set(expired.path, 404);
    await db().transaction((tx) =>
      notifyCreditComing(tx, employee, 700, "gone"),
    );
    await deliverAll();
    const left = await queryRows<{ endpoint: string }>(
      db(),
      sql`select endpoint from push_subscriptions where user_id = ${employee.id}`,
    );
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    // Its pending notifications went with it; the next notice reaches only the kept device.
    await db().transaction((tx) =>
      notifyCreditComing(tx, employee, 800, "after"),
    );
    await deliverAll();
    expect(received(kept)).toHaveLength(2);
    expect(received(gone)).toHaveLength(1);
    expect(received(expired)).toHaveLength(1);
  });

  it("a payroll result that collects more than was still owed pushes a credit on its way", async () => {
    const { employer, employee } = await company("en");
    const payDay = addDaysIso(isoDay(new Date()), 1);
    const noon = new Date(dayStart(payDay).getTime() + 12 * 3_600_000);
    await updatePaySchedule(employer, {
      frequency: "BIWEEKLY",
      nextPayDate: payDay,
    });
    const phone = newDevice();
    await subscribe(employee, phone);
    const request = await cardedAdvance(employee, "300.00", 1);
    const { run } = await createPayrollRun(employer, { payDate: payDay }, noon);
    const [card] = await queryRows<{ id: number }>(
      db(),
      sql`select id from virtual_cards where request_id = ${request.id}`,
    );
    await authorizeCardPurchase(card.id, {
      amountCents: 10_000,
      merchantName: "Corner Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    });
    // Closed while its $300 deduction is in the run: the $200 it returns is held, not owed yet.
    await closeOwnCard(employee, card.id);
    await deliverAll();
    const before = received(phone).length;
    await recordPayrollResults(
      employer,
      run.id,
      {
        results: [
          { deductionId: run.deductions[0].id, collectedAmount: "300.00" },
        ],
      },
      noon,
    );
    await deliverAll();
    expect(received(phone).slice(before)).toEqual([
      expect.objectContaining({
        title: "A credit is on its way",
        body: "$200.00 is owed back to you and comes with your next pay.",
        url: "/",
      }),
    ]);
  });

  it("stops a type turned off, and keeps the others", async () => {
    const { employer, employee } = await company("en");
    const phone = newDevice();
    await subscribe(employee, phone);
    // Everything but "credit on its way" (unchecked boxes are absent from the form).
    const saved = await call(
      profileAction,
      await requestAs(employee, "/profile", {
        body: new URLSearchParams([
          ["intent", "push-choices"],
          ["on", "advance.decided"],
          ["on", "card.ready"],
          ["on", "purchase.declined"],
          ["on", "deduction.soon"],
        ]).toString(),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(saved.status).toBe(302);
    await db().transaction((tx) =>
      notifyCreditComing(tx, employee, 900, "off"),
    );
    const asked = await requestAdvance(employee, {
      amount: "260.00",
      repaymentPeriods: 1,
      reason: null,
    } as never);
    await approveAdvance(employer, asked.id);
    await deliverAll();
    expect(received(phone).map((n) => n.title)).toEqual(["Advance approved"]);
    // An unknown type is refused with a message, and changes nothing.
    const bad = await call(
      profileAction,
      await requestAs(employee, "/profile", {
        form: { intent: "push-choices", on: "everything" },
      }),
    );
    expect(bad.status).toBe(400);
    expect(
      ((await bad.json()) as { pushError: string }).pushError,
    ).toBeTruthy();
  });

  it("refuses a subscription it cannot use, lists devices, removes one, and ends them with the session", async () => {
    const { employee } = await company("en");
    const other = await createEmployee((await company("en")).employer, {});
    process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "false";
    resetEnvCache();
    try {
      const refused = await call(
        profileAction,
        await requestAs(employee, "/profile", {
          form: {
            intent: "push-subscribe",
            endpoint: "https://127.0.0.1/push/x",
            p256dh: newDevice().p256dh,
            auth: newDevice().authB64,
          },
        }),
      );
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        pushError: "This browser gave a push subscription we cannot use.",
      });
    } finally {
      process.env.PUSH_ALLOW_LOCAL_ENDPOINTS = "true";
      resetEnvCache();
    }
    const a = newDevice();
    const b = newDevice();
    await subscribe(employee, a);
    await subscribe(employee, b);
    const devices = await queryRows<{ id: number; endpoint: string }>(
      db(),
      sql`select id, endpoint from push_subscriptions where user_id = ${employee.id} order by id`,
    );
    expect(devices.map((d) => d.endpoint)).toEqual([a.endpoint, b.endpoint]);
    // Someone else's device is a 404 and stays.
    const notTheirs = await call(
      profileAction,
      await requestAs(other, "/profile", {
        form: { intent: "push-remove", deviceId: String(devices[0].id) },
      }),
    );
    expect(notTheirs.status).toBe(404);
    const removed = await call(
      profileAction,
      await requestAs(employee, "/profile", {
        form: { intent: "push-remove", deviceId: String(devices[0].id) },
      }),
    );
    expect(removed.status).toBe(302);
    // Signing out everywhere revokes every session, and each takes its device along.
    await revokeAllSessions(employee.id);
    const left = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from push_subscriptions where user_id = ${employee.id}`,
    );
    expect(left[0].n).toBe(0);
  });
});

describe("deduction reminders", () => {
  it("sends one per pay date per person, by push where on, else by mail, and never twice", async () => {
    const { employer, employee: pushed } = await company("en");
    const mailed = await createEmployee(employer, { firstName: "Milo" });
    const phone = newDevice();
    await subscribe(pushed, phone);
    // Two advances each, both repaid on the same pay date.
    const ids: number[] = [];
    for (const person of [pushed, mailed])
      for (const amount of ["200.00", "150.00"])
        ids.push(
          (
            await insertAdvance(person, {
              amount,
              status: "APPROVED",
              approverId: employer.id,
              carded: true,
            })
          ).id,
        );
    const payDay = await dueInTwoDays(ids);
    expect(await sendDeductionReminders(new Date(), 2)).toBe(2);
    expect(await sendDeductionReminders(new Date(), 2)).toBe(0);
    await deliverAll();
    // (The cards' own "ready" notices came when they were issued.)
    const reminders = received(phone).filter(
      (n) => n.title === "Payroll deduction in two days",
    );
    expect(reminders.map((n) => n.body)).toEqual([
      `$350.00 will be deducted from your pay on ${formatDate(payDay, "en")}.`,
    ]);
    const mails = await queryRows<{ user_id: number; subject: string }>(
      db(),
      sql`select user_id, subject from mail_outbox
          where kind = 'deduction.reminder' and user_id in (${pushed.id}, ${mailed.id})`,
    );
    expect(mails).toEqual([
      {
        user_id: mailed.id,
        subject: `$350.00 will be deducted from your pay on ${formatDate(payDay, "en")}`,
      },
    ]);
  }, 60_000);
});
