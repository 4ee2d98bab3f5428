import { addDays } from "date-fns";
import { and, eq } from "drizzle-orm";
import { complaints, mailOutbox, users, type User } from "#db/schema";
import {
  fileComplaint,
  listCompanyComplaints,
  listOwnComplaints,
  resolveComplaint,
  reviewComplaint,
  sendComplaintReminders,
} from "~/models/complaints/index.server";
import * as complaintsApi from "~/routes/api.complaints";
import * as queueApi from "~/routes/api.company-complaints";
import * as reviewApi from "~/routes/api.company-complaints.$id.review";
import * as resolveApi from "~/routes/api.company-complaints.$id.resolve";
import * as page from "~/routes/_app.complaints";
import * as queuePage from "~/routes/_app.complaint-queue";
import { db } from "~/utils/db.server";
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_RESOLVE_DAYS,
} from "~/utils/rules";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  createUnlinkedEmployee,
  requestAs,
} from "#tests/support/factories";

// Complaints from filing to resolution, with their mails, due dates, reminders and role checks, on
// the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).

useTestDatabase();

async function mailsTo(user: User, kind: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, user.id), eq(mailOutbox.kind, kind)));
}

/** An employer-side colleague in `owner`'s company with `role`. */
async function colleague(owner: User, role: "ADMIN" | "APPROVER") {
  const other = await createEmployer();
  const [row] = await db()
    .update(users)
    .set({ companyId: owner.companyId, companyRole: role })
    .where(eq(users.id, other.id))
    .returning();
  return row;
}

describe("complaints", () => {
  it("go from filed to in review to resolved, each step mailed to the employee", async () => {
    const owner = await createEmployer();
    const admin = await colleague(owner, "ADMIN");
    const employee = await createEmployee(owner);
    const filedAt = new Date("2026-11-02T15:00:00Z");
    const filed = await fileComplaint(
      employee,
      {
        category: "DEDUCTION",
        details: "Two deductions on one paycheck.\nPlease refund one.",
        subjectReference: "Deduction of Nov 1",
      },
      filedAt,
    );
    expect(filed.reference).toMatch(/^CMP-[2-9A-HJKMNP-Z]{8}$/);
    expect(filed.status).toBe("RECEIVED");
    expect(filed.acknowledgeBy).toEqual(
      addDays(filedAt, COMPLAINT_ACKNOWLEDGE_DAYS),
    );
    expect(filed.resolveBy).toEqual(addDays(filedAt, COMPLAINT_RESOLVE_DAYS));

    const [ack] = await mailsTo(employee, "complaint.received");
    expect(ack.subject).toContain(filed.reference);
    expect(ack.text).toContain("Two deductions on one paycheck");
    expect(ack.text).toContain("Please refund one");
    expect(ack.text).toContain("A payroll deduction");
    // The owner and the admin hear of it; an approver does not handle complaints.
    const approver = await colleague(owner, "APPROVER");
    expect(await mailsTo(owner, "complaint.new")).toHaveLength(1);
    expect(await mailsTo(admin, "complaint.new")).toHaveLength(1);
    expect(await mailsTo(approver, "complaint.new")).toHaveLength(0);

    const queued = await listCompanyComplaints(admin, "open");
    expect(queued.map((c) => c.reference)).toEqual([filed.reference]);
    expect(queued[0].employee.firstName).toBe(employee.firstName);

    const reviewed = await reviewComplaint(admin, filed.id);
    expect(reviewed.status).toBe("IN_REVIEW");
    expect((await appErrorOf(reviewComplaint(owner, filed.id))).status).toBe(
      409,
    );
    const [reviewMail] = await mailsTo(employee, "complaint.review");
    expect(reviewMail.subject).toContain("in review");

    const resolved = await resolveComplaint(
      owner,
      filed.id,
      "We refunded the second deduction on Nov 5.",
    );
    expect(resolved.status).toBe("RESOLVED");
    expect(resolved.resolution).toBe(
      "We refunded the second deduction on Nov 5.",
    );
    const [resolvedMail] = await mailsTo(employee, "complaint.resolved");
    expect(resolvedMail.text).toContain("We refunded the second deduction");
    expect(
      (await appErrorOf(resolveComplaint(owner, filed.id, "Again"))).status,
    ).toBe(409);

    // The employee sees each step.
    const [own] = await listOwnComplaints(employee);
    expect(own).toMatchObject({
      status: "RESOLVED",
      resolution: "We refunded the second deduction on Nov 5.",
    });
    expect(own.reviewedAt).not.toBeNull();
    expect(own.resolvedAt).not.toBeNull();
  });

  it("are refused to people who may not file or handle them", async () => {
    const owner = await createEmployer();
    const approver = await colleague(owner, "APPROVER");
    const employee = await createEmployee(owner);
    const stranger = await createEmployer();
    const unlinked = await createUnlinkedEmployee();
    const input = { category: "OTHER" as const, details: "Help" };
    expect((await appErrorOf(fileComplaint(unlinked, input))).status).toBe(409);
    expect((await appErrorOf(fileComplaint(owner, input))).status).toBe(403);
    const filed = await fileComplaint(employee, input);
    expect((await appErrorOf(listCompanyComplaints(approver))).status).toBe(
      403,
    );
    expect((await appErrorOf(reviewComplaint(stranger, filed.id))).status).toBe(
      404,
    );
    expect(await listCompanyComplaints(stranger)).toEqual([]);
  });

  it("remind the owners and admins once a day when late", async () => {
    const owner = await createEmployer();
    const employee = await createEmployee(owner);
    const filedAt = new Date("2026-10-01T12:00:00Z");
    const filed = await fileComplaint(
      employee,
      { category: "CARD_PURCHASE", details: "Refused at the store" },
      filedAt,
    );
    // Not late yet.
    expect(await sendComplaintReminders(addDays(filedAt, 1))).toBe(0);
    // Past the acknowledge-by date: one reminder, not two the same day.
    const late = addDays(filedAt, COMPLAINT_ACKNOWLEDGE_DAYS + 1);
    expect(await sendComplaintReminders(late)).toBe(1);
    expect(await sendComplaintReminders(late)).toBe(0);
    const [mail] = await mailsTo(owner, "complaint.late");
    expect(mail.subject).toContain(filed.reference);
    expect(mail.text).toContain("to be acknowledged by");
    // In review but past the resolve-by date: reminded again, about resolving.
    await reviewComplaint(owner, filed.id, late);
    const veryLate = addDays(filedAt, COMPLAINT_RESOLVE_DAYS + 1);
    expect(await sendComplaintReminders(veryLate)).toBe(1);
    const mails = await mailsTo(owner, "complaint.late");
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes("to be resolved by"))).toBe(true);
    // Resolved: never again.
    await resolveComplaint(owner, filed.id, "Card unfrozen.");
    expect(await sendComplaintReminders(addDays(veryLate, 2))).toBe(0);
  });

  it("are filed and handled through the JSON API and the no-JavaScript forms", async () => {
    const owner = await createEmployer();
    const employee = await createEmployee(owner);
    const bad = await call(
      complaintsApi.action,
      await requestAs(employee, "/api/complaints", {
        json: { category: "FOOD", details: "" },
      }),
    );
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as {
      errors: Record<string, string[]>;
    };
    expect(badBody.errors.category).toEqual([
      "Choose what the complaint is about",
    ]);
    expect(badBody.errors.details).toEqual(["Describe the problem"]);
    const filedBy = () =>
      db().select().from(complaints).where(eq(complaints.userId, employee.id));
    expect(await filedBy()).toHaveLength(0);

    const created = await call(
      complaintsApi.action,
      await requestAs(employee, "/api/complaints", {
        json: { category: "ADVANCE", details: "Approved but no card" },
      }),
    );
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: number; reference: string };
    const list = await call(
      complaintsApi.loader,
      await requestAs(employee, "/api/complaints"),
    );
    expect(((await list.json()) as unknown[]).length).toBe(1);

    // The employee may not read the queue; the owner may.
    expect(
      (
        await call(
          queueApi.loader,
          await requestAs(employee, "/api/company-complaints"),
        )
      ).status,
    ).toBe(403);
    const queue = await call(
      queueApi.loader,
      await requestAs(owner, "/api/company-complaints?status=RECEIVED"),
    );
    expect(((await queue.json()) as { reference: string }[])[0].reference).toBe(
      body.reference,
    );
    const reviewed = await call(
      reviewApi.action,
      await requestAs(owner, `/api/company-complaints/${body.id}/review`, {
        method: "POST",
      }),
      { id: String(body.id) },
    );
    expect(reviewed.status).toBe(200);
    const noText = await call(
      resolveApi.action,
      await requestAs(owner, `/api/company-complaints/${body.id}/resolve`, {
        json: { resolution: "  " },
      }),
      { id: String(body.id) },
    );
    expect(noText.status).toBe(400);

    // The queue page's form, as a browser without JavaScript posts it.
    const resolved = await call(
      queuePage.action,
      await requestAs(owner, "/complaint-queue", {
        form: {
          intent: "resolve",
          complaintId: String(body.id),
          resolution: "Card issued today.",
        },
      }),
    );
    expect(resolved.status).toBe(302);
    const [row] = await db()
      .select()
      .from(complaints)
      .where(eq(complaints.id, body.id));
    expect(row.status).toBe("RESOLVED");

    // The employee's page form: a bad post changes nothing; a good one redirects.
    const badForm = await call(
      page.action,
      await requestAs(employee, "/complaints", {
        form: { category: "OTHER", details: "" },
      }),
    );
    expect(badForm.status).toBe(400);
    const goodForm = await call(
      page.action,
      await requestAs(employee, "/complaints", {
        form: { category: "OTHER", details: "Where is my payslip?" },
      }),
    );
    expect(goodForm.status).toBe(302);
    expect(await filedBy()).toHaveLength(2);
    // An approver opening the queue page sees Access Denied.
    const approver = await colleague(owner, "APPROVER");
    const denied = await call(
      queuePage.loader,
      await requestAs(approver, "/complaint-queue"),
    );
    expect(denied.status).toBe(403);
  });
});
