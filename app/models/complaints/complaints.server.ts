import { randomInt } from "node:crypto";
import { addDays, startOfDay } from "date-fns";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { complaints, users, type Complaint, type User } from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import { companyMembers } from "~/models/people/index.server";
import {
  enqueueMail,
  mailOrigin,
  notifyComplaintReceived,
} from "~/models/notifications/index.server";
import * as templates from "~/services/mail/templates";
import { companyFor } from "~/utils/company-access.server";
import { db, queryRows, type Executor } from "~/utils/db.server";
import { formatDate } from "~/utils/dates";
import { conflict, forbidden, notFound } from "~/utils/errors";
import type { Language } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_ALREADY_IN_REVIEW,
  COMPLAINT_ALREADY_RESOLVED,
  COMPLAINT_NEEDS_COMPANY,
  COMPLAINT_NOT_FOUND,
  COMPLAINT_RESOLVE_DAYS,
} from "~/utils/rules";
import type { FileComplaintInput } from "~/validation/complaints";

// Complaints and disputes: an employee files one and gets its reference
// and an acknowledgement mail; the company's owners and admins (capability "complaints") move
// it to review and resolve it with a text the employee reads; each step is mailed to the
// employee; a complaint past its acknowledge-by or resolve-by date reminds the handlers daily.

type ComplaintStatus = Complaint["status"];
type ComplaintCategory = Complaint["category"];

/** A complaint as pages and the JSON API show it. */
export type ComplaintView = {
  id: number;
  reference: string;
  category: ComplaintCategory;
  details: string;
  subjectReference: string | null;
  status: ComplaintStatus;
  resolution: string | null;
  createdAt: Date;
  acknowledgeBy: Date;
  resolveBy: Date;
  reviewedAt: Date | null;
  resolvedAt: Date | null;
  /** Past the date that applies to its status (acknowledge while received, else resolve). */
  late: boolean;
};

/** In the employer's queue: who filed it too. */
export type QueuedComplaint = ComplaintView & {
  employee: { userId: number; firstName: string; lastName: string };
};

function isLate(
  c: Pick<Complaint, "status" | "acknowledgeBy" | "resolveBy">,
  now: Date = new Date(),
): boolean {
  if (c.status === "RESOLVED") return false;
  if (c.status === "RECEIVED" && c.acknowledgeBy < now) return true;
  return c.resolveBy < now;
}

function view(c: Complaint, now = new Date()): ComplaintView {
  return {
    id: c.id,
    reference: c.reference,
    category: c.category,
    details: c.details,
    subjectReference: c.subjectReference,
    status: c.status,
    resolution: c.resolution,
    createdAt: c.createdAt,
    acknowledgeBy: c.acknowledgeBy,
    resolveBy: c.resolveBy,
    reviewedAt: c.reviewedAt,
    resolvedAt: c.resolvedAt,
    late: isLate(c, now),
  };
}

// Letters and digits a person reads back without confusion (no 0/O, 1/I/L).
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A complaint's reference: "CMP-" and eight characters, random (not a count of complaints). */
function newReference(): string {
  let out = "";
  for (let i = 0; i < 8; i++)
    out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `CMP-${out}`;
}

const languageOf = (row: { language: Language | null }): Language =>
  row.language ?? "en";

function facts(c: Complaint, language: Language) {
  return {
    reference: c.reference,
    category: serverT(language, "complaints")(`categories.${c.category}`),
    filedOn: formatDate(c.createdAt, language),
    acknowledgeBy: formatDate(c.acknowledgeBy, language),
    resolveBy: formatDate(c.resolveBy, language),
  };
}

/** The company's owners and admins: who handles complaints and gets their mails. */
async function handlers(tx: Executor, companyId: number) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.role, "EMPLOYER"),
        inArray(users.companyRole, ["OWNER", "ADMIN"]),
      ),
    )
    .orderBy(asc(users.id));
}

async function employeeOf(tx: Executor, userId: number) {
  const [u] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
    })
    .from(users)
    .where(eq(users.id, userId));
  return u ?? null;
}

/**
 * An employee files a complaint: stored with its due dates, the acknowledgement mailed to them
 * and a notice to the handlers, in one transaction. Refused for an employer-side user (403)
 * and for an employee no company has linked yet (409).
 */
export async function fileComplaint(
  user: User,
  input: FileComplaintInput,
  now: Date = new Date(),
): Promise<ComplaintView> {
  if (user.role !== "EMPLOYEE") throw forbidden();
  const companyId = user.companyId;
  if (companyId === null) throw conflict(COMPLAINT_NEEDS_COMPANY);
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(complaints)
      .values({
        reference: newReference(),
        companyId,
        userId: user.id,
        category: input.category,
        details: input.details,
        subjectReference: input.subjectReference ?? null,
        createdAt: now,
        acknowledgeBy: addDays(now, COMPLAINT_ACKNOWLEDGE_DAYS),
        resolveBy: addDays(now, COMPLAINT_RESOLVE_DAYS),
      })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      companyId,
      subjectUserId: user.id,
      action: "complaint.filed",
      details: { reference: row.reference, category: row.category },
    });
    const language = languageOf(user);
    await enqueueMail(tx, {
      userId: user.id,
      to: user.email,
      kind: "complaint.received",
      dedupeKey: `complaint.received:${row.id}`,
      mail: templates.complaintReceivedMail({
        origin: mailOrigin(),
        to: user,
        complaint: { ...facts(row, language), details: row.details },
        language,
      }),
    });
    for (const h of await handlers(tx, companyId))
      await enqueueMail(tx, {
        userId: h.id,
        to: h.email,
        kind: "complaint.new",
        dedupeKey: `complaint.new:${row.id}:${h.id}`,
        mail: templates.complaintHandlerMail({
          origin: mailOrigin(),
          to: h,
          kind: "new",
          complaint: facts(row, languageOf(h)),
          language: languageOf(h),
        }),
      });
    // The owners' and admins' devices that chose "complaint received" (Web Push).
    await notifyComplaintReceived(
      tx,
      await companyMembers(tx, companyId, ["OWNER", "ADMIN"]),
      {
        id: row.id,
        fromName: `${user.firstName} ${user.lastName}`,
        summary: row.details,
        url: "/complaint-queue",
      },
    );
    return view(row, now);
  });
}

/** The employee's own complaints, newest first. */
export async function listOwnComplaints(user: User): Promise<ComplaintView[]> {
  if (user.role !== "EMPLOYEE") throw forbidden();
  const rows = await db()
    .select()
    .from(complaints)
    .where(eq(complaints.userId, user.id))
    .orderBy(desc(complaints.createdAt), desc(complaints.id));
  const now = new Date();
  return rows.map((r) => view(r, now));
}

export type QueueFilter = "open" | "all" | ComplaintStatus;

/**
 * The company's complaints for its owners and admins: open ones first, oldest due first, then
 * resolved ones newest first.
 */
export async function listCompanyComplaints(
  user: User,
  filter: QueueFilter = "all",
): Promise<QueuedComplaint[]> {
  const companyId = companyFor(user, "complaints");
  const where = [eq(complaints.companyId, companyId)];
  if (filter === "open") where.push(sql`${complaints.status} <> 'RESOLVED'`);
  else if (filter !== "all") where.push(eq(complaints.status, filter));
  const rows = await db()
    .select({
      complaint: complaints,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.userId))
    .where(and(...where))
    .orderBy(
      sql`(${complaints.status} = 'RESOLVED')`,
      sql`case when ${complaints.status} = 'RESOLVED' then null else ${complaints.resolveBy} end`,
      desc(complaints.createdAt),
      desc(complaints.id),
    );
  const now = new Date();
  return rows.map((r) => ({
    ...view(r.complaint, now),
    employee: {
      userId: r.complaint.userId,
      firstName: r.firstName,
      lastName: r.lastName,
    },
  }));
}

/** One of the company's complaints (another company's, or none: 404). */
async function getCompanyComplaint(
  user: User,
  id: number,
): Promise<QueuedComplaint> {
  const companyId = companyFor(user, "complaints");
  const [r] = await db()
    .select({
      complaint: complaints,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(complaints)
    .innerJoin(users, eq(users.id, complaints.userId))
    .where(and(eq(complaints.id, id), eq(complaints.companyId, companyId)));
  if (!r) throw notFound(COMPLAINT_NOT_FOUND);
  return {
    ...view(r.complaint),
    employee: {
      userId: r.complaint.userId,
      firstName: r.firstName,
      lastName: r.lastName,
    },
  };
}

async function lockCompanyComplaint(
  tx: Executor,
  companyId: number,
  id: number,
) {
  const [row] = await tx
    .select()
    .from(complaints)
    .where(and(eq(complaints.id, id), eq(complaints.companyId, companyId)))
    .for("update");
  if (!row) throw notFound(COMPLAINT_NOT_FOUND);
  return row;
}

/** An owner or admin starts the review (the acknowledgement): received → in review. */
export async function reviewComplaint(
  user: User,
  id: number,
  now: Date = new Date(),
): Promise<QueuedComplaint> {
  const companyId = companyFor(user, "complaints");
  await db().transaction(async (tx) => {
    const row = await lockCompanyComplaint(tx, companyId, id);
    if (row.status === "RESOLVED") throw conflict(COMPLAINT_ALREADY_RESOLVED);
    if (row.status === "IN_REVIEW") throw conflict(COMPLAINT_ALREADY_IN_REVIEW);
    const [updated] = await tx
      .update(complaints)
      .set({ status: "IN_REVIEW", reviewedAt: now, reviewedById: user.id })
      .where(eq(complaints.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      companyId,
      subjectUserId: row.userId,
      action: "complaint.in_review",
      details: { reference: row.reference },
    });
    await mailStep(tx, updated, "review", now);
  });
  return getCompanyComplaint(user, id);
}

/** An owner or admin resolves it with the text the employee reads (from received or review). */
export async function resolveComplaint(
  user: User,
  id: number,
  resolution: string,
  now: Date = new Date(),
): Promise<QueuedComplaint> {
  const companyId = companyFor(user, "complaints");
  await db().transaction(async (tx) => {
    const row = await lockCompanyComplaint(tx, companyId, id);
    if (row.status === "RESOLVED") throw conflict(COMPLAINT_ALREADY_RESOLVED);
    const [updated] = await tx
      .update(complaints)
      .set({
        status: "RESOLVED",
        resolution,
        resolvedAt: now,
        resolvedById: user.id,
        reviewedAt: row.reviewedAt ?? now,
        reviewedById: row.reviewedById ?? user.id,
      })
      .where(eq(complaints.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      companyId,
      subjectUserId: row.userId,
      action: "complaint.resolved",
      details: { reference: row.reference },
    });
    await mailStep(tx, updated, "resolved", now);
  });
  return getCompanyComplaint(user, id);
}

async function mailStep(
  tx: Executor,
  c: Complaint,
  step: "review" | "resolved",
  now: Date,
) {
  const person = await employeeOf(tx, c.userId);
  if (!person) return;
  const language = languageOf(person);
  await enqueueMail(tx, {
    userId: person.id,
    to: person.email,
    kind: `complaint.${step}`,
    dedupeKey: `complaint.${step}:${c.id}`,
    mail: templates.complaintStepMail({
      origin: mailOrigin(),
      to: person,
      reference: c.reference,
      step,
      on: formatDate(now, language),
      resolution: step === "resolved" ? (c.resolution ?? undefined) : undefined,
      language,
    }),
  });
}

/**
 * Scheduled daily: each open complaint past its acknowledge-by (still received) or resolve-by
 * date, not reminded in the last 20 hours, is mailed to each of its company's owners and
 * admins. Returns how many complaints were reminded about.
 */
export async function sendComplaintReminders(
  now: Date = new Date(),
): Promise<number> {
  const late = await queryRows<{ id: number }>(
    db(),
    sql`select id from complaints
        where status <> 'RESOLVED'
          and ((status = 'RECEIVED' and acknowledge_by < ${now.toISOString()}::timestamptz)
               or resolve_by < ${now.toISOString()}::timestamptz)
          and (reminded_at is null
               or reminded_at < ${now.toISOString()}::timestamptz - interval '20 hours')
        order by resolve_by, id`,
  );
  const day = startOfDay(now).toISOString().slice(0, 10);
  let reminded = 0;
  for (const { id } of late) {
    const done = await db().transaction(async (tx) => {
      const [c] = await tx
        .select()
        .from(complaints)
        .where(eq(complaints.id, id))
        .for("update");
      if (!c || !isLate(c, now)) return false;
      const overdue =
        c.status === "RECEIVED" && c.acknowledgeBy < now
          ? "acknowledge"
          : "resolve";
      for (const h of await handlers(tx, c.companyId))
        await enqueueMail(tx, {
          userId: h.id,
          to: h.email,
          kind: "complaint.late",
          dedupeKey: `complaint.late:${c.id}:${h.id}:${day}`,
          mail: templates.complaintHandlerMail({
            origin: mailOrigin(),
            to: h,
            kind: "late",
            overdue,
            complaint: facts(c, languageOf(h)),
            language: languageOf(h),
          }),
        });
      await tx
        .update(complaints)
        .set({ remindedAt: now })
        .where(eq(complaints.id, c.id));
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}

/** A complaint as the JSON API answers it (dates as ISO 8601). */
export function toPublicComplaint<C extends ComplaintView>(c: C) {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...c,
    createdAt: c.createdAt.toISOString(),
    acknowledgeBy: c.acknowledgeBy.toISOString(),
    resolveBy: c.resolveBy.toISOString(),
    reviewedAt: iso(c.reviewedAt),
    resolvedAt: iso(c.resolvedAt),
  };
}
