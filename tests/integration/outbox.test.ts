import { eq } from "drizzle-orm";
import { mailOutbox } from "#db/schema";
import { approveAdvance } from "~/models/approval.server";
import { loader as outboxLoader } from "~/routes/_app.outbox";
import { action as forgotAction } from "~/routes/forgot-password";
import {
  action as resetAction,
  loader as resetLoader,
} from "~/routes/reset-password";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { RESET_LINK_INVALID, RESET_SENT } from "~/validation/password-reset";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import {
  BASE_URL,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Without SMTP_URL every e-mail stays in the outbox table, readable at /outbox by its
// recipient only; the reset pages work as plain form posts.

useTestDatabase();

beforeAll(() => {
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  resetEnvCache();
});

const form = (path: string, fields: Record<string, string>) =>
  new Request(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

describe("/outbox without a mail server", () => {
  it("shows an e-mail to its recipient only", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const other = await createEmployee(employer);
    const request = await insertAdvance(employee, { amount: "300.00" });
    await approveAdvance(employer, request.id);
    const [row] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, employee.id));
    expect(row).toMatchObject({
      status: "kept",
      subject: "Your $300.00 advance is approved",
    });

    const list = await (
      await call(outboxLoader, await requestAs(employee, "/outbox"))
    ).json();
    expect(list.mails).toEqual([
      expect.objectContaining({
        id: row.id,
        subject: "Your $300.00 advance is approved",
        status: "In outbox (no mail server)",
      }),
    ]);
    const open = await (
      await call(
        outboxLoader,
        await requestAs(employee, `/outbox?mail=${row.id}`),
      )
    ).json();
    expect(open.open.text).toContain("$300.00");
    // Links default to this server's address when APP_URL is unset.
    expect(open.open.text).toContain("http://localhost:3000/");

    for (const stranger of [other, employer]) {
      const res = await call(
        outboxLoader,
        await requestAs(stranger, `/outbox?mail=${row.id}`),
      );
      expect(res.status).toBe(404);
      const theirs = await (
        await call(outboxLoader, await requestAs(stranger, "/outbox"))
      ).json();
      expect(theirs.mails.map((m: { id: number }) => m.id)).not.toContain(
        row.id,
      );
    }
  });

  it("forgot and reset password work as plain form posts", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    for (const identifier of [employee.username, "no-such-person"]) {
      const res = await call(
        forgotAction,
        form("/forgot-password", { identifier }),
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ sent: true });
    }
    expect(RESET_SENT).toContain("If an account matches");
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, employee.id));
    const token = new URL(
      mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)![0],
    ).searchParams.get("token")!;

    const page = await (
      await call(
        resetLoader,
        new Request(`${BASE_URL}/reset-password?token=${token}`),
      )
    ).json();
    expect(page.live).toBe(true);

    const weak = await call(
      resetAction,
      form("/reset-password", {
        token,
        password: "password123",
        confirmPassword: "password123",
      }),
    );
    expect(weak.status).toBe(400);

    const done = await call(
      resetAction,
      form("/reset-password", {
        token,
        password: "Basil-Lantern-62",
        confirmPassword: "Basil-Lantern-62",
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/auth");

    const again = await call(
      resetAction,
      form("/reset-password", {
        token,
        password: "Basil-Lantern-62",
        confirmPassword: "Basil-Lantern-62",
      }),
    );
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain(RESET_LINK_INVALID);
  });
});
