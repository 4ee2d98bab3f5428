import { and, eq, sql } from "drizzle-orm";
import { invitations, mailOutbox, users, type User } from "#db/schema";
import {
  confirmRoster,
  inviteEmployee,
  previewRoster,
  resendInvitation,
} from "~/models/companies/index.server";
import { action as invitationsApi } from "~/routes/api.invitations";
import { action as resendApi } from "~/routes/api.invitations.$id.resend";
import { action as invitePage } from "~/routes/_app.employees.invite";
import * as confirmPage from "~/routes/confirm-email";
import { loader as settingsLoader } from "~/routes/_app.settings";
import { requestContext } from "~/utils/request-context.server";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  confirmEmailOf,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Invitations a company may send: 250 an hour and a day until one of its owners
// has confirmed their e-mail address by the link mailed at registration, then 10,000 an hour and
// 20,000 a day. The form, the API, resending and a roster import all reserve through one
// domain function, and a refusal is a 429 with a message in the caller's language.

useTestDatabase();

afterEach(() => {
  delete process.env.INVITATIONS_PER_HOUR;
  resetEnvCache();
});

async function invitationCount(companyId: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.companyId, companyId));
  return row.n;
}

async function inviteMany(owner: User, count: number, from = 0) {
  for (let i = from; i < from + count; i++)
    await inviteEmployee(owner, {
      email: `person${i}@roster.example`,
      firstName: "Pat",
      lastName: `Number ${i}`,
    });
}

/** The token of the newest confirmation link mailed to the user (from the outbox). */
async function mailedConfirmationToken(user: User): Promise<string> {
  const rows = await db()
    .select({ text: mailOutbox.text, to: mailOutbox.toAddress })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, user.id),
        eq(mailOutbox.kind, "email.confirmation"),
      ),
    )
    .orderBy(sql`${mailOutbox.id} desc`);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows[0].to).toBe(user.email);
  const match = /\/confirm-email\?token=([\w-]+)/.exec(rows[0].text);
  expect(match).not.toBeNull();
  return match![1];
}

const CONFIRM_FIRST =
  "Until a company owner confirms their e-mail address, the company can send 250 invitations an hour and 250 a day, and has 0 left for now. Open the confirmation link we e-mailed at registration (the Settings page can send it again).";

describe("a new company (its owner's address not confirmed)", () => {
  it(
    "is refused its 251st invitation in an hour, by the form, the API, a resend and an import",
    { timeout: 180_000 },
    async () => {
      const owner = await createEmployer({
        companyName: "IRS Refund Dept - claim at refund-irs.example",
      });
      const companyId = owner.companyId!;
      await inviteMany(owner, 249);
      // The 250th through the API is sent.
      const ok = await call(
        invitationsApi,
        await requestAs(owner, "/api/invitations", {
          json: {
            email: "last@roster.example",
            firstName: "Last",
            lastName: "One",
          },
        }),
      );
      expect(ok.status).toBe(201);
      const last = (await ok.json()) as { id: number };

      // The 251st: refused with the limit and what to do, in English and in Spanish.
      const api = await call(
        invitationsApi,
        await requestAs(owner, "/api/invitations", {
          json: {
            email: "one-more@roster.example",
            firstName: "A",
            lastName: "B",
          },
        }),
      );
      expect(api.status).toBe(429);
      expect(await api.json()).toEqual({ message: CONFIRM_FIRST });
      // As the server adapter runs it: in the request's context, with its language.
      const spanishRequest = await requestAs(owner, "/api/invitations", {
        json: {
          email: "one-more@roster.example",
          firstName: "A",
          lastName: "B",
        },
      });
      const spanish = await requestContext.run(
        { userId: null, language: "es" },
        () => call(invitationsApi, spanishRequest),
      );
      expect(spanish.status).toBe(429);
      expect((await spanish.json()).message).toBe(
        "Hasta que un dueño de la empresa confirme su correo electrónico, la empresa puede enviar 250 invitaciones por hora y 250 por día, y por ahora le quedan 0. Abre el enlace de confirmación que te enviamos al registrarte (la página de Configuración puede enviarlo de nuevo).",
      );
      // The invite form.
      const page = await call(
        invitePage,
        await requestAs(owner, "/employees/invite", {
          form: { email: "form@roster.example", firstName: "F", lastName: "G" },
        }),
      );
      expect(page.status).toBe(429);
      expect(JSON.stringify(await page.json())).toContain(CONFIRM_FIRST);
      // Sending one again counts as a send.
      const resent = await call(
        resendApi,
        await requestAs(owner, `/api/invitations/${last.id}/resend`, {
          method: "POST",
        }),
        { id: String(last.id) },
      );
      expect(resent.status).toBe(429);
      // A roster import is checked, whole, when it is confirmed.
      const preview = await previewRoster(
        owner,
        "two.csv",
        new TextEncoder().encode(
          "email,first_name,last_name\nr1@roster.example,R,One\nr2@roster.example,R,Two\n",
        ),
      );
      expect((await appErrorOf(confirmRoster(owner, preview.id))).status).toBe(
        429,
      );
      expect(await invitationCount(companyId)).toBe(250);
    },
  );

  it("may import at most 250 rows until confirmed; confirmed, the same import goes", async () => {
    const owner = await createEmployer();
    const rows = Array.from(
      { length: 300 },
      (_, i) => `row${i}@roster.example,Row,N${i}`,
    );
    const csv = new TextEncoder().encode(
      `email,first_name,last_name\n${rows.join("\n")}\n`,
    );
    const preview = await previewRoster(owner, "staff.csv", csv);
    const refused = await appErrorOf(confirmRoster(owner, preview.id));
    expect(refused.status).toBe(429);
    expect(refused.message).toContain("has 250 left for now");
    await confirmEmailOf(owner);
    const queued = await confirmRoster(owner, preview.id);
    expect(queued.status).toBe("QUEUED");
    // The queued rows count as sent: 10,000 − 300 are left this hour.
    process.env.INVITATIONS_PER_HOUR = "301";
    resetEnvCache();
    await inviteMany(owner, 1);
    const over = await appErrorOf(inviteMany(owner, 1, 1));
    expect(over.status).toBe(429);
    expect(over.message).toBe(
      "Your company can send 301 invitations an hour and has 0 left for now. Please try again later.",
    );
  });
});

describe("a confirmed company", () => {
  it(
    "gets the larger limit: its 251st invitation in an hour is sent",
    { timeout: 180_000 },
    async () => {
      const owner = await createEmployer();
      await confirmEmailOf(owner);
      await inviteMany(owner, 251);
      expect(await invitationCount(owner.companyId!)).toBe(251);
      // The larger limit is a limit all the same (here made small by its variable).
      process.env.INVITATIONS_PER_HOUR = "252";
      resetEnvCache();
      await inviteMany(owner, 1, 251);
      const refused = await appErrorOf(inviteMany(owner, 1, 252));
      expect(refused.status).toBe(429);
      expect(refused.message).toContain("252 invitations an hour");
      expect(await invitationCount(owner.companyId!)).toBe(252);
    },
  );

  it("resending counts like sending", async () => {
    const owner = await createEmployer();
    await confirmEmailOf(owner);
    process.env.INVITATIONS_PER_HOUR = "2";
    resetEnvCache();
    await inviteMany(owner, 1);
    const [row] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.companyId, owner.companyId!));
    await resendInvitation(owner, row.id);
    expect((await appErrorOf(resendInvitation(owner, row.id))).status).toBe(
      429,
    );
  });
});

describe("confirming the owner's e-mail address", () => {
  it("mails a link at registration; the page names the address, a press confirms it once; Settings shows it", async () => {
    const owner = await createEmployer();
    const employee = await createEmployee(owner);
    // Only the company's owner is mailed a link (an employee's address gates nothing).
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.userId, employee.id),
          eq(mailOutbox.kind, "email.confirmation"),
        ),
      );
    expect(n).toBe(0);
    const settingsOf = async (user: User) =>
      (
        (await (
          await call(settingsLoader, await requestAs(user, "/settings"))
        ).json()) as {
          email: {
            confirmed: boolean;
            companyConfirmed: boolean;
            perHour: string;
          };
        }
      ).email;
    expect(await settingsOf(owner)).toMatchObject({
      confirmed: false,
      companyConfirmed: false,
      perHour: "250",
    });

    const token = await mailedConfirmationToken(owner);
    // The link moves its token into a cookie and out of the address bar.
    const opened = await call(
      confirmPage.loader,
      new Request(`http://localhost/confirm-email?token=${token}`),
    );
    expect(opened.status).toBe(302);
    const cookie = opened.headers.get("Set-Cookie")!.split(";")[0];
    const shown = await call(
      confirmPage.loader,
      new Request("http://localhost/confirm-email", {
        headers: { Cookie: cookie },
      }),
    );
    expect((await shown.json()).email).toBe(owner.email);
    // Opening the link confirms nothing by itself.
    expect((await settingsOf(owner)).confirmed).toBe(false);
    const pressed = await call(
      confirmPage.action,
      new Request("http://localhost/confirm-email", {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "",
      }),
    );
    expect(pressed.status).toBe(302);
    expect(pressed.headers.get("Location")).toBe("/settings");
    expect(await settingsOf(owner)).toMatchObject({
      confirmed: true,
      companyConfirmed: true,
      perHour: "10,000",
    });
    // Once only.
    const again = await call(
      confirmPage.action,
      new Request("http://localhost/confirm-email", {
        method: "POST",
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "",
      }),
    );
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/has expired, has already/);
    // A changed address is not confirmed.
    await db()
      .update(users)
      .set({ email: "new-address@example.com" })
      .where(eq(users.id, owner.id));
    expect((await settingsOf(owner)).confirmed).toBe(false);
  });
});
