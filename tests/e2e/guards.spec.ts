import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
  uniqueName,
} from "#tests/support/factories";

import { db } from "~/utils/db.server";
import { expect, test } from "./support/fixtures";

import { insertUser } from "~/models/companies/index.server";
test.describe("route guards", () => {
  // The 403 pages of each role on the other's routes, each role's own routes (200) and where an
  // anonymous visitor is sent are answered by the request handler whatever the browser runs:
  // tests/integration/web/route-guards.test.ts and the authorization matrix
  // (tests/integration/web/authorization-matrix.test.ts). The journey back after signing in is
  // in auth.spec.ts.
  test("an unknown path shows the not-found page inside the layout", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    const response = await page.goto("/definitely/not/here");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "404 Page Not Found" }),
    ).toBeVisible();
    await expect(
      page.getByText("Did you forget to add the page to the router?"),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Approve Requests" }),
    ).toBeAttached();
  });
});

test.describe("layout", () => {
  test("the sidebar collapses under 768px and toggles open", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const employer = await createEmployer();
    await loginAs(await createEmployee(employer));
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeHidden();
    // With JavaScript a button; without, the checkbox's label (navigation.spec.ts has more).
    await page
      .getByRole("button", { name: "Menu" })
      .or(page.locator('label[for="sidebar-toggle"]'))
      .click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "History" })).toBeVisible();
    await nav.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
  });

  test("the employer sidebar lists its five sections and Logout", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of [
      "Dashboard",
      "Approve Requests",
      "Employees",
      "Reports",
      "Settings",
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("at 375px an approver's dashboard offers no payroll or new employee; an owner's menu has Payroll", async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const owner = await createEmployer();
    const approver = await db().transaction((tx) =>
      insertUser(tx, {
        role: "EMPLOYER",
        username: uniqueName("approver"),
        password: TEST_PASSWORD,
        firstName: "Tess",
        lastName: "Approver",
        email: `${uniqueName("approver")}@example.com`,
        companyId: owner.companyId,
        companyRole: "APPROVER",
      }),
    );
    await loginAs(approver);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const main = page.locator("main");
    for (const name of ["Run Payroll", "Add Employee", "Export"])
      await expect(main.getByRole("link", { name })).toHaveCount(0);

    await loginAs(owner);
    await page.goto("/");
    await page
      .getByRole("button", { name: "Menu" })
      .or(page.locator('label[for="sidebar-toggle"]'))
      .click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Payroll", exact: true }).click();
    await expect(page).toHaveURL(/\/payroll$/);
    await expect(
      page.getByRole("heading", { name: "Payroll", exact: true }),
    ).toBeVisible();
  });
});
