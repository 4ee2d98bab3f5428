import { companyOwners } from "~/models/people/index.server";
import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  employees,
  invitations,
  payrollOffboardingProposals,
  users,
  type User,
} from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import { inviteEmployee } from "~/models/companies/index.server";
import {
  connectedCompanies,
  linkPayrollIndividuals,
  recordFinchFault,
  recordPayrollSync,
  type ConnectedCompany,
} from "~/models/integrations/index.server";
import {
  FinchCallError,
  lastPayDates,
  readFinchRoster,
  type FinchPerson,
} from "~/services/payroll/finch.server";
import { DAY_MS, isoDay } from "~/utils/pay-schedule";
import { companyFor } from "~/utils/company-access.server";
import { db } from "~/utils/db.server";
import { AppError, conflict, isAppError, notFound } from "~/utils/errors";
import { inviteEmployeeSchema } from "~/validation/company";
import { offboardEmployee } from "./offboarding.server";
import { syncPayScheduleFromPayroll } from "./payroll-connection-schedule.server";

// The roster sync (DESIGN §13; decision 0111): a connected company's payroll roster read
// through Finch and matched to its employees, by work e-mail, then by the payroll system's
// employee id (the one an accepted invitation carried). Names and departments follow the
// payroll system; new active people are invited within the sending limits; people whose
// employment ended are proposed for offboarding with their last pay date, and a person confirms
// each. Nobody is offboarded by the sync itself. Every change is in the audit trail.

const PROPOSAL_NOT_FOUND = "This offboarding proposal is not open any more.";
const PAYROLL_SYNC_FAILED =
  "Finch did not answer. Nothing was changed: try again in a few minutes.";

/** How far back the payments are read for a leaver's last pay date. */
const PAY_HISTORY_DAYS = 120;

export type RosterSyncSummary = {
  people: number;
  matched: number;
  updated: number;
  invited: number;
  /** New people not invited yet: the company's sending limit was reached (next sync). */
  deferred: number;
  proposed: number;
  /** People without a usable work e-mail or name. */
  skipped: number;
};

type Known = {
  employeeId: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  department: string | null;
  offboarded: boolean;
};

async function knownPeople(companyId: number) {
  const staff: Known[] = (
    await db()
      .select({
        employeeId: employees.id,
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        department: users.department,
        offboardedAt: employees.offboardedAt,
      })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(employees.companyId, companyId))
  ).map((r) => ({ ...r, offboarded: r.offboardedAt !== null }));
  const invited = await db()
    .select({
      email: invitations.email,
      status: invitations.status,
      employeeNumber: invitations.employeeNumber,
      acceptedUserId: invitations.acceptedUserId,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        eq(invitations.kind, "EMPLOYEE"),
        inArray(invitations.status, ["PENDING", "ACCEPTED"]),
      ),
    );
  const byEmail = new Map(staff.map((k) => [k.email.toLowerCase(), k]));
  const byUser = new Map(staff.map((k) => [k.userId, k]));
  const byNumber = new Map<string, Known>();
  const pending = new Set<string>();
  for (const i of invited) {
    if (i.status === "PENDING") {
      pending.add(i.email.toLowerCase());
      if (i.employeeNumber) pending.add(`#${i.employeeNumber}`);
    } else if (i.employeeNumber && i.acceptedUserId) {
      const known = byUser.get(i.acceptedUserId);
      if (known) byNumber.set(i.employeeNumber, known);
    }
  }
  return { byEmail, byNumber, pending };
}

function matchOf(
  person: FinchPerson,
  known: Awaited<ReturnType<typeof knownPeople>>,
): Known | null {
  const email = person.workEmail?.toLowerCase();
  return (
    (email ? known.byEmail.get(email) : undefined) ??
    (person.sourceId ? known.byNumber.get(person.sourceId) : undefined) ??
    null
  );
}

/** One company's sync. `actor` is who pressed Sync now, or null for the daily job. */
async function syncPayrollRoster(
  company: ConnectedCompany,
  actor: User | null,
  now: Date = new Date(),
): Promise<RosterSyncSummary> {
  const { companyId } = company;
  const roster = await readFinchRoster(company.settings, company.accessToken);
  const known = await knownPeople(companyId);
  const today = isoDay(now);
  const summary: RosterSyncSummary = {
    people: roster.length,
    matched: 0,
    updated: 0,
    invited: 0,
    deferred: 0,
    proposed: 0,
    skipped: 0,
  };
  // Invitations go out in the name of who pressed Sync now, or of the owner who connected.
  const [inviter] = actor
    ? [actor]
    : await db()
        .select()
        .from(users)
        .where(eq(users.id, company.connectedById));
  const leavers: { person: FinchPerson; known: Known }[] = [];
  const links: { employeeId: number; individualId: string }[] = [];
  let limitReached = false;
  for (const person of roster) {
    const ended =
      !person.isActive || (person.endDate !== null && person.endDate <= today);
    const match = matchOf(person, known);
    if (match) {
      summary.matched += 1;
      links.push({ employeeId: match.employeeId, individualId: person.id });
      if (ended) {
        if (!match.offboarded) leavers.push({ person, known: match });
        continue;
      }
      const next = {
        firstName: person.firstName || match.firstName,
        lastName: person.lastName || match.lastName,
        department: person.department ?? match.department,
      };
      if (
        next.firstName !== match.firstName ||
        next.lastName !== match.lastName ||
        next.department !== match.department
      ) {
        await db().transaction(async (tx) => {
          await tx.update(users).set(next).where(eq(users.id, match.userId));
          await recordAudit(tx, {
            actorId: actor?.id ?? null,
            companyId,
            subjectUserId: match.userId,
            action: "payroll_sync.employee_updated",
            details: {
              before: {
                firstName: match.firstName,
                lastName: match.lastName,
                department: match.department,
              },
              after: next,
            },
          });
        });
        summary.updated += 1;
      }
      continue;
    }
    if (ended) continue;
    const email = person.workEmail?.toLowerCase();
    if (
      (email && known.pending.has(email)) ||
      (person.sourceId && known.pending.has(`#${person.sourceId}`))
    )
      continue;
    const parsed = inviteEmployeeSchema.safeParse({
      email: person.workEmail ?? "",
      firstName: person.firstName,
      lastName: person.lastName,
      department: person.department ?? "",
    });
    if (!parsed.success || !inviter) {
      summary.skipped += 1;
      continue;
    }
    if (limitReached) {
      summary.deferred += 1;
      continue;
    }
    try {
      await inviteEmployee(
        inviter,
        { ...parsed.data, employeeNumber: person.sourceId },
        now,
      );
      summary.invited += 1;
    } catch (error) {
      if (isAppError(error) && error.status === 429) {
        limitReached = true;
        summary.deferred += 1;
      } else if (isAppError(error) && error.status === 409) {
        summary.skipped += 1;
      } else throw error;
    }
  }
  if (leavers.length > 0) {
    const since = isoDay(new Date(now.getTime() - PAY_HISTORY_DAYS * DAY_MS));
    const paid = await lastPayDates(
      company.settings,
      company.accessToken,
      since,
      today,
    );
    for (const { person, known: k } of leavers) {
      const proposed = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(payrollOffboardingProposals)
          .values({
            companyId,
            employeeId: k.employeeId,
            finchIndividualId: person.id,
            endDate: person.endDate,
            lastPayDate: paid.get(person.id) ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: payrollOffboardingProposals.id });
        if (!row) return false;
        await recordAudit(tx, {
          actorId: actor?.id ?? null,
          companyId,
          subjectUserId: k.userId,
          action: "payroll_sync.offboarding_proposed",
          details: {
            proposalId: row.id,
            endDate: person.endDate,
            lastPayDate: paid.get(person.id) ?? null,
          },
        });
        return true;
      });
      if (proposed) summary.proposed += 1;
    }
  }
  // Who is who in payroll (for the deductions written and the statements read), and the pay
  // schedule from the payroll system's pay groups and pay dates.
  await linkPayrollIndividuals(companyId, links);
  await syncPayScheduleFromPayroll(company, actor?.id ?? null, now);
  await db().transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: actor?.id ?? null,
      companyId,
      action: "payroll_sync.ran",
      details: { ...summary },
    });
  });
  await recordPayrollSync(companyId, summary, now);
  return summary;
}

/** An owner's Sync now. */
export async function syncPayrollRosterNow(
  actor: User,
  now: Date = new Date(),
): Promise<RosterSyncSummary> {
  const companyId = companyFor(actor, "team");
  const [company] = await connectedCompanies(companyId);
  if (!company) throw notFound("Your company's payroll is not connected.");
  try {
    return await syncPayrollRoster(company, actor, now);
  } catch (error) {
    if (error instanceof FinchCallError) {
      await recordFinchFault(companyId, companyOwners, error, now);
      throw new AppError(503, PAYROLL_SYNC_FAILED);
    }
    throw error;
  }
}

/** The daily job: every connected company, each on its own (one failing stops no other). */
export async function syncConnectedRosters(now: Date = new Date()) {
  let synced = 0;
  const failed: number[] = [];
  for (const company of await connectedCompanies()) {
    try {
      await syncPayrollRoster(company, null, now);
      synced += 1;
    } catch (error) {
      failed.push(company.companyId);
      if (error instanceof FinchCallError)
        await recordFinchFault(company.companyId, companyOwners, error, now);
    }
  }
  return { synced, failed };
}

export type OffboardingProposal = {
  id: number;
  employeeId: number;
  name: string;
  email: string;
  endDate: string | null;
  lastPayDate: string | null;
};

/** The open proposals of the actor's company. */
export async function listOffboardingProposals(
  actor: User,
): Promise<OffboardingProposal[]> {
  const companyId = companyFor(actor, "manageEmployees");
  const rows = await db()
    .select({
      id: payrollOffboardingProposals.id,
      employeeId: payrollOffboardingProposals.employeeId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      endDate: payrollOffboardingProposals.endDate,
      lastPayDate: payrollOffboardingProposals.lastPayDate,
    })
    .from(payrollOffboardingProposals)
    .innerJoin(
      employees,
      eq(employees.id, payrollOffboardingProposals.employeeId),
    )
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(payrollOffboardingProposals.companyId, companyId),
        eq(payrollOffboardingProposals.status, "PENDING"),
      ),
    )
    .orderBy(payrollOffboardingProposals.id);
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employeeId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    endDate: r.endDate,
    lastPayDate: r.lastPayDate,
  }));
}

async function openProposal(companyId: number, id: number) {
  const [row] = await db()
    .select()
    .from(payrollOffboardingProposals)
    .where(
      and(
        eq(payrollOffboardingProposals.id, id),
        eq(payrollOffboardingProposals.companyId, companyId),
        eq(payrollOffboardingProposals.status, "PENDING"),
      ),
    );
  if (!row) throw notFound(PROPOSAL_NOT_FOUND);
  return row;
}

/**
 * A person confirms a proposal: the employee is offboarded as the offboarding form would
 * (with the proposal's last pay date, or the one they typed), then the proposal is closed.
 */
export async function confirmOffboardingProposal(
  actor: User,
  id: number,
  input: { lastPayDate?: unknown },
  now: Date = new Date(),
) {
  const companyId = companyFor(actor, "manageEmployees");
  const proposal = await openProposal(companyId, id);
  const typed =
    typeof input.lastPayDate === "string" ? input.lastPayDate.trim() : "";
  const lastPayDate = typed || proposal.lastPayDate || "";
  const done = await offboardEmployee(
    actor,
    proposal.employeeId,
    { lastPayDate },
    now,
  );
  await db()
    .update(payrollOffboardingProposals)
    .set({ status: "CONFIRMED", decidedById: actor.id, decidedAt: now })
    .where(
      and(
        eq(payrollOffboardingProposals.id, id),
        eq(payrollOffboardingProposals.status, "PENDING"),
      ),
    );
  const [person] = await db()
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(employees.id, proposal.employeeId));
  return {
    ...done,
    name: `${person?.firstName ?? ""} ${person?.lastName ?? ""}`.trim(),
  };
}

/** A person dismisses a proposal (the payroll system was wrong, or it is handled elsewhere). */
export async function dismissOffboardingProposal(
  actor: User,
  id: number,
  now: Date = new Date(),
): Promise<void> {
  const companyId = companyFor(actor, "manageEmployees");
  const proposal = await openProposal(companyId, id);
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(payrollOffboardingProposals)
      .set({ status: "DISMISSED", decidedById: actor.id, decidedAt: now })
      .where(
        and(
          eq(payrollOffboardingProposals.id, id),
          isNull(payrollOffboardingProposals.decidedAt),
        ),
      )
      .returning({ id: payrollOffboardingProposals.id });
    if (!row) throw conflict(PROPOSAL_NOT_FOUND);
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "payroll_sync.offboarding_dismissed",
      details: { proposalId: id, employeeId: proposal.employeeId },
    });
  });
}
