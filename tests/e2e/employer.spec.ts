import { subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { advanceRequests } from "#db/schema";
import { db } from "~/utils/db.server";
import { insertAdvance, setAvailableBalance } from "#tests/support/data";
import {
  employeeOf,
  deductionsOf,
  insertEmployees,
  requestRow,
} from "#tests/support/rows";
import {
  createEmployee,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  expectHydrated,
  isNoJs,
  test,
  messageText,
  summaryLink,
} from "./support/fixtures";

/** An employer with two employees and one pending request of each. */
async function company() {
  const employer = await createEmployer({ companyName: uniqueName("Co") });
  const ann = await createEmployee(employer, {
    firstName: "Annika",
    lastName: "Archer",
    email: "annika@example.com",
    department: "Bakery",
  });
  const ben = await createEmployee(employer, {
    firstName: "Bruno",
    lastName: "Brook",
    email: "bruno@example.com",
    department: "Dairy",
  });
  const annRequest = await insertAdvance(ann, {
    amount: "450.00",
    periods: 3,
    reason: "Stocking up",
    requestDate: subDays(new Date(), 2),
  });
  const benRequest = await insertAdvance(ben, {
    amount: "250.00",
    requestDate: subDays(new Date(), 1),
  });
  return { employer, ann, ben, annRequest, benRequest };
}

test.describe("employer dashboard", () => {
  test("shows the cards, pending approvals and employees, and approves by form post", async ({
    page,
    loginAs,
  }) => {
    const { employer, annRequest } = await company();
    await loginAs(employer);
    await page.goto("/");
    await expect(
      page.getByRole("heading", {
        name: `Welcome, ${employer.firstName}`,
      }),
    ).toBeVisible();
    // A company created today: no last month to compare with, and no made-up trend.
    await expect(page.getByText("— (no last month to compare)")).toHaveCount(2);
    await expect(
      page.getByText(/^Next payroll: \w{3} [1-9]\d?, \d{4}$/),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute(
      "href",
      "/payroll/export",
    );
    await expect(
      page.getByRole("link", { name: "Add Employee" }),
    ).toHaveAttribute("href", "/employees/add");
    await expect(page.getByText("Showing 1 to 2 of 2")).toBeVisible();
    // The next step first: the requests waiting, with the one button that reviews them.
    const toDo = page.getByRole("region", { name: "To do" });
    await expect(toDo.getByRole("listitem")).toHaveText([
      /^2 requests are waiting for your decision\.\s*Review requests$/,
    ]);
    await expect(
      toDo.getByRole("link", { name: "Review requests" }),
    ).toHaveAttribute("href", "/approvals");
    const pending = page.getByRole("table", { name: "Pending approvals" });
    await expect(pending.getByRole("row")).toHaveCount(3);
    await expect(pending.getByText("$450.00")).toBeVisible();
    await expectAccessible(page);

    await pending
      .getByRole("button", { name: "Approve Annika Archer's request" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Request approved")).toBeVisible();
    await expect(
      page.getByText("Annika Archer's advance of $450.00 is approved."),
    ).toBeVisible();
    await expect(pending.getByRole("row")).toHaveCount(2);
    // The to-do follows: one request left, and Annika approved but not yet paid for.
    await expect(toDo.getByRole("listitem")).toHaveText([
      /^1 request is waiting for your decision\./,
      /^Annika Archer was approved for \$450\.00 and has not paid the fee yet;/,
    ]);
    expect((await requestRow(annRequest.id)).status).toBe("APPROVED");
    // Approval reserves the balance; the deductions come with the card.
    expect(await deductionsOf(annRequest.id)).toHaveLength(0);
  });

  test("the search box and Filter lead to /employees?q=", async ({
    page,
    loginAs,
  }) => {
    const { employer } = await company();
    await loginAs(employer);
    await page.goto("/");
    await page
      .getByRole("searchbox", { name: "Search employees" })
      .fill("dairy");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/\/employees\?q=dairy$/);
    // The address changes before the list's page has replaced the dashboard, which names
    // Bruno twice (a pending request and an employee): wait for the list's own heading.
    await expect(
      page.getByRole("heading", { level: 1, name: "Employees" }),
    ).toBeVisible();
    await expect(page.getByText("Bruno Brook", { exact: true })).toBeVisible();
    await expect(page.getByText("Annika Archer", { exact: true })).toBeHidden();
  });

  for (const language of ["en", "es"] as const) {
    test(`the Pending Deductions card at 1280 px puts the next payroll and what is due then on lines apart (${language})`, async ({
      page,
      context,
      loginAs,
    }) => {
      await context.addCookies([
        {
          name: "lng",
          value: language,
          url: test.info().project.use.baseURL!,
        },
      ]);
      await page.setViewportSize({ width: 1280, height: 900 });
      const { employer } = await company();
      await loginAs(employer);
      await page.goto("/");
      const next = page.getByTestId("next-payroll");
      const due = page.getByTestId("due-next-payroll");
      // The date ends its line; the sum due that day is its own line, not a run-on sentence.
      await expect(next).toHaveText(
        language === "en"
          ? /^Next payroll: [A-Z][a-z]{2} [1-9]\d?, \d{4}$/
          : /^Próxima nómina: [1-9]\d? \S+ \d{4}$/,
      );
      await expect(due).toHaveText(
        language === "en"
          ? /^\$\d+\.\d\d due then$/
          : /^\$\d+\.\d\d se descuentan ese día$/,
      );
      const date = (await next.boundingBox())!;
      const amount = (await due.boundingBox())!;
      expect(amount.y).toBeGreaterThanOrEqual(date.y + date.height + 4);
    });
  }
});

test.describe("/approvals", () => {
  test("approves a request", async ({ page, loginAs }) => {
    const { employer, benRequest } = await company();
    await loginAs(employer);
    await page.goto("/approvals");
    await expect(
      page.getByRole("heading", { name: "Approve Requests" }),
    ).toBeVisible();
    for (const column of [
      "Employee",
      "Request Date",
      "Amount",
      "Reason",
      "Current Balance",
      "Repayment Periods",
      "Actions",
    ]) {
      await expect(
        page.getByRole("columnheader", { name: column, exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole("cell", { name: "Stocking up" })).toBeVisible();
    await expectAccessible(page);

    await page
      .getByRole("button", { name: "Approve Bruno Brook's request" })
      .click();
    await expect(page.getByText("Request approved")).toBeVisible();
    await expect(page).toHaveURL(/\/approvals$/);
    await expect(page.getByText("Bruno Brook", { exact: true })).toBeHidden();
    expect((await requestRow(benRequest.id)).status).toBe("APPROVED");
  });

  test("declines a request with a reason through the dialog", async ({
    page,
    loginAs,
  }) => {
    const { employer, annRequest, benRequest } = await company();
    await loginAs(employer);
    await page.goto("/approvals");
    await page
      .getByRole("link", { name: "Decline Annika Archer's request" })
      .click();
    const dialog = page.getByRole("dialog", {
      name: "Decline Advance Request",
    });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText("This reason will be shared with the employee."),
    ).toBeVisible();
    await expectAccessible(page);

    // Cancel closes it and changes nothing.
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await requestRow(annRequest.id)).status).toBe("PENDING");

    await page
      .getByRole("link", { name: "Decline Annika Archer's request" })
      .click();
    await dialog
      .getByLabel("Reason for declining (optional)")
      .fill("Please repay your current advance first.");
    await dialog.getByRole("button", { name: "Decline Request" }).click();
    await expect(page.getByText("Request declined")).toBeVisible();
    await expect(
      page.getByText("Annika Archer's advance of $450.00 is declined."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Annika Archer", { exact: true })).toBeHidden();
    expect(await requestRow(annRequest.id)).toMatchObject({
      status: "DECLINED",
      rejectionReason: "Please repay your current advance first.",
    });

    // Without a reason, the default one.
    await page
      .getByRole("link", { name: "Decline Bruno Brook's request" })
      .click();
    await dialog.getByRole("button", { name: "Decline Request" }).click();
    await expect(
      page.getByText("No pending approval requests at this time."),
    ).toBeVisible();
    expect((await requestRow(benRequest.id)).rejectionReason).toBe(
      "Declined by employer",
    );
  });

  test("a request decided elsewhere shows 'Approval failed' and changes nothing", async ({
    page,
    loginAs,
  }, testInfo) => {
    const { employer, benRequest } = await company();
    await loginAs(employer);
    await page.goto("/approvals");
    // With JavaScript the page catches up once its live updates begin: only then is it left
    // alone until the next event.
    if (!isNoJs(testInfo.project.name))
      await expect(page.locator("html[data-live=on]")).toBeAttached();
    // Decided behind the page's back, without an event (as if its live update were lost):
    // the live page would otherwise refresh and drop the row before the click.
    await db()
      .update(advanceRequests)
      .set({
        status: "DECLINED",
        rejectionDate: new Date(),
        rejectionReason: "Decided in another tab",
      })
      .where(eq(advanceRequests.id, benRequest.id));
    await page
      .getByRole("button", { name: "Approve Bruno Brook's request" })
      .click();
    await expect(page.getByText("Approval failed")).toBeVisible();
    await expect(
      page.getByText("There was an error approving the request."),
    ).toBeVisible();
    await expect(
      page.getByText("This request has already been decided."),
    ).toBeVisible();
    expect(await requestRow(benRequest.id)).toMatchObject({
      status: "DECLINED",
      approvalDate: null,
    });
  });
});

test.describe("/employees", () => {
  test("lists, searches and shows an employee's details", async ({
    page,
    loginAs,
  }, testInfo) => {
    const { employer, ann } = await company();
    await loginAs(employer);
    await page.goto("/employees");
    await expect(
      page.getByRole("heading", { name: "Employees" }),
    ).toBeVisible();
    await expect(page.getByText("Showing 2 of 2 employees")).toBeVisible();
    await expectAccessible(page);

    const search = page.getByRole("searchbox", { name: "Search employees" });
    await expect(search).toHaveAttribute("placeholder", "Search employees...");
    await search.fill("ARCHER");
    if (isNoJs(testInfo.project.name)) await search.press("Enter");
    // With JavaScript the list filters as you type; without, on Enter.
    await expect(page).toHaveURL(/\/employees\?q=ARCHER$/);
    await expect(page.getByText("Showing 1 of 2 employees")).toBeVisible();
    await expect(page.getByText("Bruno Brook", { exact: true })).toBeHidden();

    await search.fill("nobody-matches");
    if (isNoJs(testInfo.project.name)) await search.press("Enter");
    // An empty search says so; "Add your first employee" is for a company with none.
    await expect(
      page.getByText(
        "No employees match “nobody-matches”. Try another name, e-mail or department.",
      ),
    ).toBeVisible();

    await page.goto("/employees?q=annika");
    await page.getByText("Actions for Annika Archer").click();
    await page.getByRole("link", { name: "View Details" }).click();
    const id = (await employeeOf(ann)).id;
    await expect(page).toHaveURL(new RegExp(`/employees/${id}$`));
    await expect(
      page.getByRole("heading", { name: "Annika Archer" }),
    ).toBeVisible();
    await expect(page.getByText(ann.username, { exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Stocking up" })).toBeVisible();
    await expect(page.getByText("No virtual cards issued.")).toBeVisible();
    await expectAccessible(page);
  });

  test("another employer's employee is not found", async ({
    page,
    loginAs,
  }) => {
    const { ann } = await company();
    await loginAs(await createEmployer());
    const response = await page.goto(
      `/employees/${(await employeeOf(ann)).id}`,
    );
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "404 Page Not Found" }),
    ).toBeVisible();
  });

  test("pages through a large company 25 at a time", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    await insertEmployees(employer, 27, "Pager");
    await loginAs(employer);
    await page.goto("/employees");
    await expect(page.getByText("Showing 25 of 27 employees")).toBeVisible();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/employees\?page=2$/);
    await expect(page.getByText("Showing 2 of 27 employees")).toBeVisible();
    await expect(page.getByText("Pager 27", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page.getByText("Pager 01", { exact: true })).toBeVisible();
  });
});

test.describe("adding an employee", () => {
  test("through the Add New Employee dialog on /employees", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    await loginAs(employer);
    await page.goto("/employees");
    await expect(
      page.getByText(
        "No employees found. Add your first employee to get started.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Add Employee" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Employee" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    const username = uniqueName("nina");
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByLabel("Last name").fill("Novak");
    await dialog.getByLabel("Email").fill("nina@example.com");
    await dialog.getByLabel("Department (optional)").fill("Deli");
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Password").fill("Basil-Lantern-62");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(page.getByText("Employee added")).toBeVisible();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Nina Novak", { exact: true })).toBeVisible();
    await expect(page.getByText("Showing 1 of 1 employees")).toBeVisible();
  });

  test("the dialog closes once the employee is added, even when the list's live update comes first", async ({
    page,
    loginAs,
  }, testInfo) => {
    test.skip(isNoJs(testInfo.project.name), "live updates need JavaScript");
    await loginAs(await createEmployer());
    await page.goto("/employees?dialog=add");
    await expect(page.locator("html[data-live=on]")).toBeAttached();
    const dialog = page.getByRole("dialog", { name: "Add New Employee" });
    await expectHydrated(dialog.locator("form"));
    // The post's answer is held back until the page has had the new employee's event and
    // reloaded its data for it, or 3 s have passed: as on a busy server, whose event reaches
    // the page before its answer does. A reload started then must not cost the post its redirect.
    let reloaded = false;
    page.on("request", (request) => {
      if (
        request.method() === "GET" &&
        new URL(request.url()).pathname.endsWith(".data")
      )
        reloaded = true;
    });
    await page.route(
      (url) => /^\/employees\/add(\.data)?$/.test(url.pathname),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const response = await route.fetch();
        for (let waited = 0; waited < 3_000 && !reloaded; waited += 100)
          await new Promise((done) => setTimeout(done, 100));
        await route.fulfill({ response });
      },
    );
    await dialog.getByLabel("First name").fill("Nina");
    await dialog.getByLabel("Last name").fill("Novak");
    await dialog.getByLabel("Email").fill("nina@example.com");
    await dialog.getByLabel("Username").fill(uniqueName("nina"));
    await dialog.getByLabel("Password").fill("Basil-Lantern-62");
    await dialog.getByRole("button", { name: "Add Employee" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Employee added")).toBeVisible();
    await expect(page.getByText("Nina Novak", { exact: true })).toBeVisible();
  });

  test("on the /employees/add page, with the spec's messages and a taken username", async ({
    page,
    loginAs,
  }, testInfo) => {
    const employer = await createEmployer();
    const existing = await createEmployee(employer);
    await loginAs(employer);
    await page.goto("/employees/add");
    await expect(
      page.getByRole("heading", { name: "Add New Employee" }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expectAccessible(page);

    if (!isNoJs(testInfo.project.name)) {
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByLabel("Password").fill("123");
      await page.getByRole("button", { name: "Add Employee" }).click();
      for (const message of [
        "First name is required",
        "Last name is required",
        "Invalid email address",
        "Username is required",
        "Password must be at least 6 characters",
      ]) {
        await expect(messageText(page, message)).toBeVisible();
      }
    }

    await page.getByLabel("First name").fill("Tom");
    await page.getByLabel("Last name").fill("Taken");
    await page.getByLabel("Email").fill("tom@example.com");
    await page.getByLabel("Username").fill(existing.username);
    await page.getByLabel("Password").fill("Basil-Lantern-62");
    await page.getByRole("button", { name: "Add Employee" }).click();
    // One error in one place: under Username; no toast, no form-level copy.
    await expect(messageText(page, "Username is already taken")).toHaveCount(1);
    await expect(summaryLink(page, "Username is already taken")).toHaveCount(1);
    await expect(page.getByLabel("Username")).toHaveAccessibleDescription(
      "Username is already taken",
    );
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(page.getByText("Failed to add employee")).toHaveCount(0);
    // The input is kept (except the password).
    await expect(page.getByLabel("First name")).toHaveValue("Tom");

    await page.getByLabel("Username").fill(uniqueName("tom"));
    await page.getByLabel("Password").fill("Basil-Lantern-62");
    await page.getByRole("button", { name: "Add Employee" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByText("Employee added")).toBeVisible();
    await expect(page.getByText("Tom Taken", { exact: true })).toBeVisible();
  });
});

test("Approve is disabled with the reason when the balance no longer covers the request", async ({
  page,
  loginAs,
}) => {
  const employer = await createEmployer({ companyName: uniqueName("Co") });
  const dee = await createEmployee(employer, {
    firstName: "Delia",
    lastName: "Dunn",
  });
  await insertAdvance(dee, { amount: "400.00" });
  await setAvailableBalance(dee, "300.00");
  await loginAs(employer);
  for (const path of ["/approvals", "/"]) {
    await page.goto(path);
    const approve = page.getByRole("button", {
      name: "Approve Delia Dunn's request",
    });
    await expect(approve).toBeDisabled();
    await expect(approve).toHaveAccessibleDescription(
      "The employee's available balance no longer covers this amount.",
    );
    await expect(
      page
        .getByRole("button", { name: "Decline Delia Dunn's request" })
        .or(page.getByRole("link", { name: "Decline Delia Dunn's request" })),
    ).toBeVisible();
  }
});

test("an offboarding posted empty answers with the error summary at the top, focused, linked to each field", async ({
  page,
  loginAs,
}, testInfo) => {
  const { employer, ann } = await company();
  await loginAs(employer);
  await page.goto(`/employees/${(await employeeOf(ann)).id}`);
  const form = page.locator("form#offboard");
  // With JavaScript the form is an island: its code arrives after the page's. Until then a
  // submit is the browser's own post, answered by the server (the no-JS case below).
  if (testInfo.project.name !== "no-js") await expectHydrated(form);
  // Past the browser's own required-field check, so the server answers the post.
  await form.evaluate((f: HTMLFormElement) => {
    f.noValidate = true;
  });
  await form.getByRole("button", { name: "Offboard Annika" }).click();
  const summary = form.getByTestId("error-summary");
  await expect(summary).toBeVisible();
  // Without JavaScript the reloaded page focuses the summary (autofocus); with it, the form
  // is checked in the browser, which focuses the first field in error under the same summary.
  if (testInfo.project.name === "no-js") await expect(summary).toBeFocused();
  else await expect(form.getByLabel("Last pay date")).toBeFocused();
  await expect(summary.getByRole("link")).toHaveCount(2);
  // Above the fields, each message a link to its field.
  const [summaryBox, fieldBox] = await Promise.all([
    summary.boundingBox(),
    form.getByLabel("Last pay date").boundingBox(),
  ]);
  expect(summaryBox!.y).toBeLessThan(fieldBox!.y);
  const first = summary.getByRole("link").first();
  await expect(first).toHaveAttribute(
    "href",
    `#${await form.getByLabel("Last pay date").getAttribute("id")}`,
  );
  expect(await employeeOf(ann)).toMatchObject({ offboardedAt: null });
});
