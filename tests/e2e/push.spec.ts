import { createEmployee, createEmployer } from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  expectHydrated,
  isNoJs,
  test,
} from "./support/fixtures";

// The notification settings on /profile, as only a browser shows them:
// without JavaScript the page says that turning push on needs it, and the choices still save;
// with it the device's toggle appears once the browser's PushManager has been asked.

test("the profile's notification settings, with and without JavaScript", async ({
  page,
  loginAs,
}, testInfo) => {
  const employer = await createEmployer();
  const employee = await createEmployee(employer);
  await loginAs(employee);
  await page.goto("/profile");
  const section = page.locator("#push");
  await expect(
    page.getByRole("heading", { name: "Notifications on your devices" }),
  ).toBeVisible();
  const needsJs = section.getByText(
    "Turning notifications on for a device needs JavaScript",
  );
  if (isNoJs(testInfo.project.name)) {
    await expect(needsJs).toBeVisible();
  } else {
    await expectHydrated(
      section.getByRole("button", { name: "Save notification choices" }),
    );
    await expect(needsJs).toBeHidden();
    // The browser was asked: this Chromium refuses notifications to pages it automates, so the
    // toggle says they are blocked; a browser that allows them offers "Turn on for this device".
    await expect(section.getByRole("status")).toHaveText(
      /Notifications are (off for this device|blocked for this site)/,
    );
  }
  await expect(
    section.getByText("No device gets notifications yet."),
  ).toBeVisible();
  await expectAccessible(page);

  const credit = section.getByLabel("A credit on its way to you");
  await expect(credit).toBeChecked();
  await credit.uncheck();
  await section
    .getByRole("button", { name: "Save notification choices" })
    .click();
  await expect(page.getByText("Notification choices saved")).toBeVisible();
  await page.reload();
  await expect(
    page.locator("#push").getByLabel("A credit on its way to you"),
  ).not.toBeChecked();
  await expect(
    page.locator("#push").getByLabel("Your grocery card is ready"),
  ).toBeChecked();
});
