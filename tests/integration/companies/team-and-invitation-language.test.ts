import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  companies,
  invitations,
  mailOutbox,
  sessions,
  users,
  type User,
} from "#db/schema";
import {
  acceptInvitation,
  inviteEmployee,
  inviteMember,
} from "~/models/companies/index.server";
import { action as loginApi } from "~/routes/api.login";
import * as employeeInviteRoute from "~/routes/_app.employees.invite";
import * as teamRoute from "~/routes/_app.settings_.team";
import { db } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { toastOf } from "#tests/support/toasts";

// The team page (/settings/team) and the invitations' language: the last
// sign-in is the real one, a removal takes its confirmation, and an invitation's mail is in
// the language chosen when inviting (the company's by default), with a footer that is true of
// a mail to someone with no account.

// One database is enough: what is checked is the team page and the language an invitation's mail is
// written in; the invitations and removals are domain functions with their own tests on both.
// (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

type TeamData = {
  invitationLanguage: string;
  members: Array<{ id: number; role: string; lastSignInText: string }>;
};

async function teamPage(owner: User, language?: "es"): Promise<TeamData> {
  const res = await call(
    teamRoute.loader,
    await requestAs(owner, "/settings/team", {
      headers: language ? { "Accept-Language": language } : {},
    }),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as TeamData;
}

/** The newest mail queued for an address. */
async function mailTo(address: string) {
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address));
  expect(rows.length).toBeGreaterThan(0);
  return rows[rows.length - 1];
}

/** The token of an invitation mail (the outbox keeps its link until it is delivered). */
async function tokenOf(address: string): Promise<string> {
  const mail = await mailTo(address);
  const token = /\/join\/([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return token!;
}

async function colleague(owner: User, role: "OWNER" | "ADMIN") {
  const email = `${uniqueName(role.toLowerCase())}@example.com`;
  await inviteMember(owner, { email, role });
  return acceptInvitation(await tokenOf(email), {
    username: uniqueName("member"),
    password: TEST_PASSWORD,
    firstName: "Co",
    lastName: role === "OWNER" ? "Owner" : "Admin",
  });
}

describe("the team page", () => {
  it("shows the real last sign-in, kept after signing out and after ended sessions are deleted", async () => {
    const owner = await createEmployer();
    const admin = await colleague(owner, "ADMIN");
    const login = await call(
      loginApi,
      await requestAs(null, "/api/login", {
        json: { username: admin.username, password: TEST_PASSWORD },
      }),
    );
    expect(login.status).toBe(200);
    const [session] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, admin.id));
    // Signed out, and the housekeeping deletes the ended session.
    await db().delete(sessions).where(eq(sessions.userId, admin.id));

    const page = await teamPage(owner);
    const row = page.members.find((m) => m.id === admin.id);
    const expected = formatDateTime(session.createdAt);
    // The audit trail's moment is within the same minute as the session's (the same sign-in).
    expect([
      expected,
      formatDateTime(new Date(session.createdAt.getTime() + 60_000)),
    ]).toContain(row?.lastSignInText);
    expect(row?.lastSignInText).not.toBe("Never");
    // In Spanish too, in the one Spanish format.
    const spanish = (await teamPage(owner, "es")).members.find(
      (m) => m.id === admin.id,
    );
    expect(spanish?.lastSignInText).toMatch(
      /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{2}:\d{2}$/,
    );
  });

  it("removes a member only from the confirmation's button: a bare post changes nothing", async () => {
    const owner = await createEmployer();
    const admin = await colleague(owner, "ADMIN");
    const bare = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: { intent: "remove-member", memberId: String(admin.id) },
      }),
    );
    expect(bare.status).toBe(302);
    expect(await toastOf(bare)).toMatchObject({
      title: "Not removed",
      description: "Confirm the removal with its button.",
    });
    const [still] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(still.companyId).toBe(owner.companyId);

    const confirmed = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "remove-member",
          memberId: String(admin.id),
          confirmed: "yes",
        },
      }),
    );
    expect((await toastOf(confirmed))?.title).toBe("Member removed");
    const [gone] = await db()
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(gone.companyId).toBeNull();
  });

  it("refuses to remove the only owner even when confirmed (the page offers no Remove for them)", async () => {
    const owner = await createEmployer();
    const res = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "remove-member",
          memberId: String(owner.id),
          confirmed: "yes",
        },
      }),
    );
    expect((await toastOf(res))?.title).not.toBe("Member removed");
    const page = await teamPage(owner);
    expect(page.members.filter((m) => m.role === "OWNER")).toHaveLength(1);
  });
});

describe("an invitation's language", () => {
  it("is the company's by default, whatever the inviter's own language", async () => {
    const owner = await createEmployer();
    await db()
      .update(companies)
      .set({ language: "es" })
      .where(eq(companies.id, owner.companyId!));
    await db()
      .update(users)
      .set({ language: "en" })
      .where(eq(users.id, owner.id));
    expect((await teamPage(owner)).invitationLanguage).toBe("es");
    const invite = await call(
      employeeInviteRoute.loader,
      await requestAs(owner, "/employees/invite"),
    );
    expect(((await invite.json()) as { language: string }).language).toBe("es");

    const email = `${uniqueName("nuevo")}@example.com`;
    const row = await inviteEmployee(owner, {
      email,
      firstName: "Nora",
      lastName: "Nieves",
    });
    expect(row.language).toBe("es");
    const mail = await mailTo(email);
    expect(mail.subject).toBe(
      "Acme Groceries Inc. te invita a Grocery Advance",
    );
    expect(mail.text).toContain("Hola, Nora:");
  });

  it("is the one chosen on the invite form, kept for a resend; the mail's footer says why it came", async () => {
    const owner = await createEmployer();
    const email = `${uniqueName("approver")}@example.com`;
    const res = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "invite-member",
          email,
          role: "APPROVER",
          language: "es",
        },
      }),
    );
    expect((await toastOf(res))?.title).toBe("Invitation sent");
    const [row] = await db()
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.email, email),
          eq(invitations.companyId, owner.companyId!),
        ),
      );
    expect(row.language).toBe("es");
    const mail = await mailTo(email);
    expect(mail.subject).toBe(
      "Acme Groceries Inc. te invita a Grocery Advance",
    );
    expect(mail.text).toContain(
      "Recibes este correo porque Erica Employer, de Acme Groceries Inc., invitó a esta dirección a Grocery Advance; no tienes una cuenta con nosotros.",
    );
    expect(mail.text).not.toMatch(/seguridad de la cuenta|every account/);
    expect(mail.html).toContain("no tienes una cuenta con nosotros");

    const resend = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: { intent: "resend-invitation", invitationId: String(row.id) },
      }),
    );
    expect(resend.status).toBe(302);
    expect((await mailTo(email)).subject).toBe(
      "Acme Groceries Inc. te invita a Grocery Advance",
    );
  });

  it("in English says the same, and refuses a language it does not have", async () => {
    const owner = await createEmployer();
    const email = `${uniqueName("admin")}@example.com`;
    await inviteMember(owner, { email, role: "ADMIN", language: "en" });
    const mail = await mailTo(email);
    expect(mail.subject).toBe(
      "Acme Groceries Inc. invites you to Grocery Advance",
    );
    expect(mail.text).toContain(
      "You get this e-mail because Erica Employer at Acme Groceries Inc. invited this address to Grocery Advance; you have no account with us.",
    );
    expect(mail.text).not.toContain("every account");

    const other = `${uniqueName("x")}@example.com`;
    const bad = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "invite-member",
          email: other,
          role: "ADMIN",
          language: "fr",
        },
      }),
    );
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      result: { error: Record<string, string[]> };
    };
    expect(body.result.error.language).toEqual(["Choose English or Spanish"]);
    const sent = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.email, other));
    expect(sent).toHaveLength(0);
  });
});
