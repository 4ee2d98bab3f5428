import { createRequire } from "node:module";
import type { User } from "#db/schema";
import { appBuild } from "#tests/support/app-server";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";
import { offboardEmployee } from "~/models/payroll/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { createWorld, type World } from "#tests/support/world";

// Every page as every role, rendered whole by Remix's own request handler over the app's route
// tree (the server build's shape, with the app's route modules and its entry): each link the
// page offers is followed, and each form it offers is posted to empty-handed. None may answer
// 403: a control a role cannot use is not shown to that role. An empty post is refused by the
// role check first (403) or by the form's own validation (400), and changes nothing.

const require = createRequire(import.meta.url);
const { createRequestHandler } =
  require("@remix-run/server-runtime") as typeof import("@remix-run/server-runtime");

useTestDatabase();

let handler: ReturnType<typeof createRequestHandler>;
let world: World;
/** An employee of company A who has left (offboarded, last pay date today). */
let leaver: User;
/** A self-registered employee no company has taken on yet. */
let unlinked: User;

beforeAll(async () => {
  handler = createRequestHandler(await appBuild(), "production");
  world = await createWorld();
  leaver = await createEmployee(world.users.EA, { firstName: "Lee" });
  // Today is always within a leaver's window (from the current pay cycle's start).
  await offboardEmployee(world.users.EA, (await employeeOf(leaver)).id, {
    lastPayDate: isoDay(new Date()),
  });
  unlinked = await createUnlinkedEmployee();
});

type Language = "en" | "es";

const decode = (s: string) =>
  s
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"');

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
  const response = await handler(request, { cspNonce: "" });
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
});

describe("a refused download", () => {
  it("sends a browser back to its dashboard with the reason; a script gets the 403 as JSON", async () => {
    const approver = world.users.AP;
    for (const to of ["/payroll/export", "/activity.csv"]) {
      const browser = await handler(
        await requestAs(approver, to, { headers: { Accept: "text/html" } }),
        { cspNonce: "" },
      );
      expect(browser.status).toBe(302);
      expect(browser.headers.get("Location")).toBe("/");
      expect(browser.headers.get("Set-Cookie")).toMatch(/toast/);
      const script = await handler(await requestAs(approver, to), {
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
  type Posted = { to: string; id: string; hidden: Record<string, string> };

  /** The forms of a page with an id (Conform's forms have one), with their hidden fields. */
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
      const hidden: Record<string, string> = {};
      for (const [input = ""] of body.matchAll(/<input\b[^>]*>/g)) {
        if (!/\btype="hidden"/.test(input)) continue;
        const name = /\bname="([^"]*)"/.exec(input)?.[1];
        if (name)
          hidden[decode(name)] = decode(
            /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "",
          );
      }
      found.push({ to, id, hidden });
    }
    return found;
  }

  /** The HTML of the form `id` in a page, or "" when the page has no such form. */
  const formIn = (html: string, id: string) =>
    new RegExp(`<form\\b[^>]*\\bid="${id}"[^>]*>[\\s\\S]*?</form>`).exec(
      html,
    )?.[0] ?? "";

  /**
   * Every Conform form on the pages each person opens, posted with its hidden fields only
   * (what a press of its button without JavaScript sends when nothing was filled in): the
   * page that answers opens that form with the error summary, each entry a link.
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
    let checked = 0;
    for (const [who, { user, paths }] of Object.entries(pages)) {
      for (const path of paths) {
        const request = await requestAs(user, path, {
          headers: { Accept: "text/html" },
        });
        const html = await (await handler(request, { cspNonce: "" })).text();
        for (const form of formsWithId(html, path)) {
          // Not Conform forms: sets of checkboxes where none ticked is a valid choice.
          if (NOT_POSTED.test(form.to) || form.id.endsWith("-choices"))
            continue;
          const answer = await handler(
            await requestAs(user, form.to, {
              method: "POST",
              headers: { Accept: "text/html" },
              form: form.hidden,
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
        }
      }
    }
    console.info(`${checked} forms posted`);
    expect(checked).toBeGreaterThan(12);
    expect(missing).toEqual([]);
  }, 120_000);
});
