import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
  uniqueName,
} from "#tests/support/factories";
import { insertUser } from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { expect, test } from "./support/fixtures";

const EMPLOYEE_ROUTES = [
  "/request",
  "/history",
  "/profile",
  "/checkout",
  "/payment-success",
];
const EMPLOYER_ROUTES = [
  "/approvals",
  "/employees",
  "/employees/add",
  "/reports",
  "/settings",
];

test.describe("route guards", () => {
  // Where an anonymous visitor to each page is sent (/auth?redirectTo=…) is a cell of the
  // authorization matrix (tests/integration/web/authorization-matrix.test.ts, against the
  // request handler); the journey back after signing in is in auth.spec.ts.
  test("an employee sees Access Denied (403) on every employer route", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    await loginAs(await createEmployee(employer));
    for (const path of EMPLOYER_ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(
        page.getByRole("heading", { name: "Access Denied" }),
      ).toBeVisible();
      await expect(
        page.getByText("You don't have permission to access this page."),
      ).toBeVisible();
      // Still inside the layout: the employee's own sidebar.
      await expect(
        page.getByRole("link", { name: "Request Advance" }),
      ).toBeAttached();
    }
  });

  test("an employer sees Access Denied (403) on every employee route", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    for (const path of EMPLOYEE_ROUTES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(
        page.getByRole("heading", { name: "Access Denied" }),
      ).toBeVisible();
      await expect(
        page.getByRole("link", { name: "Approve Requests" }),
      ).toBeAttached();
    }
  });

  test("each role reaches its own routes", async ({ page, loginAs }) => {
    const employer = await createEmployer();
    await loginAs(employer);
    for (const path of ["/", ...EMPLOYER_ROUTES]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
    await page.context().clearCookies();
    await loginAs(await createEmployee(employer));
    for (const path of [
      "/",
      "/request",
      "/history",
      "/profile",
      "/payment-success",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
  });

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
