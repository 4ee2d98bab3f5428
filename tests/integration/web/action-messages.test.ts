import { and, desc, eq } from "drizzle-orm";
import {
  apiKeys,
  companies,
  complaints,
  invitations,
  mailOutbox,
  payrollDeductions,
  advanceRequests,
  virtualCards,
} from "#db/schema";
import { useTestDatabase } from "#tests/support/db";
import {
  createEmployee,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import {
  browserOf,
  decode,
  usePageActions,
  shownToast,
  type Language,
} from "#tests/support/page-actions";
import { employeeOf } from "#tests/support/rows";
import { payAndIssueCard } from "#tests/support/data";
import { createWorld } from "#tests/support/world";
import { approveAdvance, requestAdvance } from "~/models/advances/index.server";

import { db } from "~/utils/db.server";
import { localizeMessage, serverT } from "~/utils/i18n.server";
import { formatCents, toCents } from "~/utils/money";
import { isoDay } from "~/utils/pay-schedule";
import { formatDate } from "~/utils/dates";
import { addDays } from "date-fns";
import { roleInText } from "~/web/auth.server";

import { insertUser } from "~/models/companies/index.server";
// One database is enough: what is checked is where each post sends the person and the toast and
// page they see; the actions behind them are domain functions with their own tests on both
// databases.

// After each action of the settings, the team, invitations, offboarding, complaints, API keys
// and the card page, as the person's browser does it against Remix's request handler: where
// the post sends them, the toast the next page shows (naming who and how much where it
// applies, in the person's language) and that page showing the change. The advance's own
// journey (request to payroll collection) is in role-aware-screens.test.ts.

useTestDatabase();

const { handler, act, show } = usePageActions();

/** The value of the input named `name` in a page's HTML. */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(
    html,
  )?.[0];
  return tag && /\bvalue="([^"]*)"/.exec(tag)?.[1];
}

/** The cookie pairs a response sets ("name=value"), without the ones it clears. */
function cookiesOf(res: Response): string[] {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="));
}

for (const language of ["en", "es"] as const satisfies Language[]) {
  const said = (text: string) => localizeMessage(language, text);
  /** The toast in the page's language; in Spanish, translated (not the English left). */
  const expectToast = (shown: string[], title: string, text: string) => {
    expect(shown).toEqual([said(title), said(text)]);
    if (language === "es") expect(shown[1]).not.toBe(text);
  };
  const money = (cents: number) => formatCents(cents, language);

  describe(`after each action, the message says what changed, in ${language === "en" ? "English" : "Spanish"}`, () => {
    it("the company's settings, team and invitations: saved, role changed, removed, sent, revoked, accepted", async () => {
      const world = await createWorld();
      const owner = await browserOf(world.users.EA, language);
      const [company] = await db()
        .select()
        .from(companies)
        .where(eq(companies.id, world.users.EA.companyId!));

      // Settings: the toast names the company and the limits saved; the form shows them.
      const saved = await act(owner, "/settings", {
        companyName: company!.companyName,
        contactEmail: company!.contactEmail ?? "",
        contactPhone: "",
        maxAdvance: "450.00",
        approvalLimit: "0",
      });
      expect(saved.location).toBe("/settings");
      expectToast(
        saved.toast,
        "Settings saved",
        `${company!.companyName}: advances up to $450.00; every request waits for an approver.`,
      );
      expect(Number(inputValue(saved.html, "maxAdvance"))).toBe(450);
      const limited = await act(owner, "/settings", {
        companyName: company!.companyName,
        contactEmail: company!.contactEmail ?? "",
        contactPhone: "",
        maxAdvance: "450.00",
        approvalLimit: "100.00",
      });
      expectToast(
        limited.toast,
        "Settings saved",
        `${company!.companyName}: advances up to $450.00; requests under $100.00 are approved at once.`,
      );
      expect(Number(inputValue(limited.html, "approvalLimit"))).toBe(100);

      // The team: a member's new role is named, and the member's select holds it.
      const member = await db().transaction((tx) =>
        insertUser(tx, {
          role: "EMPLOYER",
          username: uniqueName("rita"),
          password: "Grocery-walk-2026!",
          firstName: "Rita",
          lastName: language === "en" ? "Role" : "Rol",
          email: `${uniqueName("rita")}@example.com`,
          companyId: world.users.EA.companyId,
          companyRole: "APPROVER",
        }),
      );
      const memberName = `${member.firstName} ${member.lastName}`;
      const changed = await act(owner, "/settings/team", {
        intent: "change-role",
        memberId: String(member.id),
        role: "ADMIN",
      });
      expect(changed.location).toBe("/settings/team");
      expectToast(
        changed.toast,
        "Role changed",
        `${memberName} is now ${roleInText("ADMIN")}.`,
      );
      const select =
        new RegExp(
          `<select[^>]*id="role-${member.id}"[\\s\\S]*?</select>`,
        ).exec(changed.html)?.[0] ?? "";
      expect(select).toMatch(/<option value="ADMIN" selected=""/);

      // Removed: named, and gone from the team's table.
      const removed = await act(owner, "/settings/team", {
        intent: "remove-member",
        confirmed: "yes",
        memberId: String(member.id),
      });
      expect(removed.location).toBe("/settings/team");
      expectToast(
        removed.toast,
        "Member removed",
        `${memberName} no longer belongs to the team; their sessions have ended.`,
      );
      expect(removed.html).not.toContain(`id="role-${member.id}"`);

      // A colleague invited to the team: the address named; the invitation listed, then revoked.
      const colleague = `${uniqueName("colleague")}@example.com`;
      const invited = await act(owner, "/settings/team", {
        email: colleague,
        role: "APPROVER",
        language,
      });
      expect(invited.location).toBe("/settings/team");
      expectToast(
        invited.toast,
        "Invitation sent",
        `${colleague} will get an e-mail with a link that works for 7 days.`,
      );
      expect(invited.html).toContain(colleague);
      const [sent] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.email, colleague));
      expect(invited.html).toMatch(
        new RegExp(`name="invitationId" value="${sent!.id}"`),
      );
      const revoked = await act(owner, "/settings/team", {
        intent: "revoke-invitation",
        invitationId: String(sent!.id),
      });
      expectToast(
        revoked.toast,
        "Invitation revoked",
        `The link sent to ${colleague} no longer works.`,
      );
      expect(revoked.html).not.toMatch(
        new RegExp(`name="invitationId" value="${sent!.id}"`),
      );

      // An employee invited: named with the address; the employees page lists the invitation.
      const email = `${uniqueName("ines")}@example.com`;
      const last = language === "en" ? "Invited" : "Invitada";
      const asked = await act(owner, "/employees/invite", {
        email,
        firstName: "Ines",
        lastName: last,
        department: "",
        workState: "",
        language,
      });
      expect(asked.location).toBe("/employees");
      expectToast(
        asked.toast,
        "Invitation sent",
        `Ines ${last} will get an e-mail at ${email} with a link that works for 7 days.`,
      );
      expect(asked.html).toContain(email);

      // She accepts from the mail's link: welcomed by name, and signed in on her dashboard.
      const [mail] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .orderBy(desc(mailOutbox.id))
        .limit(1);
      const token = /\/join\/([\w-]+)/.exec(mail!.text)?.[1];
      expect(token).toBeDefined();
      const opened = await handler()(
        await requestAs(null, `/join/${token}`, {
          cookie: `lng=${language}`,
        }),
        { cspNonce: "" },
      );
      expect(opened.status).toBe(302);
      expect(opened.headers.get("Location")).toBe("/join");
      const jar = [`lng=${language}`, ...cookiesOf(opened)].join("; ");
      const accepted = await handler()(
        await requestAs(null, "/join", {
          method: "POST",
          headers: { Accept: "text/html" },
          cookie: jar,
          form: {
            username: uniqueName("ines"),
            password: "Grocery-walk-2026!",
            firstName: "Ines",
            lastName: last,
          },
        }),
        { cspNonce: "" },
      );
      expect(accepted.status).toBe(302);
      expect(accepted.headers.get("Location")).toBe("/");
      const dashboard = await show(
        [`lng=${language}`, ...cookiesOf(accepted)].join("; "),
        "/",
      );
      expectToast(
        shownToast(dashboard),
        "Welcome aboard",
        "Your account is ready, Ines.",
      );
      expect(dashboard).toContain(serverT(language, "dashboard")("toDo.title"));
    }, 180_000);

    it("complaints, API keys, the card's refund and close, and offboarding", async () => {
      const world = await createWorld();
      const owner = await browserOf(world.users.EA, language);
      const person = await createEmployee(world.users.EA, {
        firstName: "Carla",
        lastName: language === "en" ? "Card" : "Tarjeta",
      });
      const name = `${person.firstName} ${person.lastName}`;
      const employee = await browserOf(person, language);

      // A complaint filed: its reference; the employee's list shows it.
      const filed = await act(employee, "/complaints", {
        category: "ADVANCE",
        details: "The fee was shown twice on my statement.",
        subjectReference: "",
      });
      expect(filed.location).toBe("/complaints");
      const [complaint] = await db()
        .select()
        .from(complaints)
        .orderBy(desc(complaints.id))
        .limit(1);
      expectToast(
        filed.toast,
        "Complaint sent",
        `Your reference is ${complaint!.reference}. We e-mailed you an acknowledgement.`,
      );
      expect(filed.html).toContain(complaint!.reference);

      // Answered by the owner: who was told, which complaint; the queue shows it resolved.
      const answered = await act(owner, "/complaint-queue", {
        intent: "resolve",
        complaintId: String(complaint!.id),
        resolution: "The fee is charged once; the statement line was a hold.",
      });
      expect(answered.location).toBe("/complaint-queue");
      expectToast(
        answered.toast,
        "Complaint resolved",
        `${name} was e-mailed the resolution of ${complaint!.reference}.`,
      );
      expect(
        (await show(owner, "/complaint-queue?status=RESOLVED")).includes(
          complaint!.reference,
        ),
      ).toBe(true);

      // An API key: created on the page (its secret shown once, no redirect), then revoked.
      const keyName = language === "en" ? "Payroll sync" : "Sincronizar nómina";
      const created = await handler()(
        await requestAs(null, "/settings/api", {
          method: "POST",
          headers: { Accept: "text/html" },
          cookie: owner,
          form: { name: keyName, scopes: "employees:read" },
        }),
        { cspNonce: "" },
      );
      expect(created.status).toBe(200);
      const createdHtml = decode(await created.text());
      const [key] = await db()
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.name, keyName))
        .orderBy(desc(apiKeys.id))
        .limit(1);
      expect(createdHtml).toContain(keyName);
      expect(createdHtml).toMatch(
        new RegExp(`name="keyId" value="${key!.id}"`),
      );
      const keyRevoked = await act(owner, "/settings/api", {
        intent: "revoke-key",
        keyId: String(key!.id),
      });
      expect(keyRevoked.location).toBe("/settings/api");
      expectToast(
        keyRevoked.toast,
        "Key revoked",
        `${keyName} no longer works.`,
      );
      expect(keyRevoked.html).not.toMatch(
        new RegExp(`name="keyId" value="${key!.id}"`),
      );

      // A card: a purchase, a merchant's refund (how much, from whom), then closed (what was
      // left, in dollars, comes off the deductions).
      const request = await requestAdvance(person, {
        amount: 300,
        reason: "Groceries",
        repaymentPeriods: 2,
      });
      await approveAdvance(world.users.AP, request.id);
      await payAndIssueCard(person, request);
      const [card] = await db()
        .select()
        .from(virtualCards)
        .where(eq(virtualCards.requestId, request.id));
      const here = `/cards/${card!.id}`;
      const bought = await handler()(
        await requestAs(null, here, {
          method: "POST",
          headers: { Accept: "text/html" },
          cookie: employee,
          form: {
            intent: "simulate",
            amount: "40.00",
            merchantName: "Corner Market",
            merchantCategory: "grocery_stores_supermarkets",
          },
        }),
        { cspNonce: "" },
      );
      expect(bought.status).toBe(302);
      const refunded = await act(employee, here, {
        intent: "refund",
        amount: "15.00",
        merchantName: "Corner Market",
      });
      expect(refunded.location).toBe(here);
      expectToast(
        refunded.toast,
        "Refund received",
        `${formatCents(1_500)} from Corner Market is back on the card.`,
      );
      expect(refunded.html).toContain(money(1_500));
      const closed = await act(employee, here, {
        intent: "close",
        confirm: "on",
      });
      expect(closed.location).toBe(here);
      // $300.00 − $40.00 spent + $15.00 refunded.
      expectToast(
        closed.toast,
        "Card closed",
        `The ${formatCents(27_500)} left on it comes off your upcoming deductions.`,
      );
      expect(closed.html).not.toMatch(/name="intent" value="freeze"/);

      // Offboarded: who, what was closed and cancelled, and what is still owed, in dollars.
      const employeeId = (await employeeOf(person)).id;
      const owed = (
        await db()
          .select({ amount: payrollDeductions.amount })
          .from(payrollDeductions)
          .innerJoin(
            advanceRequests,
            eq(advanceRequests.id, payrollDeductions.requestId),
          )
          .where(
            and(
              eq(advanceRequests.employeeId, employeeId),
              eq(payrollDeductions.status, "SCHEDULED"),
            ),
          )
      ).reduce((sum, d) => sum + toCents(d.amount), 0);
      expect(owed).toBe(2_500);
      const left = await act(owner, `/employees/${employeeId}`, {
        lastPayDate: isoDay(new Date()),
        confirm: "on",
      });
      expect(left.location).toBe(`/employees/${employeeId}`);
      expectToast(
        left.toast,
        "Employee offboarded",
        `${name} has left. Cards closed: 0; requests cancelled: 0; ${formatCents(owed)} still owed falls on the last pay date.`,
      );
      // The page now offers the correction of the last pay date, not the offboarding.
      expect(left.html).toMatch(/name="intent" value="correct"/);

      // Corrected: the new day in the page's one date format ("Dec 5, 2026", "5 dic 2026"),
      // not as the form posts it (2026-12-05).
      const newDay = isoDay(addDays(new Date(), 1));
      const corrected = await act(owner, `/employees/${employeeId}`, {
        intent: "correct",
        lastPayDate: newDay,
        confirm: "on",
      });
      expect(corrected.location).toBe(`/employees/${employeeId}`);
      expect(corrected.toast[0]).toBe(said("Last pay date changed"));
      const shownDay = formatDate(`${newDay}T00:00:00`, language);
      expect(corrected.toast[1]).toContain(shownDay);
      expect(corrected.toast[1]).not.toContain(newDay);
      expect(corrected.toast[1]).toBe(
        language === "en"
          ? `What is owed now falls on ${shownDay}.`
          : `Lo que se debe ahora se descuenta el ${shownDay}.`,
      );
    }, 180_000);
  });
}
