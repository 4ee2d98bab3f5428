import { authenticatorCode } from "#tests/support/security";
import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
} from "#tests/support/factories";
import { mfaSecretOf } from "#tests/support/rows";
import {
  expect,
  expectAccessible,
  expectHydrated,
  isNoJs,
  test,
  messageText,
} from "./support/fixtures";

// Server-side sessions and two-factor sign-in in a real browser, with and without JavaScript.

async function signIn(page: import("@playwright/test").Page, username: string) {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(TEST_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sessions", () => {
  test("a known browser signs in while a stranger's guesses hold the username locked; the stranger's right password is refused", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    // Fifty password checks on a machine that runs two test workers.
    test.setTimeout(60_000);
    const employee = await createEmployee(await createEmployer());
    await signIn(page, employee.username);
    await expect(page).toHaveURL(/\/$/);
    // Signed out (the session cookie gone); the device cookie stays with the browser.
    await page.context().clearCookies({ name: "__session" });

    // A stranger spends the username's whole budget (the e2e server allows 50 per window).
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request
          .post("/api/login", {
            data: { username: employee.username, password: `guess-${i}` },
          })
          .then((res) => res.status()),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    const locked = await request.post("/api/login", {
      data: { username: employee.username, password: TEST_PASSWORD },
    });
    expect(locked.status()).toBe(429);

    // Another browser with the right password is refused, with the throttle's message.
    const other = await browser.newContext({
      baseURL,
      javaScriptEnabled: test.info().project.name !== "no-js",
    });
    const otherPage = await other.newPage();
    await signIn(otherPage, employee.username);
    await expect(
      otherPage.getByText(/Too many sign-in attempts/).first(),
    ).toBeVisible();
    await other.close();

    // The person's own browser signs in, and sees itself among the trusted devices.
    await signIn(page, employee.username);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    const devices = page.getByRole("list", { name: "Trusted devices" });
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    await expect(devices.getByText("This browser")).toBeVisible();
    await devices.getByRole("button", { name: /^Forget / }).click();
    await expect(page.getByText("Device forgotten").first()).toBeVisible();
    await expect(page.getByText("No trusted devices.")).toBeVisible();
  });

  test("an employee sees their sessions on /profile and signs the others out", async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers signing in and an accessibility scan: 14–16 s on an idle two-core machine,
    // over 30 s in CI beside the other worker's scans.
    test.setTimeout(60_000);
    const employee = await createEmployee(await createEmployer());
    // Another browser profile signed in as the same employee.
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await signIn(otherPage, employee.username);
    await expect(otherPage).toHaveURL(/\/$/);

    await signIn(page, employee.username);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/profile");
    const list = page.getByRole("list", { name: "Active sessions" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByText("This device")).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign out other sessions" }).click();
    await expect(
      page.getByText("1 other session has been signed out."),
    ).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    // The other browser is signed out on its next request.
    await otherPage.goto("/history");
    await expect(otherPage).toHaveURL(/\/auth\?redirectTo=%2Fhistory$/);
    await other.close();
  });

  test("a cookie copied before sign-out does not work after it", async ({
    page,
    context,
    baseURL,
    loginAs,
  }) => {
    const employee = await createEmployee(await createEmployer());
    // The session as the sign-in action makes it (the form is the other tests' subject).
    await loginAs(employee);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Logout" })).toBeAttached();
    const copied = (await context.cookies()).find(
      (c) => c.name === "__session",
    )!;
    await page.getByRole("button", { name: "Logout" }).click({ force: true });
    await expect(page).toHaveURL(/\/auth$/);
    const replay = await fetch(`${baseURL}/api/user`, {
      headers: { Cookie: `__session=${copied.value}` },
    });
    expect(replay.status).toBe(401);
    const home = await fetch(`${baseURL}/`, {
      headers: { Cookie: `__session=${copied.value}` },
      redirect: "manual",
    });
    expect(home.status).toBe(302);
    expect(home.headers.get("Location")).toBe("/auth");
  });
});

test.describe("two-factor sign-in for employers", () => {
  test("set up on Settings › Security, then sign in with a code; a wrong or reused code is refused", async ({
    page,
    loginAs,
  }) => {
    // Set-up, three sign-ins and two scrypt checks: a long journey on a shared machine.
    test.slow();
    const employer = await createEmployer({ firstName: "Tess" });
    await loginAs(employer);
    await page.goto("/settings");
    const security = page.locator("#security");
    await expect(
      security.getByRole("heading", { name: "Two-factor sign-in" }),
    ).toBeVisible();
    await security
      .getByRole("button", { name: "Set up two-factor sign-in" })
      .click();
    await expect(
      security.getByRole("img", { name: "QR code for your authenticator app" }),
    ).toBeVisible();
    const manualKey = (await security
      .getByTestId("mfa-manual-key")
      .textContent())!.replace(/\s/g, "");
    expect(manualKey).toBe(await mfaSecretOf(employer.id));

    await security.getByLabel("Code from the app").fill("000000");
    await security
      .getByRole("button", { name: "Turn on two-factor sign-in" })
      .click();
    await expect(
      messageText(security, "Invalid or already used two-factor code."),
    ).toBeVisible();

    const enrolCode = authenticatorCode(manualKey);
    await security.getByLabel("Code from the app").fill(enrolCode);
    await security
      .getByRole("button", { name: "Turn on two-factor sign-in" })
      .click();
    const codes = security.getByRole("list", { name: "Recovery codes" });
    await expect(codes.getByRole("listitem")).toHaveCount(10);
    const recovery = (await codes.getByRole("listitem").first().textContent())!;
    await expectAccessible(page);

    // Sign out and back in: the password, then the code.
    await page.getByRole("button", { name: "Logout" }).click({ force: true });
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, employer.username);
    await expect(page).toHaveURL(/\/auth\?step=code$/);
    await expect(
      page.getByRole("heading", { name: "Two-factor verification" }),
    ).toBeVisible();
    await expectAccessible(page);
    // The code used for set-up cannot be used again.
    await page.getByLabel("Authentication code").fill(enrolCode);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      messageText(
        page.locator("#mfa"),
        "Invalid or already used two-factor code.",
      ),
    ).toBeVisible();
    // Half signed in is not signed in.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);

    // A recovery code signs in (once).
    await signIn(page, employer.username);
    await expect(page).toHaveURL(/\/auth\?step=code$/);
    await page.getByLabel("Authentication code").fill(recovery);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Welcome back, Tess!")).toBeVisible();
    await page.goto("/settings");
    await expect(page.locator("#security")).toContainText(
      "9 of 10 recovery codes left",
    );
  });

  test("the code step keeps redirectTo and signs in with a fresh code", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    await loginAs(employer);
    await page.goto("/settings");
    const setUp = page.getByRole("button", {
      name: "Set up two-factor sign-in",
    });
    // A click while the page hydrates can be lost under load: press once React has the form.
    if (!isNoJs(test.info().project.name)) await expectHydrated(setUp);
    await setUp.click();
    const key = (await page
      .getByTestId("mfa-manual-key")
      .textContent())!.replace(/\s/g, "");
    await page.getByLabel("Code from the app").fill(authenticatorCode(key));
    await page
      .getByRole("button", { name: "Turn on two-factor sign-in" })
      .click();
    await expect(
      page.getByRole("list", { name: "Recovery codes" }),
    ).toBeVisible();
    await page.context().clearCookies();

    await page.goto("/approvals");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fapprovals$/);
    await page.getByLabel("Username").fill(employer.username);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\?step=code&redirectTo=%2Fapprovals$/);
    // The next time-step's code: the set-up used this one.
    await page
      .getByLabel("Authentication code")
      .fill(authenticatorCode(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/approvals$/);
  });
});
