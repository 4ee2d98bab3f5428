import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { and, desc, eq, inArray } from "drizzle-orm";
import { mailOutbox } from "#db/schema";
import { db } from "~/utils/db.server";
import { inviteEmployee, registerUser } from "~/models/companies/index.server";

import {
  TEST_PASSWORD,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  isNoJs,
  test,
  messageText,
} from "./support/fixtures";

// Companies in Chromium, with and without JavaScript: an owner invites an employee who joins
// from the mailed link with their own password and requests an advance; a colleague joins the
// team as an approver and sees only what an approver may; a roster is previewed and imported.

/**
 * The /join/<token> path in the newest invitation mail to an address, read as its recipient
 * would: from the mail itself (the e2e server has no mail server, so the outbox row is the
 * recipient's copy). No page shows it to the inviter.
 */
async function joinPath(email: string): Promise<string> {
  const newest = async () => {
    const [row] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, email),
          inArray(mailOutbox.kind, [
            "invitation.employee",
            "invitation.member",
          ]),
        ),
      )
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row?.text ?? "";
  };
  await expect.poll(newest).toMatch(/\/join\/[\w-]+/);
  return new URL((await newest()).match(/https?:\/\/\S+\/join\/[\w-]+/)![0])
    .pathname;
}

test.describe("companies", () => {
  test("an invited employee joins with their own password, lands on their dashboard and requests an advance", async ({
    page,
    browser,
    loginAs,
  }, testInfo) => {
    const owner = await createEmployer({ companyName: uniqueName("Mart") });
    await loginAs(owner);
    await page.goto("/employees");
    await page.getByRole("link", { name: "Invite Employee" }).click();
    await expect(
      page.getByRole("heading", { name: "Invite Employee" }),
    ).toBeVisible();
    const email = `${uniqueName("joiner")}@example.com`;
    // The shared schema's message, the same before and after a server round trip.
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(messageText(page, "First name is required")).toBeVisible();
    await page.getByLabel("First Name").fill("Rosa");
    await page.getByLabel("Last Name").fill("Diaz");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Department (optional)").fill("Bakery");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page).toHaveURL(/\/employees$/);
    await expect(page.getByText("Invitation sent").first()).toBeVisible();
    const invitations = page.getByRole("region", { name: "Invitations" });
    await expect(invitations.getByText(email)).toBeVisible();
    await expect(invitations.getByText("Pending")).toBeVisible();
    await expectAccessible(page);

    // The invitee, in a browser of their own.
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: !isNoJs(testInfo.project.name),
    });
    const invitee = await context.newPage();
    await invitee.goto(await joinPath(email));
    // The token leaves the address bar at once.
    await expect(invitee).toHaveURL(/\/join$/);
    await expect(
      invitee.getByRole("heading", { name: `Join ${owner.companyName}` }),
    ).toBeVisible();
    await expect(invitee.getByLabel("First name")).toHaveValue("Rosa");
    await invitee.getByLabel("Username").fill(uniqueName("rosa"));
    await invitee.getByLabel("Password").fill("Basil-Lantern-62");
    await invitee
      .getByRole("button", { name: "Create account and join" })
      .click();
    await expect(
      invitee.getByRole("heading", { name: /Rosa/ }).first(),
    ).toBeVisible();
    await expect(invitee.getByText("$500.00").first()).toBeVisible();
    await invitee.goto("/request");
    // Before the first advance: the wage-deduction authorization, signed on the page itself
    // (with and without JavaScript), then the form.
    const sign = invitee.getByTestId("sign-authorization");
    await expect(sign).toContainText(
      "Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.",
    );
    await expect(sign).toContainText("I authorize my employer to deduct");
    await sign.getByRole("button", { name: "Sign the authorization" }).click();
    await expect(
      invitee.getByText("Authorization signed").first(),
    ).toBeVisible();
    await invitee.getByLabel(/I agree to the terms and conditions/).check();
    await invitee.getByRole("button", { name: "Submit Request" }).click();
    await expect(invitee.getByText("Request submitted")).toBeVisible();
    await context.close();

    // The link works once.
    const again = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: !isNoJs(testInfo.project.name),
    });
    const late = await again.newPage();
    await late.goto(await joinPath(email));
    await expect(
      late.getByRole("heading", { name: "This invitation was already used" }),
    ).toBeVisible();
    await again.close();
  });

  test("a signed-in employee joins with their account once they confirm the address the invitation was sent to", async ({
    page,
    loginAs,
  }) => {
    const owner = await createEmployer({ companyName: uniqueName("Grocer") });
    const email = `${uniqueName("sam")}@example.com`;
    const self = await registerUser({
      role: "EMPLOYEE",
      username: uniqueName("sam"),
      password: TEST_PASSWORD,
      firstName: "Sam",
      lastName: "Self",
      email,
      department: undefined,
    });
    await inviteEmployee(owner, { email, firstName: "Sam", lastName: "Self" });
    await loginAs(self);
    await page.goto(await joinPath(email));
    await expect(page).toHaveURL(/\/join$/);
    await expect(
      page.getByText(`This invitation was sent to ${email}.`),
    ).toBeVisible();
    // Not confirmed: the shared schema's message, in the browser or from the server.
    await page
      .getByRole("button", { name: `Join ${owner.companyName}` })
      .click();
    await expect(
      messageText(
        page,
        "Confirm that this invitation was sent to your address.",
      ),
    ).toBeVisible();
    await expectAccessible(page);
    // In Spanish the same question.
    await page.getByRole("button", { name: "Español" }).click();
    await expect(
      page.getByText(`Esta invitación se envió a ${email}.`),
    ).toBeVisible();
    await page.getByLabel(`${email} es mi dirección`).check();
    await page
      .getByRole("button", { name: `Unirme a ${owner.companyName}` })
      .click();
    await expect(
      page.getByTestId("toast").getByText("Te damos la bienvenida"),
    ).toBeVisible();
  });

  test("an approver joins the team and sees only what an approver may", async ({
    page,
    browser,
    loginAs,
  }, testInfo) => {
    const owner = await createEmployer({ companyName: uniqueName("Team") });
    await loginAs(owner);
    await page.goto("/settings/team");
    // The only owner is offered no Remove on themselves.
    const ownerRow = page
      .getByRole("region", { name: "Team members" })
      .getByRole("row")
      .filter({ hasText: "(you)" });
    await expect(ownerRow.getByText("The only owner")).toBeVisible();
    await expect(ownerRow.getByText("Remove", { exact: true })).toHaveCount(0);
    const email = `${uniqueName("approver")}@example.com`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("APPROVER");
    // The invitee's language: the company's by default.
    await expect(page.getByLabel("Language of the invitation")).toHaveValue(
      "en",
    );
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent").first()).toBeVisible();

    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      javaScriptEnabled: !isNoJs(testInfo.project.name),
    });
    const approver = await context.newPage();
    await approver.goto(await joinPath(email));
    await expect(approver.getByText("as approver")).toBeVisible();
    // A colleague's invitation is for a new account: no question about an employee account.
    await expect(
      approver.getByText("Already have an employee account?"),
    ).toHaveCount(0);
    await approver.getByLabel("First name").fill("Abe");
    await approver.getByLabel("Last name").fill("Prover");
    await approver.getByLabel("Username").fill(uniqueName("abe"));
    await approver.getByLabel("Password").fill("Basil-Lantern-62");
    await approver
      .getByRole("button", { name: "Create account and join" })
      .click();
    await expect(
      approver.getByRole("link", { name: "Approve Requests" }).first(),
    ).toBeVisible();
    await expect(approver.getByRole("link", { name: "Activity" })).toHaveCount(
      0,
    );
    const refused = await approver.goto("/payroll");
    expect(refused?.status()).toBe(403);
    await expect(
      approver.getByRole("heading", { name: "Access Denied" }),
    ).toBeVisible();
    await context.close();

    await page.goto("/settings/team");
    const members = page.getByRole("region", { name: "Team members" });
    await expect(
      members.getByText("Abe Prover", { exact: true }),
    ).toBeVisible();
    await expect(
      members.getByLabel("Role of Abe Prover", { exact: true }),
    ).toHaveValue("APPROVER");
    // Abe signed in by joining: his last sign-in is a date, not "Never".
    const abe = members.getByRole("row").filter({ hasText: "Abe Prover" });
    await expect(abe.getByText("Never")).toHaveCount(0);
    await expect(
      abe.getByText(/^[A-Z][a-z]{2} [1-9]\d?, \d{4} \d{2}:\d{2}$/),
    ).toBeVisible();
    await expectAccessible(page);

    // Remove takes a confirmation, without JavaScript too.
    await abe.getByText("Remove", { exact: true }).click();
    await expect(
      abe.getByText(
        /^Remove Abe Prover from the team\? Their sessions end at once/,
      ),
    ).toBeVisible();
    await abe.getByRole("button", { name: "Yes, remove Abe Prover" }).click();
    await expect(page.getByText("Member removed").first()).toBeVisible();
    await expect(members.getByText("Abe Prover", { exact: true })).toHaveCount(
      0,
    );
  });

  test("a roster is previewed with its problems, then imported with its progress shown", async ({
    page,
    loginAs,
  }) => {
    const owner = await createEmployer({ companyName: uniqueName("Roster") });
    await loginAs(owner);
    const tag = uniqueName("r");
    const file = path.join(os.tmpdir(), `${tag}.csv`);
    fs.writeFileSync(
      file,
      [
        "First name,Last name,Email,Department",
        `Ana,Lopez,${tag}.ana@example.com,Deli`,
        `Bo,Chen,${tag}.bo@example.com,Bakery`,
        "Cy,,cy@example.com,Deli",
        `Di,Dup,${tag}.ana@example.com,Deli`,
        "Ed,Bad,not-an-email,Deli",
      ].join("\n"),
    );
    await page.goto("/employees/import");
    await page.getByLabel("Roster file (CSV)").setInputFiles(file);
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page).toHaveURL(/\/employees\/import\/\d+$/);
    const problems = page.getByRole("region", { name: "Rows with problems" });
    await expect(problems.getByText("Last name is required")).toBeVisible();
    await expect(
      problems.getByText("Duplicate of line 2 in this file"),
    ).toBeVisible();
    await expect(problems.getByText("Invalid email address")).toBeVisible();
    await page.getByRole("button", { name: "Send 2 invitations" }).click();
    await expect(page.getByText("2 of 2 rows done: 2 invited")).toBeVisible({
      timeout: 15_000,
    });
    await page.goto("/employees");
    await expect(page.getByText(`${tag}.bo@example.com`)).toBeVisible();
    fs.rmSync(file);
  });
});
