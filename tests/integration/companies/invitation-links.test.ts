import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitations, mailOutbox, users, type User } from "#db/schema";
import {
  acceptInvitation,
  INVITATION_LINK_INVALID,
  inviteMember,
  removeMember,
} from "~/models/companies/index.server";
import { createApiKey } from "~/models/integrations/index.server";
import { authenticateApiKey } from "~/models/people/index.server";
import * as outboxRoute from "~/routes/_app.outbox";
import * as teamRoute from "~/routes/_app.settings_.team";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  appErrorOf,
  call,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { useMailDelivery } from "#tests/support/mail-delivery";
import { toastCookieOf, toastOf } from "#tests/support/toasts";
import { readToast } from "~/web/toast.server";

// Invitation links are not readable after they are sent: the mails go to
// a real SMTP receiver on 127.0.0.1, which stands for the invitee's mailbox; the inviter's
// outbox says that the mail went and to whom, never its link; and a member removed from the
// company takes with them the invitations they sent that are still pending and the API keys
// they created.

useTestDatabase();

const smtp = useMailDelivery();

/** The token of the newest invitation mail the receiver got for an address. */
async function mailedToken(address: string): Promise<string> {
  const mails = await smtp.waitFor(
    1,
    (m) => m.to.includes(address) && /invites you/.test(m.mail.subject ?? ""),
  );
  const text = mails[mails.length - 1].mail.text ?? "";
  const link = text.match(/\/join\/([\w-]+)/);
  expect(link, text).not.toBeNull();
  return link![1];
}

async function fresh(user: User): Promise<User> {
  const [row] = await db().select().from(users).where(eq(users.id, user.id));
  return row;
}

/** A colleague invited with a role who joins from the mailed link. */
async function joinAs(owner: User, role: "OWNER" | "ADMIN"): Promise<User> {
  const email = `${uniqueName(role.toLowerCase())}@example.com`;
  await inviteMember(owner, { email, role });
  return acceptInvitation(await mailedToken(email), {
    username: uniqueName("member"),
    password: TEST_PASSWORD,
    firstName: "Co",
    lastName: role === "OWNER" ? "Owner" : "Admin",
  });
}

/** Waits until the job queue has delivered the mail (its row is `sent`). */
async function delivered(mailId: number) {
  await expect
    .poll(
      async () =>
        (
          await db()
            .select({ status: mailOutbox.status })
            .from(mailOutbox)
            .where(eq(mailOutbox.id, mailId))
        )[0]?.status,
      { timeout: 10_000 },
    )
    .toBe("sent");
}

describe("an invitation's link after it is sent", () => {
  it("a removed owner can neither read nor use the OWNER invitation they sent before removal", async () => {
    const owner = await createEmployer({ companyName: uniqueName("Deli") });
    const coOwner = await joinAs(owner, "OWNER");
    // The owner invites another owner, then is removed before it is accepted.
    const invitee = `${uniqueName("newowner")}@example.com`;
    const sent = await inviteMember(owner, { email: invitee, role: "OWNER" });
    const token = await mailedToken(invitee);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, `invitation:${sent.id}:1`));
    await delivered(mail.id);
    const removed = await removeMember(coOwner, owner.id);

    // Signed in again, the removed owner lists the mail (to whom, that it went) but its
    // page holds no link, nor does the row.
    const former = await fresh(owner);
    const list = await (
      await call(outboxRoute.loader, await requestAs(former, "/outbox"))
    ).json();
    expect(list.mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: mail.id, to: invitee, status: "sent" }),
      ]),
    );
    const opened = await call(
      outboxRoute.loader,
      await requestAs(former, `/outbox?mail=${mail.id}`),
    );
    const page = await opened.text();
    expect(page).not.toContain(token);
    expect(page).not.toContain("/join/");
    expect(JSON.parse(page).open).toMatchObject({
      to: invitee,
      text: null,
      withheld: "sent-for-someone-else",
    });
    const [row] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, mail.id));
    expect(row.text + row.html).not.toContain(token);

    // The link, copied from anywhere, no longer joins.
    expect(
      (
        await appErrorOf(
          acceptInvitation(token, {
            username: uniqueName("takeover"),
            password: TEST_PASSWORD,
            firstName: "Take",
            lastName: "Over",
          }),
        )
      ).message,
    ).toBe(INVITATION_LINK_INVALID);
    const [invitation] = await db()
      .select()
      .from(invitations)
      .where(eq(invitations.id, sent.id));
    expect(invitation.status).toBe("REVOKED");
    expect(removed.revokedInvitations).toEqual([
      { id: sent.id, email: invitee },
    ]);
  });

  it("a removed member's API keys stop working; the owner who removed them is told which keys and invitations went", async () => {
    const owner = await createEmployer({ companyName: uniqueName("Mart") });
    const admin = await joinAs(owner, "OWNER");
    const key = await createApiKey(admin, {
      name: "Payroll sync",
      scopes: ["employees:read"],
    });
    const other = await createApiKey(owner, {
      name: "Owner's own key",
      scopes: ["employees:read"],
    });
    const invitee = `${uniqueName("pending")}@example.com`;
    await inviteMember(admin, { email: invitee, role: "ADMIN" });
    expect(await authenticateApiKey(key.key)).not.toBeNull();

    const res = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "remove-member",
          memberId: String(admin.id),
          confirmed: "yes",
        },
      }),
    );
    expect(res.status).toBe(302);
    const toast = await toastOf(res);
    expect(toast?.title).toBe("Member removed");
    expect(toast?.description).toBe(
      `Co Owner no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to ${invitee}, and the API keys they created: Payroll sync.`,
    );
    expect(await authenticateApiKey(key.key)).toBeNull();
    // Another member's key is not touched.
    expect(await authenticateApiKey(other.key)).not.toBeNull();
  });

  it("tells the owner in Spanish too", async () => {
    const owner = await createEmployer();
    const member = await joinAs(owner, "OWNER");
    const invitee = `${uniqueName("pendiente")}@example.com`;
    await inviteMember(member, { email: invitee, role: "ADMIN" });
    const res = await call(
      teamRoute.action,
      await requestAs(owner, "/settings/team", {
        form: {
          intent: "remove-member",
          memberId: String(member.id),
          confirmed: "yes",
        },
      }),
    );
    const { toast } = await readToast(
      new Request("http://localhost/", {
        headers: { Cookie: toastCookieOf(res) },
      }),
      "es",
    );
    expect(toast?.description).toBe(
      `Co Owner ya no pertenece al equipo; sus sesiones se cerraron. Se revocaron con su salida las invitaciones que envió a ${invitee}.`,
    );
  });

  it("removing a member with nothing pending says only that they left", async () => {
    const owner = await createEmployer();
    const member = await joinAs(owner, "ADMIN");
    const removed = await removeMember(owner, member.id);
    expect(removed).toMatchObject({
      revokedInvitations: [],
      revokedApiKeys: [],
    });
  });
});
