import { desc, eq, isNotNull, sql } from "drizzle-orm";
import {
  advanceRequests,
  payrollDeductions,
  virtualCards,
  type User,
} from "#db/schema";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";
import {
  browserOf,
  decode,
  usePageActions,
  type Language,
} from "#tests/support/page-actions";
import {
  approveAdvance,
  requestAdvance,
  requestApproved,
  requestDeclined,
} from "~/models/advances/index.server";
import { payAndIssueCard } from "#tests/support/data";
import { db } from "~/utils/db.server";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import { formatCents, fromCents, toCents } from "~/utils/money";
import { quoteKey } from "~/utils/quote";
import { offboardEmployee } from "~/models/payroll/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { createWorld, type World } from "#tests/support/world";

// One database is enough: what is checked is which links, forms and messages the server's pages
// offer each role; the rows behind them come from domain functions that have their own tests on
// both databases.

// Every page as every role, rendered whole by Remix's own request handler over the app's route
// tree (the server build's shape, with the app's route modules and its entry): each link the
// page offers is followed, and each form it offers is posted to empty-handed. None may answer
// 403: a control a role cannot use is not shown to that role. An empty post is refused by the
// role check first (403) or by the form's own validation (400), and changes nothing.

useTestDatabase();

const { handler, act, show } = usePageActions();

let world: World;
/** An employee of company A who has left (offboarded, last pay date today). */
let leaver: User;
/** A self-registered employee no company has taken on yet. */
let unlinked: User;

beforeAll(async () => {
  world = await createWorld();
  leaver = await createEmployee(world.users.EA, { firstName: "Lee" });
  // Today is always within a leaver's window (from the current pay cycle's start).
  await offboardEmployee(world.users.EA, (await employeeOf(leaver)).id, {
    lastPayDate: isoDay(new Date()),
  });
  unlinked = await createUnlinkedEmployee();
});

/** An address of this app the walk may follow (not an asset, not the API, not elsewhere). */
function ownPage(href: string): string | null {
  if (!href.startsWith("/") || href.startsWith("//")) return null;
  const url = new URL(href, "http://localhost");
  if (/^\/(build|api|assets)\b|\.(svg|png|ico|js|css)$/.test(url.pathname))
    return null;
  return `${url.pathname}${url.search}`;
}

type Control = { kind: "link" | "form"; method: string; to: string };

/** The links and forms in a page's HTML (not its data script). */
function controls(html: string, here: string): Control[] {
  const found: Control[] = [];
  for (const [, attrs = ""] of html.matchAll(/<a\s([^>]*)>/g)) {
    const href = /\bhref="([^"]*)"/.exec(attrs)?.[1];
    const to = href && ownPage(decode(href));
    if (to) found.push({ kind: "link", method: "GET", to });
  }
  for (const [, attrs = ""] of html.matchAll(/<form\b([^>]*)>/g)) {
    const action = /\baction="([^"]*)"/.exec(attrs)?.[1];
    const method = (
      /\bmethod="([^"]*)"/.exec(attrs)?.[1] ?? "get"
    ).toUpperCase();
    const to = ownPage(action === undefined ? here : decode(action));
    if (to) found.push({ kind: "form", method, to });
  }
  return found;
}

/** Forms the walk does not post: they end the session it walks with. */
const NOT_POSTED = /^\/(logout)\b/;

/** Forms whose only field is optional: posted empty, they save (see the loop below). */
const EMPTY_IS_VALID = new Set(["net-pay"]);

async function visit(
  user: User,
  method: string,
  to: string,
  language: Language = "en",
) {
  const request = await requestAs(user, to, {
    method,
    headers: { Accept: "text/html", "Accept-Language": language },
    ...(method === "POST" ? { form: {} } : {}),
  });
  const response = await handler()(request, { cspNonce: "" });
  return {
    status: response.status,
    html: response.headers.get("Content-Type")?.startsWith("text/html")
      ? await response.text()
      : "",
  };
}

/** Every page reachable from the dashboard: each control that answers 403, with its page. */
async function walk(user: User, language: Language) {
  const refused: string[] = [];
  // Each address to GET, with the page that links to it.
  const queue: { to: string; from: string }[] = [{ to: "/", from: "sign-in" }];
  const queued = new Set(["/"]);
  const posted = new Set<string>();
  let pages = 0;
  for (let next = queue.shift(); next && pages < 80; next = queue.shift()) {
    const { status, html } = await visit(user, "GET", next.to, language);
    pages += 1;
    if (status === 403) refused.push(`${next.from}: link ${next.to}`);
    for (const control of controls(html, next.to)) {
      if (control.method === "GET") {
        if (queued.has(control.to)) continue;
        queued.add(control.to);
        queue.push({ to: control.to, from: next.to });
      } else if (!NOT_POSTED.test(control.to) && !posted.has(control.to)) {
        posted.add(control.to);
        const { status: got } = await visit(user, "POST", control.to, language);
        if (got === 403) refused.push(`${next.to}: form ${control.to}`);
      }
    }
  }
  return { refused, pages, posted: posted.size };
}

describe("role-aware screens", () => {
  const roles = {
    owner: () => world.users.EA,
    admin: () => world.users.AA,
    approver: () => world.users.AP,
    employee: () => world.users.A1,
    leaver: () => leaver,
    "employee without a company": () => unlinked,
  };
  for (const [role, who] of Object.entries(roles)) {
    it(`offers the ${role} no link or form that answers 403, in English and Spanish`, async () => {
      const user = who();
      for (const language of ["en", "es"] as const) {
        const { refused, pages, posted } = await walk(user, language);
        expect(pages).toBeGreaterThan(2);
        console.info(
          `${role} (${language}): ${pages} pages walked, ${posted} forms posted`,
        );
        expect(refused, language).toEqual([]);
      }
    }, 240_000);
  }
});

describe("what each role's navigation holds", () => {
  /** The sidebar's addresses on the dashboard. */
  async function navigation(user: User) {
    const { html } = await visit(user, "GET", "/");
    const nav = /<nav id="sidebar-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    return controls(nav, "/")
      .filter((c) => c.kind === "link")
      .map((c) => c.to);
  }

  it("gives owners and admins Payroll, approvers not, and everyone the outbox", async () => {
    for (const actor of ["EA", "AA"] as const)
      expect(await navigation(world.users[actor])).toEqual(
        expect.arrayContaining(["/payroll", "/outbox"]),
      );
    const approver = await navigation(world.users.AP);
    expect(approver).toContain("/outbox");
    expect(approver).not.toContain("/payroll");
    expect(await navigation(world.users.A1)).toContain("/outbox");
  });

  it("offers the request form's link only to an employee who can ask: a leaver and an employee without a company are told why on /request", async () => {
    expect(await navigation(world.users.A1)).toContain("/request");
    const cannot = [
      [leaver, "left.title"],
      [unlinked, "notLinked.title"],
    ] as const;
    for (const [user, why] of cannot) {
      const links = await navigation(user);
      expect(links).toContain("/history");
      expect(links).not.toContain("/request");
      // Typed in or followed from elsewhere, the page explains instead of refusing.
      for (const language of ["en", "es"] as const) {
        const { status, html } = await visit(user, "GET", "/request", language);
        expect(status).toBe(200);
        expect(decode(html)).toContain(serverT(language, "request")(why));
        expect(html).not.toContain('name="amount"');
      }
    }
  });
});

describe("a refused download", () => {
  it("sends a browser back to its dashboard with the reason; a script gets the 403 as JSON", async () => {
    const approver = world.users.AP;
    for (const to of ["/payroll/export", "/activity.csv"]) {
      const browser = await handler()(
        await requestAs(approver, to, { headers: { Accept: "text/html" } }),
        { cspNonce: "" },
      );
      expect(browser.status).toBe(302);
      expect(browser.headers.get("Location")).toBe("/");
      expect(browser.headers.get("Set-Cookie")).toMatch(/toast/);
      const script = await handler()(await requestAs(approver, to), {
        cspNonce: "",
      });
      expect(script.status).toBe(403);
      expect(((await script.json()) as { message: string }).message).toMatch(
        /^Only a company owner or admin can/,
      );
    }
  });
});

describe("a failed post of every form", () => {
  type Posted = { to: string; id: string; fields: Record<string, string> };

  /** The forms of a page with an id (Conform's forms have one), with the fields they post. */
  function formsWithId(html: string, here: string): Posted[] {
    const found: Posted[] = [];
    for (const [, attrs = "", body = ""] of html.matchAll(
      /<form\b([^>]*)>([\s\S]*?)<\/form>/g,
    )) {
      const id = /\bid="([^"]*)"/.exec(attrs)?.[1];
      const method = /\bmethod="([^"]*)"/.exec(attrs)?.[1] ?? "get";
      const action = /\baction="([^"]*)"/.exec(attrs)?.[1];
      const to = ownPage(action === undefined ? here : decode(action));
      if (!id || !to || method.toLowerCase() !== "post") continue;
      // In the form's order: hidden fields with their values, the others cleared (empty), as
      // a browser posts them; unticked boxes and buttons are not sent.
      const fields: Record<string, string> = {};
      for (const [control = "", tag = ""] of body.matchAll(
        /<(input|select|textarea)\b[^>]*>/g,
      )) {
        const name = /\bname="([^"]*)"/.exec(control)?.[1];
        const type = /\btype="([^"]*)"/.exec(control)?.[1] ?? "text";
        if (
          !name ||
          (tag === "input" &&
            /^(checkbox|radio|submit|button|file)$/.test(type))
        )
          continue;
        fields[decode(name)] =
          tag === "input" && type === "hidden"
            ? decode(/\bvalue="([^"]*)"/.exec(control)?.[1] ?? "")
            : "";
      }
      found.push({ to, id, fields });
    }
    return found;
  }

  /** The HTML of the form `id` in a page, or "" when the page has no such form. */
  const formIn = (html: string, id: string) =>
    new RegExp(`<form\\b[^>]*\\bid="${id}"[^>]*>[\\s\\S]*?</form>`).exec(
      html,
    )?.[0] ?? "";

  /**
   * Every Conform form on the pages each person opens, posted with its hidden fields and its
   * other fields cleared (what a press of its button without JavaScript sends when nothing
   * was filled in): the page that answers opens that form with the error summary, each entry
   * a link, in the order the form shows its fields.
   */
  it("answers with the error summary at the top of the form, for every person's forms", async () => {
    const pages: Record<string, { user: User | null; paths: string[] }> = {
      visitor: {
        user: null,
        paths: ["/auth", "/auth?tab=register", "/forgot-password"],
      },
      owner: {
        user: world.users.EA,
        paths: [
          "/employees/add",
          "/employees/invite",
          `/employees/${world.employeeIds.A1}`,
          "/settings",
          "/settings/payroll",
          "/settings/team",
          "/settings/api",
          "/payroll",
          "/profile",
          "/complaint-queue",
        ],
      },
      employee: {
        user: world.users.A1,
        paths: ["/request", "/profile", "/complaints"],
      },
    };
    const missing: string[] = [];
    const outOfOrder: string[] = [];
    let checked = 0;
    let multiField = 0;
    for (const [who, { user, paths }] of Object.entries(pages)) {
      for (const path of paths) {
        const request = await requestAs(user, path, {
          headers: { Accept: "text/html" },
        });
        const html = await (await handler()(request, { cspNonce: "" })).text();
        for (const form of formsWithId(html, path)) {
          // Not Conform forms: sets of checkboxes where none ticked is a valid choice. And
          // forms whose one field is optional, where empty is a valid answer (the net pay:
          // empty clears it; its bad-value summary is tested in net-pay-and-retention-forms).
          if (
            NOT_POSTED.test(form.to) ||
            form.id.endsWith("-choices") ||
            EMPTY_IS_VALID.has(form.id)
          )
            continue;
          const answer = await handler()(
            await requestAs(user, form.to, {
              method: "POST",
              headers: { Accept: "text/html" },
              form: form.fields,
            }),
            { cspNonce: "" },
          );
          const body = answer.headers
            .get("Content-Type")
            ?.startsWith("text/html")
            ? await answer.text()
            : "";
          const summary =
            /<div[^>]*data-testid="error-summary"[\s\S]*?<\/ul>/.exec(
              formIn(body, form.id),
            )?.[0] ?? "";
          checked += 1;
          if (
            answer.status !== 400 ||
            !/autofocus/i.test(summary) ||
            !/<a href="#[^"]+"/.test(summary)
          )
            missing.push(`${who} ${path}: form#${form.id} → ${answer.status}`);
          // The fields' messages in the order the form shows its fields.
          const html = formIn(body, form.id);
          // (A message of the whole form links to its error block, not to a field.)
          const fieldsAt = [...summary.matchAll(/<a href="#([^"]+)"/g)]
            .map(([, id = ""]) =>
              html.search(
                new RegExp(`<(input|select|textarea)\\b[^>]*\\bid="${id}"`),
              ),
            )
            .filter((at) => at >= 0);
          if (fieldsAt.some((at, i) => i > 0 && at < fieldsAt[i - 1]!))
            outOfOrder.push(`${who} ${path}: form#${form.id}`);
          if (fieldsAt.length > 1) multiField += 1;
        }
      }
    }
    console.info(
      `${checked} forms posted, ${multiField} with messages for several fields`,
    );
    expect(checked).toBeGreaterThan(12);
    expect(missing).toEqual([]);
    expect(multiField).toBeGreaterThan(3);
    expect(outOfOrder).toEqual([]);
  }, 120_000);
});

describe("after each action, the message says what changed", () => {
  for (const language of ["en", "es"] as const) {
    it(`from the request to the payroll's collection, for each role, in ${language === "en" ? "English" : "Spanish"}`, async () => {
      const said = (text: string) => localizeMessage(language, text);
      const money = (cents: number) => formatCents(cents, language);
      const owner = await browserOf(world.users.EA, language);
      const approver = await browserOf(world.users.AP, language);
      const person = await createEmployee(world.users.EA, {
        firstName: "Mona",
        lastName: language === "en" ? "Message" : "Mensaje",
      });
      const name = `${person.firstName} ${person.lastName}`;
      const employee = await browserOf(person, language);
      const ask = (cents: number, reason: string) =>
        act(employee, "/request", {
          amount: fromCents(cents),
          reason,
          repaymentPeriods: "1",
          terms: "on",
          quotedFor: quoteKey(cents, 1),
        });
      const newest = async () =>
        (
          await db()
            .select()
            .from(advanceRequests)
            .where(
              eq(advanceRequests.employeeId, (await employeeOf(person)).id),
            )
            .orderBy(desc(advanceRequests.id))
            .limit(1)
        )[0]!;

      // The employee asks: the dashboard says so, and lists the request.
      const asked = await ask(30_000, "Groceries for the week");
      expect(asked.location).toBe("/");
      expect(asked.toast).toEqual([
        said("Request submitted"),
        said("Your grocery advance request has been submitted successfully."),
      ]);
      expect(asked.html).toContain(money(30_000));
      const first = await newest();

      // The approver approves it: the toast names who and how much; it has left the queue.
      const approved = await act(approver, "/approvals", {
        intent: "approve",
        requestId: String(first.id),
      });
      expect(approved.location).toBe("/approvals");
      expect(approved.toast).toEqual([
        said("Request approved"),
        said(requestApproved(name, "300.00")),
      ]);
      expect(approved.html).not.toContain(`value="${first.id}"`);
      // The employee's next step is paying for it.
      expect(await show(employee, "/")).toContain(
        serverT(language, "dashboard")("employee.awaitingPayment", {
          amount: money(30_000),
        }),
      );

      // The employee pays: the success page, then a card that is theirs.
      const paid = await act(employee, "/checkout", {
        intent: "pay",
        amount: "300.00",
        requestId: String(first.id),
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 40",
        cvc: "123",
      });
      expect(paid.location).toBe("/payment-success");
      expect(paid.toast).toEqual([
        said("Success!"),
        said(
          "Your grocery advance has been processed. You can now use your virtual card.",
        ),
      ]);
      const [card] = await db()
        .select()
        .from(virtualCards)
        .where(eq(virtualCards.requestId, first.id));
      expect(card).toBeDefined();

      // Frozen, then unfrozen: each toast, and the card page offers the opposite.
      const frozen = await act(employee, `/cards/${card!.id}`, {
        intent: "freeze",
      });
      expect(frozen.location).toBe(`/cards/${card!.id}`);
      expect(frozen.toast).toEqual([
        said("Card frozen"),
        said("Every purchase is declined until you unfreeze it."),
      ]);
      expect(frozen.html).toMatch(/name="intent" value="unfreeze"/);
      const unfrozen = await act(employee, `/cards/${card!.id}`, {
        intent: "unfreeze",
      });
      expect(unfrozen.toast).toEqual([
        said("Card unfrozen"),
        said("You can shop again."),
      ]);
      expect(unfrozen.html).toMatch(/name="intent" value="freeze"/);

      // A second request, declined by the approver: who and how much.
      await ask(20_000, "Milk");
      const second = await newest();
      const declined = await act(approver, "/approvals", {
        intent: "decline",
        requestId: String(second.id),
        reason: "Not this week",
      });
      expect(declined.toast).toEqual([
        said("Request declined"),
        said(requestDeclined(name, "200.00")),
      ]);
      expect(declined.html).not.toContain(`value="${second.id}"`);

      // A third, cancelled by the employee: the amount, and History no longer offers it.
      await ask(20_000, "Bread");
      const third = await newest();
      const cancelled = await act(employee, "/history", {
        intent: "cancel",
        requestId: String(third.id),
      });
      expect(cancelled.location).toBe("/history");
      expect(cancelled.toast).toEqual([
        said("Request cancelled"),
        said(`Your ${formatCents(20_000)} request is cancelled.`),
      ]);
      expect(cancelled.html).not.toMatch(
        new RegExp(`name="requestId" value="${third.id}"`),
      );

      // Payroll: the owner's run counts this advance's deduction, then its collection.
      await db().execute(
        sql`update payroll_deductions set deduction_date = now() - interval '1 day'
          where request_id = ${first.id}`,
      );
      const inRuns = new Set(
        (
          await db()
            .select({ id: payrollDeductions.id })
            .from(payrollDeductions)
            .where(isNotNull(payrollDeductions.runId))
        ).map((l) => l.id),
      );
      const run = await act(owner, "/payroll", { confirm: "on" });
      expect(run.location).toMatch(/^\/payroll\?run=\d+$/);
      const runId = Number(run.location.split("=")[1]);
      // What this press added to the run (a run of the day may hold earlier ones).
      const lines = (
        await db()
          .select()
          .from(payrollDeductions)
          .where(eq(payrollDeductions.runId, runId))
      ).filter((l) => !inRuns.has(l.id));
      const cents = lines.reduce((sum, l) => sum + toCents(l.amount), 0);
      expect(lines.length).toBeGreaterThan(0);
      expect(run.toast).toEqual([
        said("Payroll run created"),
        said(
          `${lines.length} ${lines.length === 1 ? "deduction" : "deductions"} submitted, ${formatCents(cents)} in total. Record what payroll collected when it is done.`,
        ),
      ]);
      expect(run.html).toContain(name);
      const collected = await act(owner, "/payroll", {
        intent: "collect-all",
        runId: String(runId),
      });
      expect(collected.location).toBe(`/payroll?run=${runId}`);
      expect(collected.toast).toEqual([
        said("Payroll results recorded"),
        said(
          `${lines.length} ${lines.length === 1 ? "deduction" : "deductions"} reconciled.`,
        ),
      ]);
    }, 120_000);
  }
});

describe("the dashboards at each stage of an advance", () => {
  /** The to-do's first item (its text and its button's address), or its "nothing to do" line. */
  function firstToDo(html: string) {
    const section =
      /<section[^>]*data-testid="to-do"[\s\S]*?<\/section>/.exec(html)?.[0] ??
      "";
    const item = /<li\b[\s\S]*?<\/li>/.exec(section)?.[0];
    const text = (item ?? /<p\b[\s\S]*?<\/p>/.exec(section)?.[0] ?? "")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    const to = item ? (/\bhref="([^"]*)"/.exec(item)?.[1] ?? null) : null;
    return { found: section !== "", text: decode(text), to: to && decode(to) };
  }

  it("opens each person's dashboard on their next step, in both languages", async () => {
    const owner = world.users.EA;
    const approver = world.users.AP;
    const employee = await createEmployee(owner, {
      firstName: "Stella",
      lastName: "Stage",
    });
    /** Each person's first to-do item in English; the Spanish page's goes to the same place. */
    async function stage() {
      const first: Record<string, ReturnType<typeof firstToDo>> = {};
      for (const [who, user] of [
        ["employee", employee],
        ["approver", approver],
        ["owner", owner],
      ] as const) {
        const en = firstToDo((await visit(user, "GET", "/", "en")).html);
        const es = firstToDo((await visit(user, "GET", "/", "es")).html);
        expect(en.found && es.found, who).toBe(true);
        expect(es.to, who).toBe(en.to);
        first[who] = en;
      }
      return first;
    }

    /** The employee's dashboard as shown (its main region, not the catalogues in its data). */
    const shown = async (language: Language) =>
      decode(
        /<main[\s\S]*?<\/main>/.exec(
          (await visit(employee, "GET", "/", language)).html,
        )?.[0] ?? "",
      );
    /** The employee's Virtual Cards panel says, in each language, what brings a card. */
    async function cardsHint(expected: (language: Language) => string) {
      for (const language of ["en", "es"] as const)
        expect(await shown(language), language).toContain(expected(language));
    }
    const dashboardT = (language: Language) => serverT(language, "dashboard");

    // Nothing asked yet: nothing for the employee to do; cards come with approved requests.
    expect((await stage()).employee.text).toBe("Nothing to do right now.");
    await cardsHint((l) => dashboardT(l)("employee.noCardsHint"));

    // Asked: the approver's and the owner's first step is the request waiting.
    const request = await requestAdvance(employee, {
      amount: 300,
      reason: "Groceries",
      repaymentPeriods: 2,
    });
    const pending = await stage();
    for (const who of ["approver", "owner"] as const) {
      expect(pending[who].text).toMatch(
        /requests? (is|are) waiting for your decision/,
      );
      expect(pending[who].to).toMatch(/^\/approvals/);
    }

    // Approved: the employee's first step is paying for it; the owner sees it unpaid.
    await approveAdvance(approver, request.id);
    const approved = await stage();
    expect(approved.employee.text).toContain(
      "Your $300.00 advance is approved.",
    );
    expect(approved.employee.to).toMatch(/^\/checkout\?/);
    // The panel below it agrees: the card comes with that payment, not another approval.
    await cardsHint((l) =>
      dashboardT(l)("employee.cardAfterPaying", {
        amount: formatCents(30_000, l),
      }),
    );
    for (const language of ["en", "es"] as const)
      expect(await shown(language)).not.toContain(
        dashboardT(language)("employee.noCardsHint"),
      );
    const { html } = await visit(owner, "GET", "/");
    expect(html).toMatch(/Stella Stage was approved for \$300\.00/);

    // Paid: the card is issued; nothing left for the employee to do about it.
    await payAndIssueCard(employee, request);
    expect((await stage()).employee.text).not.toContain("advance is approved");
  });
});
