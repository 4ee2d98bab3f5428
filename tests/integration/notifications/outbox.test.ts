import { and, eq, inArray } from "drizzle-orm";
import { mailOutbox } from "#db/schema";
import { approveAdvance } from "~/models/advances/index.server";
import {
  confirmRoster,
  inviteEmployee,
  inviteMember,
  previewRoster,
  runRosterImport,
} from "~/models/companies/index.server";
import { loader as outboxLoader } from "~/routes/_app.outbox";
import { action as forgotAction } from "~/routes/forgot-password";
import {
  action as resetAction,
  loader as resetLoader,
} from "~/routes/reset-password";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import {
  requestContext,
  type RequestFacts,
} from "~/utils/request-context.server";
import { RESET_LINK_INVALID, RESET_SENT } from "~/validation/password-reset";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance } from "#tests/support/data";
import {
  BASE_URL,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
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
      .where(
        and(
          eq(mailOutbox.userId, employee.id),
          eq(mailOutbox.kind, "advance.approved"),
        ),
      );
    expect(row).toMatchObject({
      status: "kept",
      subject: "Your $300.00 advance is approved",
    });

    const list = await (
      await call(outboxLoader, await requestAs(employee, "/outbox"))
    ).json();
    // The approval, and the Add Employee dialog's "choose your own password" mail.
    expect(list.mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: row.id,
          subject: "Your $300.00 advance is approved",
          status: "kept",
        }),
      ]),
    );
    expect(list.mails).toHaveLength(2);
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

    // The link's first load moves the token into a cookie for /reset-password and redirects
    // to the clean address; nothing of it may be cached or sent on as a Referer.
    const first = await call(
      resetLoader,
      new Request(`${BASE_URL}/reset-password?token=${token}`),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/reset-password");
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(first.headers.get("Referrer-Policy")).toBe("no-referrer");
    const cookie = first.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^__reset_token=/);
    expect(cookie).toMatch(/Path=\/reset-password/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Max-Age=1800/);
    // And for the page's data URL, where its form posts with JavaScript (single fetch): a
    // cookie for /reset-password is not sent to /reset-password.data.
    expect(
      first.headers.getSetCookie().map((c) => /Path=[^;]*/.exec(c)?.[0]),
    ).toEqual(["Path=/reset-password", "Path=/reset-password.data"]);
    const clean = await call(
      resetLoader,
      new Request(`${BASE_URL}/reset-password`, {
        headers: { Cookie: cookie.split(";")[0] },
      }),
    );
    expect(clean.headers.get("Cache-Control")).toBe("no-store");
    // Its own form must post with a real Origin; no other site hears of it.
    expect(clean.headers.get("Referrer-Policy")).toBe("same-origin");
    const { i18n, ...page } = await clean.json();
    expect(page).toEqual({ token, live: true });
    // And the page's texts (the catalogues of its language; an English page shows its
    // messages as written, so it is not sent the messages catalogue, a Spanish one is).
    expect(Object.keys(i18n)).toEqual(["auth"]);
    const spanish = await call(
      resetLoader,
      new Request(`${BASE_URL}/reset-password`, {
        headers: { Cookie: cookie.split(";")[0], "Accept-Language": "es" },
      }),
    );
    expect(Object.keys((await spanish.json()).i18n)).toEqual([
      "auth",
      "messages",
    ]);

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
    // The used link's cookie is forgotten.
    expect(done.headers.get("Set-Cookie")).toMatch(
      /^__reset_token=.*Max-Age=0/,
    );
    expect(
      done.headers
        .getSetCookie()
        .filter((c) => c.startsWith("__reset_token=") && /Max-Age=0/.test(c)),
    ).toHaveLength(2);

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

  it("links in e-mail never come from the request being served (a forged Host)", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    // What the server once recorded from the Host header, and the request's own URL, both
    // naming the attacker's host: neither may reach the mail.
    const forged = {
      userId: null,
      origin: "http://evil.example",
    } as RequestFacts;
    const res = await requestContext.run(forged, () =>
      call(
        forgotAction,
        new Request("http://evil.example/forgot-password", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            Host: "evil.example",
          },
          body: new URLSearchParams({
            identifier: employee.username,
          }).toString(),
        }),
      ),
    );
    expect(res.status).toBe(200);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, employee.id));
    expect(mail.text).toContain("http://localhost:3000/reset-password?token=");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
  });

  it("an invitation is listed in its inviter's outbox, to whom and when, never with its link; the same for a roster's", async () => {
    const owner = await createEmployer();
    const tag = uniqueName("kept");
    await inviteEmployee(owner, {
      email: `${tag}-one@example.com`,
      firstName: "One",
      lastName: "Invited",
    });
    await inviteMember(owner, {
      email: `${tag}-owner@example.com`,
      role: "OWNER",
    });
    const roster = await previewRoster(
      owner,
      "staff.csv",
      new TextEncoder().encode(
        `First name,Last name,Email\nAna,Lopez,${tag}-ana@example.com\nBen,Ruiz,${tag}-ben@example.com\n`,
      ),
    );
    await confirmRoster(owner, roster.id);
    await runRosterImport(roster.id);
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, owner.id),
          inArray(mailOutbox.kind, [
            "invitation.employee",
            "invitation.member",
          ]),
        ),
      );
    expect(rows.map((r) => r.toAddress).sort()).toEqual(
      ["ana", "ben", "one", "owner"].map((who) => `${tag}-${who}@example.com`),
    );
    // Kept without a mail server, the row is the recipient's only copy: it holds the link.
    for (const row of rows) {
      expect(row.status).toBe("kept");
      expect(row.text).toMatch(/\/join\/[\w-]+/);
    }

    const list = await call(outboxLoader, await requestAs(owner, "/outbox"));
    expect(await list.text()).not.toContain("/join/");
    for (const row of rows) {
      const res = await call(
        outboxLoader,
        await requestAs(owner, `/outbox?mail=${row.id}`),
      );
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page, row.toAddress).not.toContain("/join/");
      expect(JSON.parse(page).open).toMatchObject({
        subject: row.subject,
        to: row.toAddress,
        text: null,
        withheld: "sent-for-someone-else",
      });
    }
  });

  it("a reset link kept without a mail server is shown to its recipient", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await call(
      forgotAction,
      form("/forgot-password", { identifier: employee.username }),
    );
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, employee.id),
          eq(mailOutbox.kind, "password.reset"),
        ),
      );
    const open = await (
      await call(
        outboxLoader,
        await requestAs(employee, `/outbox?mail=${mail.id}`),
      )
    ).json();
    expect(open.open.text).toContain("/reset-password?token=");
    expect(open.open.withheld).toBeNull();
  });
});
