import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "#db/schema";
import { db } from "~/utils/db.server";
import {
  createEmployee,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";
import {
  expect,
  expectAccessible,
  test,
  messageText,
} from "./support/fixtures";

// /settings/api in Chromium, with and without JavaScript: an owner creates a key (its secret
// shown once), calls the API with it, sees its last use and revokes it; adds a webhook
// endpoint on a real receiver on 127.0.0.1, sees the delivery's response code and resends it;
// operates one endpoint on its own page: a change refused then saved, a test event that
// arrives signed and shows in the log, and a rotated secret shown once.

test.describe("API settings", () => {
  test("an owner creates a key, uses it, and revokes it", async ({
    page,
    loginAs,
    request,
  }) => {
    const owner = await createEmployer({ companyName: uniqueName("Keys") });
    await loginAs(owner);
    await page.goto("/settings");
    await page.getByRole("link", { name: "API page" }).click();
    await expect(
      page.getByRole("heading", { name: "API", exact: true }),
    ).toBeVisible();

    // The shared schema's messages, the same before and after a server round trip.
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(messageText(page, "Name is required")).toBeVisible();
    await page.getByLabel("Name").fill("Payroll sync");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(messageText(page, "Choose at least one scope")).toBeVisible();
    await page.getByLabel("Name").fill("Payroll sync");
    await page.getByRole("checkbox", { name: /employees:read/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();
    const secretBox = page.getByLabel("The new API key");
    await expect(secretBox).toBeVisible();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^ga_[\w-]{43}$/);

    const used = await request.get("/api/employees", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(used.status()).toBe(200);
    expect(used.headers()["set-cookie"]).toBeUndefined();

    await page.goto("/settings/api");
    await expect(page.getByLabel("The new API key")).toHaveCount(0);
    await expect(page.content()).resolves.not.toContain(secret);
    const keys = page.getByRole("region", { name: "API keys" });
    await expect(keys.getByText("Payroll sync")).toBeVisible();
    await expect(keys.getByText("Never")).toHaveCount(0);
    await expectAccessible(page);

    await keys
      .getByRole("button", { name: "Revoke the key Payroll sync" })
      .click();
    await expect(page.getByText("Key revoked").first()).toBeVisible();
    await expect(keys.getByText(/^Revoked /)).toBeVisible();
    const after = await request.get("/api/employees", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(after.status()).toBe(401);
  });

  test("an owner adds a webhook endpoint, sees the delivery's code and resends it", async ({
    page,
    loginAs,
  }) => {
    const bodies: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (req.headers["grocery-advance-signature"]) bodies.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    try {
      const owner = await createEmployer({ companyName: uniqueName("Hooks") });
      await loginAs(owner);
      await page.goto("/settings/api");
      await page.getByLabel("Endpoint URL").fill(url);
      await page.getByRole("checkbox", { name: "employee.joined" }).check();
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await expect(page.getByLabel("The signing secret")).toHaveValue(
        /^whsec_/,
      );

      await createEmployee(owner, { firstName: "Wendy", lastName: "Hook" });
      await expect.poll(() => bodies.length, { timeout: 15_000 }).toBe(1);
      expect(JSON.parse(bodies[0])).toMatchObject({
        type: "employee.joined",
        data: { firstName: "Wendy", lastName: "Hook" },
      });

      await page.goto("/settings/api");
      const deliveries = page.getByRole("region", {
        name: "Webhook deliveries",
      });
      await expect(deliveries.getByText(/HTTP 204/)).toBeVisible();
      await deliveries
        .getByRole("button", { name: /Resend employee.joined/ })
        .click();
      await expect(page.getByText("Delivery queued").first()).toBeVisible();
      await expect.poll(() => bodies.length, { timeout: 15_000 }).toBe(2);
      expect(JSON.parse(bodies[1]).id).toBe(JSON.parse(bodies[0]).id);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });

  test("an owner operates an endpoint on its page: change, test event, log, rotation", async ({
    page,
    loginAs,
  }) => {
    const pings: string[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        if (req.headers["grocery-advance-signature"]) pings.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ops`;
    try {
      const owner = await createEmployer({ companyName: uniqueName("Ops") });
      const [{ id: endpointId }] = await db()
        .insert(webhookEndpoints)
        .values({
          companyId: owner.companyId!,
          url,
          events: ["card.issued"],
          secret: "whsec_e2e_original",
        })
        .returning({ id: webhookEndpoints.id });
      await loginAs(owner);
      await page.goto("/settings/api");
      await page
        .getByRole("link", { name: `Manage the endpoint ${url}` })
        .click();
      await expect(
        page.getByRole("heading", {
          level: 1,
          name: "Webhook endpoint",
          exact: true,
        }),
      ).toBeVisible();

      // The shared schema's message, the same with and without JavaScript; nothing changes.
      await page.getByRole("checkbox", { name: "card.issued" }).uncheck();
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(
        messageText(page, "Choose at least one event"),
      ).toBeVisible();
      await page.getByRole("checkbox", { name: "deduction.collected" }).check();
      await page.getByLabel("Description (optional)").fill("Payroll sync");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("Endpoint changed").first()).toBeVisible();
      await expect(page.getByText("Payroll sync").first()).toBeVisible();

      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByText("Test event queued").first()).toBeVisible();
      await expect.poll(() => pings.length, { timeout: 15_000 }).toBe(1);
      expect(JSON.parse(pings[0])).toMatchObject({ type: "ping" });
      // Once the attempt is recorded, the log shows its answer.
      await expect
        .poll(
          async () =>
            (
              await db()
                .select({ status: webhookDeliveries.status })
                .from(webhookDeliveries)
                .where(eq(webhookDeliveries.endpointId, endpointId))
            ).map((d) => d.status),
          { timeout: 15_000 },
        )
        .toEqual(["delivered"]);
      await page.reload();
      await expect(
        page
          .getByRole("region", { name: "Deliveries to this endpoint" })
          .getByText("HTTP 204"),
      ).toBeVisible();

      await page.getByRole("button", { name: "Rotate secret" }).click();
      const secret = page.getByLabel("The new signing secret");
      await expect(secret).toHaveValue(/^whsec_/);
      await expect(
        page.getByText(/The old secret keeps signing too until/),
      ).toBeVisible();
      await expectAccessible(page);
    } finally {
      receiver.closeAllConnections();
      await new Promise((r) => receiver.close(r));
    }
  });
});
