import { expect } from "@playwright/test";
import type { Sql } from "postgres";
import { login, signAuthorization } from "./server";

// Money traffic over HTTP for the operations tests (SIGKILL under load, failover): the mixed
// money load, what the app acknowledged of it, and the check that all of that is in the database.

export type Json = Record<string, unknown>;

export async function post(
  url: string,
  body: unknown,
  cookie?: string,
  method = "POST",
): Promise<{ status: number; json: Json }> {
  const res = await fetch(url, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
}

/** An employer and four employees of their own, created over HTTP; each with a session. */
export async function company(url: string) {
  const stamp = `${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const boss = await fetch(`${url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: `kill_boss_${stamp}`,
      password: "Basil-Lantern-62",
      firstName: "Kim",
      lastName: "Boss",
      email: "kim@example.com",
      role: "EMPLOYER",
      companyName: "Kill Test Foods",
    }),
  });
  expect(boss.status).toBe(201);
  const employer = boss.headers.get("set-cookie")!.split(";")[0];
  const employees: string[] = [];
  for (let i = 0; i < 4; i++) {
    const username = `kill_emp_${stamp}_${i}`;
    const added = await post(
      `${url}/api/register`,
      {
        employerId: 0,
        username,
        password: "Basil-Lantern-62",
        firstName: "Emp",
        lastName: `No${i}`,
        email: `emp${i}@example.com`,
      },
      employer,
    );
    expect(added.status).toBe(201);
    const cookie = await login(url, username, "Basil-Lantern-62");
    await signAuthorization(url, cookie);
    employees.push(cookie);
  }
  return { employer, employees };
}

export type Company = Awaited<ReturnType<typeof company>>;

/** What the app acknowledged with a 2xx (a 302 to the success page for the checkout form). */
export type Acknowledged = {
  /** Request id → amount. */
  filed: Map<number, string>;
  approved: Set<number>;
  declined: Set<number>;
  /** Requests paid at checkout (the fee's authorization) whose card was issued. */
  checkedOut: Set<number>;
  /** Card authorization id → approved. */
  authorizations: Map<number, boolean>;
  /** Deduction id → the collected amount recorded as a payroll result. */
  collected: Map<number, string>;
};

export const acknowledged = (): Acknowledged => ({
  filed: new Map(),
  approved: new Set(),
  declined: new Set(),
  checkedOut: new Set(),
  authorizations: new Map(),
  collected: new Map(),
});

export const ackCounts = (a: Acknowledged) => ({
  filed: a.filed.size,
  approved: a.approved.size,
  declined: a.declined.size,
  checkedOut: a.checkedOut.size,
  authorizations: a.authorizations.size,
  payrollResults: a.collected.size,
});

/** One answer of the load: when it was sent and answered, where, and its status (0: none). */
export type Answer = {
  sent: number;
  at: number;
  instance: number;
  path: string;
  write: boolean;
  status: number;
};

/** Statuses a business rule gives under this load (a balance used up, a request decided). */
const EXPECTED_REFUSALS = new Set([400, 404, 409]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The UTC day (the server's "today"). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * The mixed money load against `urls()` (one or several app instances, taken in turn) until
 * `stop()`: each employee files advances, pays the fee of each approved one at the sandbox
 * checkout (the page's form: the fee's authorization, then the card issued) and buys groceries
 * with their cards (sandbox card authorizations, now and then at a shop that is not a grocery
 * store: declined, stored too); the employer approves or declines what is pending and, on a
 * weekly schedule whose pay date is today, runs today's payroll and records what it collected
 * (in full, so repaid balances let the employees ask again). Every answer is kept (`answers`);
 * what was acknowledged goes into `acked`; a request that got no HTTP answer is in `failures`
 * with its cause.
 */
export function moneyLoad(
  urls: () => string[],
  people: Company,
  acked: Acknowledged,
) {
  let stopped = false;
  const answers: Answer[] = [];
  const failures: { at: number; path: string; error: string }[] = [];
  let turn = 0;

  const call = async (
    pathname: string,
    cookie: string,
    options: {
      method?: string;
      body?: unknown;
      form?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; json: unknown; location?: string | null }> => {
    const list = urls();
    const instance = turn++ % list.length;
    const method =
      options.method ?? (options.body || options.form ? "POST" : "GET");
    const sent = Date.now();
    let reply: { status: number; json: unknown; location?: string | null };
    try {
      const res = await fetch(`${list[instance]}${pathname}`, {
        method,
        redirect: "manual",
        headers: {
          Cookie: cookie,
          ...(options.form
            ? { "Content-Type": "application/x-www-form-urlencoded" }
            : options.body !== undefined
              ? { "Content-Type": "application/json" }
              : {}),
        },
        body: options.form
          ? new URLSearchParams(options.form).toString()
          : options.body !== undefined
            ? JSON.stringify(options.body)
            : undefined,
      });
      const text = await res.text();
      let json: unknown = null;
      if (res.headers.get("content-type")?.includes("json") && text)
        json = JSON.parse(text);
      reply = {
        status: res.status,
        json,
        location: res.headers.get("location"),
      };
    } catch (error) {
      // No answer at all (a dropped connection): kept with its cause for the report.
      const cause = (error as { cause?: { code?: string; message?: string } })
        .cause;
      failures.push({
        at: Date.now(),
        path: pathname,
        error: `${String(error)}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}`,
      });
      reply = { status: 0, json: null };
    }
    answers.push({
      sent,
      at: Date.now(),
      instance,
      path: pathname.split("?")[0].replace(/\/\d+(?=\/|$)/g, "/:id"),
      write: method !== "GET",
      status: reply.status,
    });
    // After a refusal or no answer, a pause, so a dead server is not asked in a tight loop.
    if (reply.status === 0 || reply.status >= 500) await sleep(100);
    return reply;
  };

  type Request = {
    id: number;
    status: string;
    amount: string;
    capturedAmount: string | null;
  };
  type Card = { id: number; status: string; remainingBalance: string };

  const employee = async (cookie: string, w: number) => {
    for (let i = 0; !stopped; i++) {
      const amount = `${200 + ((w * 3 + i) % 5) * 10}.00`;
      const filed = await call("/api/advance-requests", cookie, {
        body: { amount, reason: null, repaymentPeriods: 1 },
      });
      if (filed.status === 201)
        acked.filed.set(Number((filed.json as Json).id), amount);

      const mine = await call("/api/advance-requests/employee", cookie);
      const payable =
        mine.status === 200
          ? (mine.json as Request[]).filter(
              (r) => r.status === "APPROVED" && r.capturedAmount === null,
            )
          : [];
      for (const r of payable.slice(0, 1)) {
        // The sandbox checkout's form, as the page posts it: the fee authorized on the
        // employee's card, then the grocery card issued; success is a redirect.
        const paid = await call(
          `/checkout?amount=${r.amount}&requestId=${r.id}`,
          cookie,
          {
            form: {
              intent: "pay",
              amount: r.amount,
              requestId: String(r.id),
              cardNumber: "4242 4242 4242 4242",
              expiry: "12 / 34",
              cvc: "123",
            },
          },
        );
        if (
          paid.status === 302 &&
          paid.location?.startsWith("/payment-success")
        )
          acked.checkedOut.add(r.id);
      }

      const cards = await call("/api/virtual-cards", cookie);
      const active =
        cards.status === 200
          ? (cards.json as Card[]).filter(
              (c) => c.status === "active" && c.remainingBalance !== "0.00",
            )
          : [];
      for (const card of active.slice(0, 1)) {
        const grocery = (i + card.id) % 4 !== 0;
        const bought = await call("/api/sandbox/card-authorizations", cookie, {
          body: {
            cardId: card.id,
            amount: "7.25",
            merchantName: grocery ? "Corner Grocer" : "Cinema",
            merchantCategory: grocery
              ? "grocery_stores_supermarkets"
              : "motion_picture_theaters",
          },
        });
        if (bought.status === 200) {
          const decision = bought.json as {
            approved: boolean;
            authorizationId: number;
          };
          acked.authorizations.set(decision.authorizationId, decision.approved);
        }
      }
      await sleep(200);
    }
  };

  const deciding = async () => {
    for (let i = 0; !stopped; i++) {
      const res = await call("/api/advance-requests/pending", people.employer);
      const next =
        res.status === 200 ? (res.json as { id: number }[])[0] : undefined;
      if (!next) {
        await sleep(100);
        continue;
      }
      // Every fourth declined, the rest approved (declined when the balance no longer covers).
      if (next.id % 4 !== 0) {
        const approved = await call(
          `/api/advance-requests/${next.id}/approve`,
          people.employer,
          { method: "POST" },
        );
        if (approved.status === 200) {
          acked.approved.add(next.id);
          continue;
        }
        if (approved.status !== 409) continue;
      }
      const declined = await call(
        `/api/advance-requests/${next.id}/decline`,
        people.employer,
        { body: { reason: "Over the budget" } },
      );
      if (declined.status === 200) acked.declined.add(next.id);
    }
  };

  const payroll = async () => {
    while (!stopped) {
      // A weekly schedule paying today: the cards issued in the next two seconds repay today,
      // so today's run has deductions to submit and their results to record (the run moves
      // the next pay date a week on; the next round sets it back).
      await call("/api/pay-schedule", people.employer, {
        method: "PUT",
        body: { frequency: "WEEKLY", nextPayDate: today() },
      });
      await sleep(2_000);
      if (stopped) break;
      const run = await call("/api/payroll-runs", people.employer, {
        body: {},
      });
      const deductions =
        run.status === 200 || run.status === 201
          ? (
              run.json as {
                id: number;
                deductions: { id: number; amount: string; status: string }[];
              }
            ).deductions.filter((d) => d.status === "SUBMITTED")
          : [];
      if (deductions.length) {
        const results = deductions.map((d) => ({
          deductionId: d.id,
          collectedAmount: d.amount,
        }));
        const recorded = await call(
          `/api/payroll-runs/${(run.json as { id: number }).id}/results`,
          people.employer,
          { body: { results } },
        );
        if (recorded.status === 200)
          for (const r of results)
            acked.collected.set(r.deductionId, r.collectedAmount);
      }
    }
  };

  const running = [
    ...people.employees.map((cookie, w) => employee(cookie, w)),
    deciding(),
    payroll(),
  ];
  return {
    answers,
    failures,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** The answers that are neither a success, a business refusal (400/404/409) nor a 503. */
export function unexpected(answers: Answer[]): Answer[] {
  return answers.filter(
    (a) =>
      !(a.status >= 200 && a.status < 400) &&
      !EXPECTED_REFUSALS.has(a.status) &&
      a.status !== 503,
  );
}

/**
 * What the database lacks of what the app acknowledged: each line names the write and how it
 * differs. Empty when every acknowledged write is there.
 */
export async function missingAcknowledged(
  sql: Sql,
  acked: Acknowledged,
): Promise<string[]> {
  const missing: string[] = [];
  const requests = await sql<
    {
      id: number;
      amount: string;
      status: string;
      paid: boolean;
      card: boolean;
    }[]
  >`select r.id, r.amount::text as amount, r.status, r.paid_at is not null as paid,
           exists (select 1 from virtual_cards c where c.request_id = r.id) as card
    from advance_requests r where r.id = any(${[...acked.filed.keys(), ...acked.approved, ...acked.declined, ...acked.checkedOut]})`;
  const byId = new Map(requests.map((r) => [r.id, r]));
  for (const [id, amount] of acked.filed) {
    const row = byId.get(id);
    if (!row) missing.push(`request ${id}: not found`);
    else if (row.amount !== amount)
      missing.push(
        `request ${id}: amount ${row.amount}, acknowledged ${amount}`,
      );
  }
  for (const id of acked.approved)
    if (byId.get(id)?.status !== "APPROVED")
      missing.push(`approval of ${id}: status ${byId.get(id)?.status}`);
  for (const id of acked.declined)
    if (byId.get(id)?.status !== "DECLINED")
      missing.push(`decline of ${id}: status ${byId.get(id)?.status}`);
  for (const id of acked.checkedOut) {
    const row = byId.get(id);
    if (!row?.paid || !row.card)
      missing.push(`checkout of ${id}: paid ${row?.paid}, card ${row?.card}`);
  }
  const authorizations = await sql<{ id: number; approved: boolean }[]>`
    select id, approved from card_authorizations where id = any(${[...acked.authorizations.keys()]})`;
  const decided = new Map(authorizations.map((a) => [a.id, a.approved]));
  for (const [id, approved] of acked.authorizations)
    if (decided.get(id) !== approved)
      missing.push(
        `authorization ${id}: ${decided.get(id)}, acknowledged ${approved}`,
      );
  const deductions = await sql<
    { id: number; status: string; collected: string | null }[]
  >`
    select id, status, collected_amount::text as collected from payroll_deductions
    where id = any(${[...acked.collected.keys()]})`;
  const results = new Map(deductions.map((d) => [d.id, d]));
  for (const [id, amount] of acked.collected) {
    const row = results.get(id);
    if (row?.status !== "COLLECTED" || row.collected !== amount)
      missing.push(
        `payroll result of deduction ${id}: ${row?.status} ${row?.collected}, acknowledged ${amount}`,
      );
  }
  return missing;
}

/**
 * A Server-Sent Events stream (GET /api/events) read as it arrives: every `change` event with
 * when it arrived. `close()` ends it.
 */
export function eventStream(url: string, cookie: string) {
  const events: {
    type: string;
    requestId: number | null;
    at: string;
    received: number;
  }[] = [];
  const abort = new AbortController();
  let ended: string | null = null;
  const reading = (async () => {
    const res = await fetch(`${url}/api/events`, {
      headers: { Cookie: cookie, Accept: "text/event-stream" },
      signal: abort.signal,
    });
    if (res.status !== 200 || !res.body)
      throw new Error(`events: ${res.status}`);
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: change$/m.test(block) && data)
          events.push({
            ...(JSON.parse(data) as {
              type: string;
              requestId: number | null;
              at: string;
            }),
            received: Date.now(),
          });
      }
    }
    ended = "the stream ended";
  })().catch((error: unknown) => {
    if (!abort.signal.aborted) ended = String(error);
  });
  return {
    events,
    /** Why the stream is no longer read (null while it is open). */
    ended: () => ended,
    async close() {
      abort.abort();
      await reading;
    },
  };
}
