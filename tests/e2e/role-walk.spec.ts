import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import type { User } from "#db/schema";
import {
  createEmployee,
  createUnlinkedEmployee,
} from "#tests/support/factories";
import { employeeOf } from "#tests/support/rows";
import { payAndIssueCard } from "#tests/support/data";
import { createWorld } from "#tests/support/world";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";
import { offboardEmployee } from "~/models/payroll/index.server";
import { isoDay } from "~/utils/pay-schedule";
import { attachScreenshot, expect, test } from "./support/fixtures";

// What each role sees in a real browser, with and without JavaScript (the two projects), in
// English and Spanish, at 1280 and 375 px: every page reachable from the dashboard is opened,
// and every link and form a person can see there is followed as that person (a request with
// the same session): none answers 403. The request handler walk
// (tests/integration/web/role-aware-screens.test.ts) follows every control in the HTML; this
// one checks what is visible at each width. Then the dashboards at each stage of an advance.

const WIDTHS = [1280, 375] as const;
const LANGUAGES = ["en", "es"] as const;
/** Screenshots for a person to look at, outside the repository, when asked for. */
const SHOTS = process.env.WALK_SHOTS_DIR;

type Control = { kind: "link" | "form"; method: string; to: string };

/** The links and forms a person can see on the page now (not hidden, not zero-sized). */
function visibleControls(page: Page): Promise<Control[]> {
  return page.evaluate(() => {
    const seen = (el: Element) => {
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true })
      );
    };
    const own = (href: string) => {
      const url = new URL(href, location.href);
      if (url.origin !== location.origin) return null;
      if (/^\/(build|api|assets)\b|\.(svg|png|ico|js|css)$/.test(url.pathname))
        return null;
      return `${url.pathname}${url.search}`;
    };
    const found: { kind: "link" | "form"; method: string; to: string }[] = [];
    for (const a of document.querySelectorAll<HTMLAnchorElement>("a[href]")) {
      const to = seen(a) ? own(a.href) : null;
      if (to) found.push({ kind: "link", method: "GET", to });
    }
    for (const form of document.querySelectorAll("form")) {
      // A form is offered when one of its buttons can be seen (hidden fields do not count).
      const buttons = [
        ...form.querySelectorAll("button, input[type=submit]"),
        ...(form.id
          ? document.querySelectorAll(`button[form="${form.id}"]`)
          : []),
      ];
      if (!buttons.some(seen)) continue;
      const to = own(form.getAttribute("action") ?? location.href);
      if (to)
        found.push({
          kind: "form",
          method: (form.getAttribute("method") ?? "get").toUpperCase(),
          to,
        });
    }
    return found;
  });
}

/** Forms the walk does not post: they end the session it walks with. */
const NOT_POSTED = /^\/logout\b/;

async function setLanguage(context: BrowserContext, language: string) {
  await context.addCookies([
    { name: "lng", value: language, url: test.info().project.use.baseURL! },
  ]);
}

/**
 * Opens every page reachable from the dashboard through visible controls, at each width, in
 * each language; follows each visible link and posts each visible form (empty: the role check
 * comes before the form's own) as the page's user. Returns the controls that answered 403.
 */
async function walk(page: Page, context: BrowserContext) {
  const refused: string[] = [];
  /** Each control followed: its status, and whether it is a page to open. */
  const checked = new Map<string, { status: number; isPage: boolean }>();
  let pages = 0;
  const check = async (control: Control) => {
    const key = `${control.method} ${control.to}`;
    const known = checked.get(key);
    if (known !== undefined) return known;
    const response =
      control.method === "POST"
        ? await page.request.post(control.to, {
            form: {},
            headers: {
              Accept: "text/html",
              Origin: new URL(page.url()).origin,
            },
            maxRedirects: 0,
          })
        : await page.request.get(control.to, {
            headers: { Accept: "text/html" },
            maxRedirects: 0,
          });
    const isPage =
      response.status() === 200 &&
      (response.headers()["content-type"] ?? "").startsWith("text/html");
    const outcome = { status: response.status(), isPage };
    checked.set(key, outcome);
    return outcome;
  };
  for (const language of LANGUAGES) {
    await setLanguage(context, language);
    const queue = ["/"];
    const queued = new Set(queue);
    for (let to = queue.shift(); to && pages < 120; to = queue.shift()) {
      await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      await page.goto(to);
      pages += 1;
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const control of await visibleControls(page)) {
          if (control.method === "POST" && NOT_POSTED.test(control.to))
            continue;
          const { status, isPage } = await check(control);
          if (status === 403)
            refused.push(
              `${language} ${width}px ${to}: ${control.kind} ${control.method} ${control.to}`,
            );
          if (control.method === "GET" && isPage && !queued.has(control.to)) {
            queued.add(control.to);
            queue.push(control.to);
          }
        }
      }
    }
  }
  return { refused, pages, checked: checked.size };
}

type Role =
  | "owner"
  | "admin"
  | "approver"
  | "employee"
  | "leaver"
  | "employee without a company";

async function actor(role: Role): Promise<User> {
  if (role === "employee without a company") return createUnlinkedEmployee();
  const world = await createWorld();
  if (role === "leaver") {
    const leaver = await createEmployee(world.users.EA, { firstName: "Lee" });
    await offboardEmployee(world.users.EA, (await employeeOf(leaver)).id, {
      lastPayDate: isoDay(new Date()),
    });
    return leaver;
  }
  const who = {
    owner: "EA",
    admin: "AA",
    approver: "AP",
    employee: "A1",
  } as const;
  return world.users[who[role]];
}

test.describe("the walk as each role", () => {
  for (const role of [
    "owner",
    "admin",
    "approver",
    "employee",
    "leaver",
    "employee without a company",
  ] as const) {
    test(`the ${role} sees no control that answers 403, in both languages at 375 and 1280 px`, async ({
      page,
      context,
      loginAs,
    }) => {
      test.setTimeout(240_000);
      await loginAs(await actor(role));
      const { refused, pages, checked } = await walk(page, context);
      test.info().annotations.push({
        type: "walk",
        description: `${pages} pages opened, ${checked} controls followed`,
      });
      expect(pages).toBeGreaterThan(4);
      expect(refused).toEqual([]);
    });
  }
});

test("the dashboards at each stage of an advance open on the next step", async ({
  page,
  context,
  loginAs,
}) => {
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const world = await createWorld();
  const owner = world.users.EA;
  const approver = world.users.AP;
  const employee = await createEmployee(owner, {
    firstName: "Stella",
    lastName: "Stage",
  });
  const dir = SHOTS && path.join(SHOTS, project);
  if (dir) mkdirSync(dir, { recursive: true });

  /** Each person's dashboard at both widths in both languages; its to-do's first item. */
  async function dashboards(stage: string) {
    const firstItems: Record<string, string> = {};
    for (const [who, user] of [
      ["employee", employee],
      ["approver", approver],
      ["owner", owner],
    ] as const) {
      await context.clearCookies();
      await loginAs(user);
      for (const language of LANGUAGES) {
        await setLanguage(context, language);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto("/");
          const toDo = page.getByRole("region", {
            name: language === "en" ? "To do" : "Pendientes",
            exact: true,
          });
          await expect(toDo).toBeVisible();
          if (language === "en" && width === WIDTHS[0]) {
            // The first item, or the whole list's "nothing to do" when it has none.
            const items = toDo.getByRole("listitem");
            firstItems[who] =
              ((await items.count())
                ? await items.first().textContent()
                : await toDo.textContent()) ?? "";
          }
          const name = `${stage}-${who}-${language}-${width}`;
          await attachScreenshot(page, name, {
            path: dir ? path.join(dir, `${name}.jpg`) : undefined,
          });
        }
      }
    }
    return firstItems;
  }

  // Nothing asked yet: nothing for the employee to do.
  expect((await dashboards("1-none")).employee).toContain(
    "Nothing to do right now.",
  );

  // Asked: the approver's first step is the request waiting.
  const request = await requestAdvance(employee, {
    amount: 300,
    reason: "Groceries",
    repaymentPeriods: 2,
  });
  const pending = await dashboards("2-pending");
  expect(pending.approver).toMatch(
    /requests? (is|are) waiting for your decision/,
  );
  expect(pending.owner).toMatch(/requests? (is|are) waiting for your decision/);

  // Approved: the employee's first step is paying for it; the owner sees it unpaid.
  await approveAdvance(approver, request.id);
  const approved = await dashboards("3-approved");
  expect(approved.employee).toContain("Your $300.00 advance is approved.");
  expect(
    await (async () => {
      await context.clearCookies();
      await loginAs(owner);
      await page.goto("/");
      return page
        .getByRole("region", { name: "To do" })
        .getByText(/Stella Stage was approved for \$300\.00/)
        .count();
    })(),
  ).toBe(1);

  // Paid: the card is issued; nothing left for the employee to do about it.
  await payAndIssueCard(employee, request);
  const paid = await dashboards("4-paid");
  expect(paid.employee).not.toContain("advance is approved");
});
