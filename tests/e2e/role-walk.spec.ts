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
import {
  attachScreenshot,
  expect,
  expectHydrated,
  isNoJs,
  test,
} from "./support/fixtures";

// What each role sees in a real browser, where only a browser can tell: which controls are
// visible at 1280 and 375 px, with JavaScript once the page's code has run (islands render
// after hydration) and without it as the server sent the page (CSS hides what a width does not
// show). Every page reachable from the dashboard is opened, and
// every link and form a person can see there is followed as that person (a request with the
// same session): none answers 403.
//
// The rest is checked by Remix's request handler, at a fraction of the cost
// (tests/integration/web/role-aware-screens.test.ts): every link and form in the server's HTML
// (what a browser without JavaScript has, visible or not) as every role in both languages; the
// dashboards' to-do at each stage of an advance; the message after each action
// (action-messages.test.ts too). Here each role is walked once per project, in the language the
// other project does not use, so the two projects cover both languages. The dashboards'
// screenshots are taken when asked for (WALK_SHOTS_DIR).

const WIDTHS = [1280, 375] as const;
const LANGUAGES = ["en", "es"] as const;
type Language = (typeof LANGUAGES)[number];
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
 * the language; follows each visible link and posts each visible form (empty: the role check
 * comes before the form's own) as the page's user. Returns the controls that answered 403.
 */
async function walk(page: Page, context: BrowserContext, language: Language) {
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
        if (control.method === "POST" && NOT_POSTED.test(control.to)) continue;
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
  // Each role in both languages across the two projects: with JavaScript in one, without it
  // (the server's HTML as CSS shows it at each width) in the other. Signed in by cookie, the
  // controls read from the DOM, each followed once by a request of the page's session.
  const roles = [
    ["owner", "en"],
    ["admin", "es"],
    ["approver", "en"],
    ["employee", "es"],
    ["leaver", "en"],
    ["employee without a company", "es"],
  ] as const;
  const named = { en: "English", es: "Spanish" } as const;
  for (const [role, withJs] of roles) {
    const withoutJs: Language = withJs === "en" ? "es" : "en";
    test(`the ${role} sees no control that answers 403 at 375 and 1280 px, in ${named[withJs]} with JavaScript and ${named[withoutJs]} without`, async ({
      page,
      context,
      loginAs,
    }) => {
      test.setTimeout(180_000);
      const language = isNoJs(test.info().project.name) ? withoutJs : withJs;
      await loginAs(await actor(role));
      const { refused, pages, checked } = await walk(page, context, language);
      test.info().annotations.push({
        type: "walk",
        description: `${language}: ${pages} pages opened, ${checked} controls followed`,
      });
      expect(pages).toBeGreaterThan(4);
      expect(refused).toEqual([]);
    });
  }
});

/**
 * Each dashboard at each stage of an advance, per person, in both languages at 1280, 768 and
 * 375 px, for a person to look at (WALK_SHOTS_DIR). What each to-do holds first at each stage is
 * checked by the request handler (role-aware-screens.test.ts).
 */
test("the dashboards at each stage of an advance, for the eye", async ({
  page,
  context,
  loginAs,
}) => {
  test.skip(
    !SHOTS,
    "screenshots for a person, taken when WALK_SHOTS_DIR is set",
  );
  test.setTimeout(300_000);
  const project = test.info().project.name;
  const world = await createWorld();
  const owner = world.users.EA;
  const approver = world.users.AP;
  const employee = await createEmployee(owner, {
    firstName: "Stella",
    lastName: "Stage",
  });
  const dir = path.join(SHOTS!, project);
  mkdirSync(dir, { recursive: true });

  async function dashboards(stage: string) {
    for (const [who, user] of [
      ["employee", employee],
      ["approver", approver],
      ["owner", owner],
    ] as const) {
      await context.clearCookies();
      await loginAs(user);
      for (const language of LANGUAGES) {
        await setLanguage(context, language);
        for (const width of [1280, 768, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto("/");
          await expect(
            page.getByRole("region", {
              name: language === "en" ? "To do" : "Pendientes",
              exact: true,
            }),
          ).toBeVisible();
          const name = `${stage}-${who}-${language}-${width}`;
          await attachScreenshot(page, name, {
            path: path.join(dir, `${name}.jpg`),
          });
        }
      }
    }
  }

  await dashboards("1-none");
  const request = await requestAdvance(employee, {
    amount: 300,
    reason: "Groceries",
    repaymentPeriods: 2,
  });
  await dashboards("2-pending");
  await approveAdvance(approver, request.id);
  await dashboards("3-approved");
  await payAndIssueCard(employee, request);
  await dashboards("4-paid");
});

test("the error summary lists the messages in the order the form shows its fields", async ({
  page,
  loginAs,
}) => {
  // Add Employee's schema starts with the username and password; the form, with the name.
  const world = await createWorld();
  await loginAs(world.users.EA);
  await page.goto("/employees/add");
  const form = page.locator("form#add-employee");
  // With JavaScript the browser checks the form (its own summary); without, the server does.
  if (!isNoJs(test.info().project.name)) await expectHydrated(form);
  await form.evaluate((f: HTMLFormElement) => {
    f.noValidate = true;
  });
  await form.getByRole("button", { name: "Add Employee" }).click();
  const links = form.getByTestId("error-summary").getByRole("link");
  await expect(links.first()).toBeVisible();
  const order = await links.evaluateAll((anchors) =>
    anchors.map((a) => {
      const field = document.getElementById(
        a.getAttribute("href")!.slice(1),
      ) as HTMLInputElement;
      // How many of the form's fields come before the one this message links to.
      return [...field.form!.elements].indexOf(field);
    }),
  );
  expect(order.length).toBeGreaterThan(3);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expect(links.first()).toHaveAttribute(
    "href",
    `#${await form.getByLabel("First name").getAttribute("id")}`,
  );
});
