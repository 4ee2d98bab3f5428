import type { Page } from "@playwright/test";
import {
  attachScreenshot,
  expect,
  expectAccessible,
  test,
} from "./support/fixtures";
import {
  createLayoutWorld,
  LAYOUT_PAGES,
  type LayoutPage,
  type LayoutWorld,
} from "./support/layout-pages";

// The layout guard: every page of both roles and the public pages, at a phone, a tablet and a
// desktop width, with JavaScript (project js) and without (project no-js). On each page: no
// sideways scroll, every primary action visible, inside the viewport and not covered by
// anything (elementFromPoint at its centre and near both ends is the control itself), an axe
// scan (js; at two of the three widths, below), and a screenshot attached to the report. One
// test per width keeps one browser context and one sign-in per role (a session cookie) for all
// its pages.

const WIDTHS = [375, 768, 1280] as const;

// The axe scan runs at the phone and the desktop width only. Between 768 and 1280 px the pages
// change only grid columns, and show one thing more at 1280 (a chart's bar labels, lg:block);
// nothing visible at 768 is hidden at 1280. So a scan at 768 checks a subset of what the
// 1280 scan checks, at a third of the guard's scanning time. The phone width has its own
// markup (the Menu control, the chart as a list) and keeps its scan.
const AXE_WIDTHS: readonly number[] = [375, 1280];

/** Whether the control is on screen, unclipped and the topmost thing at its centre and ends. */
async function hitTest(page: Page, name: string | RegExp) {
  const control = page
    .getByRole("button", { name })
    .or(page.getByRole("link", { name }))
    .first();
  await expect(control, `"${name}" is visible`).toBeVisible();
  return control.evaluate((el) => {
    // Scroll the page only vertically: scrollIntoView would also scroll a table's own scroll
    // box sideways and hide a button that the table cuts off.
    const before = el.getBoundingClientRect();
    window.scrollBy(0, before.top + before.height / 2 - window.innerHeight / 2);
    const r = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const y = r.top + r.height / 2;
    const points = [r.left + 3, r.left + r.width / 2, r.right - 3];
    const covered = points
      .map((x) => ({ x, hit: document.elementFromPoint(x, y) }))
      .filter(({ hit }) => !hit || !(hit === el || el.contains(hit)))
      .map(({ x, hit }) => `${Math.round(x)}: ${hit?.outerHTML.slice(0, 120)}`);
    return {
      inside: r.left >= 0 && r.right <= width && r.width > 0,
      covered,
    };
  });
}

async function checkPage(
  page: Page,
  target: LayoutPage,
  world: LayoutWorld,
  width: number,
) {
  const response = await page.goto(target.path(world));
  expect(response?.status(), `${target.name} loads`).toBeLessThan(500);
  await page.waitForLoadState("load");

  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${target.name} at ${width}px scrolls sideways (${scrollWidth} > ${clientWidth})`,
  ).toBeLessThanOrEqual(clientWidth);

  const names = [...target.primary];
  // Under 768px the signed-in layout hides the sidebar behind the Menu control; without
  // JavaScript that control is a label (it has no role of its own), so it is tested as a
  // checkbox by the sidebar test instead.
  if (
    target.role !== "public" &&
    !target.modal &&
    width < 768 &&
    !isNoJsProject()
  )
    names.push("Menu");
  for (const name of names) {
    const { inside, covered } = await hitTest(page, name);
    expect(inside, `"${name}" on ${target.name} is inside the viewport`).toBe(
      true,
    );
    expect(covered, `"${name}" on ${target.name} is not covered`).toEqual([]);
  }

  if (AXE_WIDTHS.includes(width))
    await test.step("axe", () => expectAccessible(page));
  await test.step("screenshot", () =>
    attachScreenshot(page, `${target.name}-${width}`));
}

const isNoJsProject = () => test.info().project.use.javaScriptEnabled === false;

for (const width of WIDTHS) {
  test.describe(`layout at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test(`every page: no sideways scroll, primary actions visible and uncovered, accessible`, async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(180_000);
      const world = await createLayoutWorld();
      for (const role of ["public", "employee", "employer"] as const) {
        if (role === "employee") await loginAs(world.employee);
        if (role === "employer") await loginAs(world.employer);
        for (const target of LAYOUT_PAGES.filter((p) => p.role === role)) {
          await test.step(target.name, () =>
            checkPage(page, target, world, width),
          );
        }
      }
    });
  });
}

test.describe("the Decline dialog", () => {
  for (const width of [375, 1280]) {
    test(`at ${width}px opening it leaves the table where it was`, async ({
      page,
      loginAs,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const world = await createLayoutWorld();
      await loginAs(world.employer);
      await page.goto("/approvals");
      await page
        .getByRole("link", { name: /^Decline / })
        .first()
        .click();
      await expect(
        page.getByRole("dialog", { name: "Decline Advance Request" }),
      ).toBeVisible();
      // No table scrolled sideways behind the dialog (the Employee column stays readable).
      const offsets = await page
        .locator('[role="region"]')
        .evaluateAll((regions) => regions.map((r) => r.scrollLeft));
      expect(offsets.every((left) => left === 0)).toBe(true);
      expect(await page.evaluate(() => window.scrollX)).toBe(0);
    });
  }
});
