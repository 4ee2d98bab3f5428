import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
  uniqueName,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  expectHydrated,
  test,
  messageText,
  summaryLink,
} from "./support/fixtures";

test.describe("sign-in and registration", () => {
  test("the sign-in page shows the landing panel and is accessible", async ({
    page,
  }) => {
    await page.goto("/auth");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(page.getByText("Instant access to funds")).toBeVisible();
    await expect(page.getByText("Automatic payroll deductions")).toBeVisible();
    await expect(page.getByText("Easy management for employers")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Forgot password?" }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Learn How It Works" }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
  });

  test("an employee signs in and out", async ({ page }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Wanda" });
    await page.goto("/auth");
    await page.getByLabel("Username").fill(employee.username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Login successful")).toBeVisible();
    await expect(page.getByText("Welcome back, Wanda!")).toBeVisible();
    await expect(
      page.getByRole("link", { name: "Request Advance" }),
    ).toBeAttached();
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole("button", { name: "Logout" }).click({ force: true });
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(
      page.getByText("You have been successfully logged out."),
    ).toBeVisible();
    await page.goto("/history");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fhistory$/);
  });

  test("a wrong password shows 'Login failed' and keeps the user on /auth", async ({
    page,
  }) => {
    const employer = await createEmployer();
    await page.goto("/auth");
    await page.getByLabel("Username").fill(employer.username);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(
      page.getByText("Invalid username or password.").first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("registers an employee and an employer", async ({ page, context }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Register" }).click();
    // A client-side navigation: wait for the employee form before typing into it.
    await expect(
      page.getByRole("heading", { name: "Create an employee account" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: "Register as Employee" }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await page.getByLabel("First name").fill("Rae");
    await page.getByLabel("Last name").fill("Reg");
    await page.getByLabel("Email").fill("rae@example.com");
    await page.getByLabel("Department (optional)").fill("Deli");
    await page.getByLabel("Username").fill(uniqueName("rae"));
    await page.getByLabel("Password").fill("Basil-Lantern-62");
    await page.getByRole("button", { name: "Register as Employee" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Registration successful")).toBeVisible();
    await expect(
      page.getByText("Welcome to Grocery Advance, Rae!"),
    ).toBeVisible();

    await context.clearCookies();
    await page.goto("/auth?tab=register");
    await page
      .getByRole("link", { name: "Register as an employer instead" })
      .click();
    // A client-side navigation: wait for the employer form before typing into it.
    await expect(
      page.getByRole("heading", { name: "Create an employer account" }),
    ).toBeVisible();
    await page.getByLabel("First name").fill("Emma");
    await page.getByLabel("Last name").fill("Boss");
    await page.getByLabel("Email").fill("emma@example.com");
    await page.getByLabel("Company name").fill("Emma's Market");
    await page.getByLabel("Username").fill(uniqueName("emma"));
    await page.getByLabel("Password").fill("Basil-Lantern-62");
    await page.getByRole("button", { name: "Register as Employer" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole("link", { name: "Approve Requests" }),
    ).toBeAttached();
  });

  test("a taken username is refused with 'Registration failed'", async ({
    page,
  }) => {
    const employer = await createEmployer();
    await page.goto("/auth?tab=register&as=employer");
    await page.getByLabel("First name").fill("Emma");
    await page.getByLabel("Last name").fill("Boss");
    await page.getByLabel("Email").fill("emma@example.com");
    await page.getByLabel("Company name").fill("Emma's Market");
    await page.getByLabel("Username").fill(employer.username);
    await page.getByLabel("Password").fill("Basil-Lantern-62");
    await page.getByRole("button", { name: "Register as Employer" }).click();
    // The username's own error, shown once, under the field (no toast, no form error).
    await expect(messageText(page, "Username is already taken")).toHaveCount(1);
    await expect(summaryLink(page, "Username is already taken")).toHaveCount(1);
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription(
      "Username is already taken",
    );
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("validation messages appear exactly as the spec", async ({
    page,
  }, testInfo) => {
    await page.goto("/auth");
    const signIn = page.getByRole("button", { name: "Sign In" });
    if (testInfo.project.name === "js")
      await expectHydrated(page.locator("form").filter({ has: signIn }));
    await signIn.click();
    if (testInfo.project.name === "no-js") {
      // Without JavaScript the browser's required-field check stops the post; the server's
      // messages for the same cases are covered by tests/integration/people/auth.test.ts.
      await expect(page.locator("#login-username:invalid")).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      return;
    }
    await expect(messageText(page, "Username is required")).toBeVisible();
    await expect(messageText(page, "Password is required")).toBeVisible();
    await page.goto("/auth?tab=register&as=employer");
    const register = page.getByRole("button", { name: "Register as Employer" });
    await expectHydrated(page.locator("form").filter({ has: register }));
    await page.getByLabel("Password").fill("123");
    await page.getByLabel("Email").fill("not-an-email");
    await register.click();
    await expect(
      messageText(page, "Password must be at least 6 characters"),
    ).toBeVisible();
    await expect(messageText(page, "Invalid email address")).toBeVisible();
    await expect(messageText(page, "First name is required")).toBeVisible();
    await expect(messageText(page, "Last name is required")).toBeVisible();
    await expect(messageText(page, "Company name is required")).toBeVisible();
  });

  test("Forgot password? asks for a username or e-mail", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(
      page.getByRole("heading", { name: "Forgot your password?" }),
    ).toBeVisible();
    await expect(page.getByLabel("Username or e-mail")).toBeVisible();
    await expect(
      page.getByText("Ask your employer to reset your password"),
    ).toBeVisible();
  });
});
