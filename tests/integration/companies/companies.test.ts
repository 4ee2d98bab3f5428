import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  invitations,
  mailOutbox,
  users,
  type User,
} from "#db/schema";
import {
  approveAdvance,
  requestAdvance,
  signDeductionAuthorization,
} from "~/models/advances/index.server";
import { listCompanyActivity } from "~/models/reports/index.server";
import { loadEmployeeDashboard } from "~/models/reports/index.server";
import {
  inviteEmployee,
  inviteMember,
  resendInvitation,
  revokeInvitation,
  changeMemberRole,
  listTeam,
  removeMember,
  registerUser,
} from "~/models/companies/index.server";
import {
  getSessionUser,
  createSession,
  resetPassword,
} from "~/models/people/index.server";
import * as dashboardRoute from "~/routes/_app._index";
import * as inviteRoute from "~/routes/_app.employees.invite";
import * as teamRoute from "~/routes/_app.settings_.team";
import * as invitationsApi from "~/routes/api.invitations";
import * as joinRoute from "~/routes/join";
import * as joinTokenRoute from "~/routes/join.$token";
import { db } from "~/utils/db.server";
import { LAST_OWNER } from "~/utils/company-roles";
import {
  INVITATION_ALREADY_EMPLOYEE,
  INVITATION_ALREADY_PENDING,
} from "~/utils/invitation-rules";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { balanceOf, companyIdOf, employeeOf } from "#tests/support/rows";
import { useMailDelivery } from "#tests/support/mail-delivery";

// Companies with a team, and people who join by invitation:
// the mails arrive on a real SMTP server on 127.0.0.1, delivered by the job queue; the pages'
// loaders and actions are called as Remix calls them.

useTestDatabase();

const smtp = useMailDelivery();

const sentTo =
  (address: string, subject: RegExp) =>
  (m: { to: string[]; mail: { subject?: string } }) =>
    m.to.includes(address) && subject.test(m.mail.subject ?? "");

/** The /join/<token> link in the newest invitation mail to an address. */
async function invitationLink(address: string, count = 1): Promise<string> {
  const mails = await smtp.waitFor(count, sentTo(address, /invites you/));
  const text = mails[count - 1].mail.text ?? "";
  const link = text.match(/https:\/\/app\.groceryadvance\.test\/join\/[\w-]+/);
  expect(link, text).not.toBeNull();
  return new URL(link![0]).pathname;
}

/** The cookie pairs a response sets ("name=value"). */
function cookiesOf(res: Response): string[] {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="));
}

/** Opens the mailed link as a browser does: /join/<token> → /join with the token's cookie. */
async function openLink(path: string, signedInAs: User | null = null) {
  const token = path.split("/").pop()!;
  const res = await call(joinTokenRoute.loader, await requestAs(null, path), {
    token,
  });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/join");
  expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
  const jar = cookiesOf(res);
  const page = async (init: Parameters<typeof requestAs>[2] = {}) => {
    const req = await requestAs(signedInAs, "/join", init);
    const headers = new Headers(req.headers);
    headers.set(
      "Cookie",
      [headers.get("Cookie"), ...jar].filter(Boolean).join("; "),
    );
    return new Request(req, { headers });
  };
  return {
    view: async () =>
      (await (await call(joinRoute.loader, await page())).json()) as {
        invitation: { state: string; company?: string; email?: string };
        signedIn: { linked: boolean; email?: string } | null;
      },
    post: async (form: Record<string, string>, headers?: HeadersInit) =>
      call(joinRoute.action, await page({ method: "POST", form, headers })),
  };
}

async function userNamed(username: string): Promise<User> {
  const [row] = await db()
    .select()
    .from(users)
    .where(eq(users.username, username));
  return row;
}

describe("an employee invited by e-mail", () => {
  it("keeps the language they accepted in (their browser's here), so their mails follow it; none without one", async () => {
    const owner = await createEmployer();
    const accept = async (headers: HeadersInit) => {
      const email = `${uniqueName("idioma")}@example.com`;
      await inviteEmployee(owner, { email, firstName: "Lía" } as never);
      const link = await openLink(await invitationLink(email));
      const username = uniqueName("lia");
      const res = await link.post(
        {
          intent: "create",
          username,
          password: TEST_PASSWORD,
          firstName: "Lía",
          lastName: "Mora",
        },
        headers,
      );
      expect(res.status).toBe(302);
      return (await userNamed(username)).language;
    };
    expect(await accept({ "Accept-Language": "es-MX,es;q=0.9,en;q=0.5" })).toBe(
      "es",
    );
    expect(await accept({ Cookie: "lng=es", "Accept-Language": "en-US" })).toBe(
      "es",
    );
    expect(await accept({})).toBeNull();
  });

  it("gets a mail with a single-use link, chooses a username and password, is signed in and can request an advance", async () => {
    const owner = await createEmployer({ companyName: "Fresh Mart" });
    const email = `${uniqueName("newhire")}@example.com`;
    const res = await call(
      inviteRoute.action,
      await requestAs(owner, "/employees/invite", {
        form: {
          intent: "invite",
          email,
          firstName: "Rosa",
          lastName: "Diaz",
          department: "Bakery",
        },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/employees");

    const [mail] = await smtp.waitFor(1, sentTo(email, /invites you/));
    expect(mail.mail.subject).toBe("Fresh Mart invites you to Grocery Advance");
    // Only the token's hash is stored.
    const path = await invitationLink(email);
    const token = path.split("/").pop()!;
    const [stored] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    expect(stored.tokenHash).not.toContain(token);
    expect(
      (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000,
    ).toBeCloseTo(7, 2);

    const link = await openLink(path);
    expect((await link.view()).invitation).toMatchObject({
      state: "pending",
      company: "Fresh Mart",
      email,
    });
    const username = uniqueName("rosa");
    const created = await link.post({
      intent: "create",
      username,
      password: TEST_PASSWORD,
      firstName: "Rosa",
      lastName: "Diaz",
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/");
    expect(created.headers.getSetCookie().join()).toMatch(/__session=/);

    const rosa = await userNamed(username);
    expect(rosa).toMatchObject({
      role: "EMPLOYEE",
      email,
      department: "Bakery",
      companyId: owner.companyId,
      passwordSetByEmployer: false,
    });
    expect(await balanceOf(rosa)).toBe("500.00");
    // Before the first advance the new employee signs the wage-deduction authorization.
    expect(
      (
        await appErrorOf(
          requestAdvance(rosa, { amount: "250.00", repaymentPeriods: 1 }),
        )
      ).status,
    ).toBe(409);
    await signDeductionAuthorization(rosa);
    const request = await requestAdvance(rosa, {
      amount: "250.00",
      repaymentPeriods: 1,
    });
    expect(request.status).toBe("PENDING");

    // The link works once.
    expect((await link.view()).invitation.state).toBe("used");
    const again = await link.post({
      intent: "create",
      username: uniqueName("rosa2"),
      password: TEST_PASSWORD,
      firstName: "Rosa",
      lastName: "Diaz",
    });
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain("no longer valid");
  });

  it("refuses a weak password on the join page and keeps the link usable", async () => {
    const owner = await createEmployer();
    const email = `${uniqueName("weak")}@example.com`;
    await inviteEmployee(owner, { email, firstName: "W", lastName: "K" });
    const link = await openLink(await invitationLink(email));
    const res = await link.post({
      intent: "create",
      username: uniqueName("weak"),
      password: "password",
      firstName: "W",
      lastName: "K",
    });
    expect(res.status).toBe(400);
    expect((await link.view()).invitation.state).toBe("pending");
  });

  it("links a self-registered employee's existing account with one press, shown on their dashboard first", async () => {
    const owner = await createEmployer({ companyName: "Corner Grocer" });
    const self = await registerUser({
      role: "EMPLOYEE",
      username: uniqueName("self"),
      password: TEST_PASSWORD,
      firstName: "Sam",
      lastName: "Self",
      email: `${uniqueName("sam")}@example.com`,
      department: undefined,
    });
    expect(self.companyId).toBeNull();
    await inviteEmployee(owner, {
      email: self.email,
      firstName: "Sam",
      lastName: "Self",
    });
    const dashboard = await loadEmployeeDashboard(self);
    expect(dashboard.linked).toBe(false);
    expect(dashboard.invitations).toEqual([
      expect.objectContaining({ company: "Corner Grocer" }),
    ]);

    const link = await openLink(await invitationLink(self.email), self);
    const view = await link.view();
    expect(view.signedIn).toMatchObject({ linked: false, email: self.email });
    // The page shows the address the invitation was sent to, and asks them to confirm it:
    // without the confirmation nothing changes.
    expect(view.invitation.email).toBe(self.email);
    const unconfirmed = await link.post({ intent: "join" });
    expect(unconfirmed.status).toBe(400);
    expect(
      ((await unconfirmed.json()) as { joinResult: { error: object } })
        .joinResult.error,
    ).toEqual({
      confirmAddress: [
        "Confirm that this invitation was sent to your address.",
      ],
    });
    expect((await employeeOf(self)).companyId).toBeNull();
    expect((await link.view()).invitation.state).toBe("pending");
    const res = await link.post({ intent: "join", confirmAddress: "on" });
    expect(res.status).toBe(302);
    const [linked] = await db()
      .select()
      .from(users)
      .where(eq(users.id, self.id));
    expect(linked.companyId).toBe(owner.companyId);
    expect((await employeeOf(self)).companyId).toBe(owner.companyId);
    expect(await balanceOf(self)).toBe("500.00");
    // The same username and password still sign in.
    expect(linked.password).toBe(self.password);
  });

  it("tells an employee of another company so, and changes nothing", async () => {
    const owner = await createEmployer();
    const other = await createEmployer();
    const theirs = await createEmployee(other, {
      email: `${uniqueName("theirs")}@example.com`,
    });
    await inviteEmployee(owner, {
      email: theirs.email,
      firstName: "T",
      lastName: "Heirs",
    });
    const link = await openLink(await invitationLink(theirs.email), theirs);
    const res = await link.post({ intent: "join", confirmAddress: "on" });
    expect(res.status).toBe(409);
    expect((await res.json()).joinError).toMatch(/already belongs to/);
    expect((await employeeOf(theirs)).companyId).toBe(other.companyId);
    expect((await link.view()).invitation.state).toBe("pending");
  });

  it("shows a revoked, an expired and an unknown link plainly, and refuses them", async () => {
    const owner = await createEmployer();
    const revokedEmail = `${uniqueName("rev")}@example.com`;
    const expiredEmail = `${uniqueName("exp")}@example.com`;
    const revoked = await inviteEmployee(owner, {
      email: revokedEmail,
      firstName: "R",
      lastName: "V",
    });
    await inviteEmployee(owner, {
      email: expiredEmail,
      firstName: "E",
      lastName: "X",
    });
    await revokeInvitation(owner, revoked.id);
    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, expiredEmail));

    for (const [email, state] of [
      [revokedEmail, "revoked"],
      [expiredEmail, "expired"],
    ] as const) {
      const link = await openLink(await invitationLink(email));
      expect((await link.view()).invitation.state).toBe(state);
      const res = await link.post({
        intent: "create",
        username: uniqueName("late"),
        password: TEST_PASSWORD,
        firstName: "L",
        lastName: "T",
      });
      expect(res.status).toBe(400);
    }
    const unknown = await openLink("/join/not-a-token-at-all");
    expect((await unknown.view()).invitation.state).toBe("unknown");
  });

  it("answers 409 for an address that is already an employee or already invited; a resend replaces the link", async () => {
    const owner = await createEmployer();
    const employee = await createEmployee(owner);
    const post = async (email: string) =>
      call(
        invitationsApi.action,
        await requestAs(owner, "/api/invitations", {
          json: { email, firstName: "A", lastName: "B" },
        }),
      );
    const taken = await post(employee.email.toUpperCase());
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(INVITATION_ALREADY_EMPLOYEE);

    const email = `${uniqueName("dup")}@example.com`;
    const first = await post(email);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({ email, status: "PENDING" });
    expect(body).not.toHaveProperty("token");
    expect(body).not.toHaveProperty("tokenHash");
    const second = await post(email);
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe(INVITATION_ALREADY_PENDING);

    const oldLink = await invitationLink(email);
    await resendInvitation(owner, body.id);
    const newLink = await invitationLink(email, 2);
    expect(newLink).not.toBe(oldLink);
    expect((await (await openLink(oldLink)).view()).invitation.state).toBe(
      "unknown",
    );
    expect((await (await openLink(newLink)).view()).invitation.state).toBe(
      "pending",
    );

    const list = await call(
      invitationsApi.loader,
      await requestAs(owner, "/api/invitations"),
    );
    expect(
      ((await list.json()) as Array<{ email: string }>).map((i) => i.email),
    ).toContain(email);
  });
});

describe("a company's team", () => {
  it("an owner invites an admin and an approver; each can do what their role allows; the audit trail names who did what", async () => {
    const owner = await createEmployer({ companyName: "Team Foods" });
    const joined: Record<string, User> = {};
    for (const role of ["ADMIN", "APPROVER"] as const) {
      const email = `${uniqueName(role.toLowerCase())}@example.com`;
      const res = await call(
        teamRoute.action,
        await requestAs(owner, "/settings/team", {
          form: { intent: "invite-member", email, role },
        }),
      );
      expect(res.status).toBe(302);
      const link = await openLink(await invitationLink(email));
      const username = uniqueName(role.toLowerCase());
      const created = await link.post({
        intent: "create",
        username,
        password: TEST_PASSWORD,
        firstName: role === "ADMIN" ? "Ada" : "Abe",
        lastName: "Member",
      });
      expect(created.status).toBe(302);
      joined[role] = await userNamed(username);
      expect(joined[role]).toMatchObject({
        role: "EMPLOYER",
        companyId: owner.companyId,
        companyRole: role,
        companyName: "Team Foods",
      });
    }
    const team = await listTeam(owner);
    expect(team.map((m) => m.role).sort()).toEqual([
      "ADMIN",
      "APPROVER",
      "OWNER",
    ]);

    // The admin invites and the approver approves; the approver may not invite.
    const employee = await createEmployee(owner);
    await inviteEmployee(joined.ADMIN, {
      email: `${uniqueName("byadmin")}@example.com`,
      firstName: "B",
      lastName: "A",
    });
    expect(
      (
        await appErrorOf(
          inviteEmployee(joined.APPROVER, {
            email: `${uniqueName("nope")}@example.com`,
            firstName: "N",
            lastName: "O",
          }),
        )
      ).status,
    ).toBe(403);
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    });
    await approveAdvance(joined.APPROVER, request.id);
    const [approval] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, request.id))
      .orderBy(auditEvents.id);
    const events = await listCompanyActivity(owner, {});
    const approved = events.find(
      (e) => e.action === "request.approved" && e.requestId === request.id,
    );
    expect(approval.companyId).toBe(owner.companyId);
    expect(approved?.actorName).toBe("Abe Member");
    expect(
      events.find((e) => e.action === "invitation.sent")?.actorName,
    ).toBeTruthy();
  });

  it("keeps at least one owner; removing a member ends their sessions at once", async () => {
    const owner = await createEmployer();
    expect(
      (await appErrorOf(changeMemberRole(owner, owner.id, "ADMIN"))).message,
    ).toBe(LAST_OWNER);
    expect((await appErrorOf(removeMember(owner, owner.id))).message).toBe(
      LAST_OWNER,
    );
    await inviteMember(owner, {
      email: `${uniqueName("co")}@example.com`,
      role: "OWNER",
    });
    const [invite] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.companyId, companyIdOf(owner)));
    const link = await openLink(await invitationLink(invite.email));
    const username = uniqueName("coowner");
    await link.post({
      intent: "create",
      username,
      password: TEST_PASSWORD,
      firstName: "Co",
      lastName: "Owner",
    });
    const coOwner = await userNamed(username);
    // Now the first owner may step down, and the co-owner may remove them.
    await changeMemberRole(owner, owner.id, "ADMIN");
    const session = await createSession(owner.id, { remember: false });
    expect(await getSessionUser(session.token)).not.toBeNull();
    await removeMember(coOwner, owner.id);
    expect(await getSessionUser(session.token)).toBeNull();
    const [gone] = await db()
      .select()
      .from(users)
      .where(eq(users.id, owner.id));
    expect(gone).toMatchObject({ companyId: null, companyRole: null });
    // Signed in again, they see that they no longer belong to a company; pages refuse them.
    const home = await call(dashboardRoute.loader, await requestAs(gone, "/"));
    expect(await home.json()).toMatchObject({ role: "FORMER_MEMBER" });
    const team = await call(
      teamRoute.loader,
      await requestAs(gone, "/settings/team"),
    );
    expect(team.status).toBe(403);
    // Another company's member cannot be touched (404), nor by a non-owner (403).
    const stranger = await createEmployer();
    expect(
      (await appErrorOf(changeMemberRole(coOwner, stranger.id, "ADMIN")))
        .status,
    ).toBe(404);
  });
});

describe("the Add Employee dialog", () => {
  it("still sets a username and password, then mails the employee a link to choose their own, with a dashboard banner until they do", async () => {
    const owner = await createEmployer({ companyName: "Dialog Deli" });
    const employee = await createEmployee(owner, {
      email: `${uniqueName("dialog")}@example.com`,
    });
    expect(employee.passwordSetByEmployer).toBe(true);
    const [mail] = await smtp.waitFor(
      1,
      sentTo(employee.email, /created your account/),
    );
    expect(mail.mail.subject).toBe(
      "Dialog Deli created your account; choose your own password",
    );
    // Once delivered, the outbox row keeps no link.
    await expect
      .poll(async () => {
        const [row] = await db()
          .select({ status: mailOutbox.status, text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.userId, employee.id));
        return row?.status === "sent" ? row.text : "not yet sent";
      })
      .toBe("Delivered. The link is not kept.");
    const dashboard = await call(
      dashboardRoute.loader,
      await requestAs(employee, "/"),
    );
    expect((await dashboard.json()).employee.choosePassword).toBe(true);

    const token = new URL(
      (mail.mail.text ?? "").match(
        /https:\/\/\S+reset-password\?token=\S+/,
      )![0],
    ).searchParams.get("token")!;
    await resetPassword({
      token,
      password: "Basil-Lantern-62",
      confirmPassword: "Basil-Lantern-62",
    });
    const after = await call(
      dashboardRoute.loader,
      await requestAs(employee, "/"),
    );
    expect((await after.json()).employee.choosePassword).toBe(false);
  });
});
