import { parse } from "csv-parse/sync";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  employees,
  invitations,
  rosterImports,
  users,
  type RosterImport,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { connection, db, type Executor } from "~/utils/db.server";
import { requeueRowsWithoutJob } from "~/utils/job-sweep.server";
import { badRequest, conflict, isAppError, notFound } from "~/utils/errors";
import {
  ALREADY_EMPLOYEE,
  ALREADY_INVITED,
  duplicateInFile,
  ROSTER_BATCH,
  ROSTER_COLUMNS,
  ROSTER_MAX_BYTES,
  ROSTER_MAX_ROWS,
  ROSTER_NO_HEADER,
  ROSTER_NO_ROWS,
  ROSTER_NOT_CSV,
  ROSTER_NOT_PREVIEW,
  ROSTER_TOO_LARGE,
  ROSTER_TOO_MANY_ROWS,
} from "~/utils/roster-rules";
import { rosterRowSchema } from "~/validation/company";
import { companyFor } from "~/utils/company-access.server";
import {
  companyName,
  expireStale,
  insertInvitation,
} from "./invitations.server";
import { reserveInvitationSends } from "./sending-limits.server";

// Roster import (/employees/import): a CSV of up to 10,000 employees is checked first (nothing
// is written but the preview itself), then, once confirmed, the job queue sends the
// invitations in batches of 200, each batch one transaction with its progress, so a job run
// twice resumes where it stopped. Importing the same file again invites nobody twice: an
// address already employed or invited is skipped, in the preview and again when its batch runs.

export const ROSTER_IMPORT_TASK = "roster-import";
/** Attempts of an import's job before the queue gives up on it. */
const ROSTER_JOB_ATTEMPTS = 5;

export type RosterRow = {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  department: string | null;
  employeeNumber: string | null;
  /** Absent in imports made before the work state column. */
  workState?: string | null;
};
export type BadRow = { line: number; reason: string };
export type SkippedRow = { line: number; email: string; reason: string };

const letters = (header: string) =>
  header
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z]/g, "");

/** Which column holds each field, from the header row; null without the required three. */
function columnsOf(
  header: string[],
): Partial<Record<keyof typeof ROSTER_COLUMNS, number>> | null {
  const found: Partial<Record<keyof typeof ROSTER_COLUMNS, number>> = {};
  header.forEach((cell, index) => {
    const key = letters(cell);
    for (const [field, names] of Object.entries(ROSTER_COLUMNS))
      if (
        (names as readonly string[]).includes(key) &&
        found[field as keyof typeof ROSTER_COLUMNS] === undefined
      )
        found[field as keyof typeof ROSTER_COLUMNS] = index;
  });
  return found.firstName !== undefined &&
    found.lastName !== undefined &&
    found.email !== undefined
    ? found
    : null;
}

/**
 * Reads a roster: the rows to invite and the refused ones with their line numbers. Throws a
 * 400 for a file that is not CSV, has no usable header, no rows or too many.
 */
export function readRoster(bytes: Uint8Array): {
  rows: RosterRow[];
  bad: BadRow[];
  total: number;
} {
  if (bytes.byteLength > ROSTER_MAX_BYTES) throw badRequest(ROSTER_TOO_LARGE);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(ROSTER_NOT_CSV);
  }
  if (text.includes("\u0000")) throw badRequest(ROSTER_NOT_CSV);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch {
    throw badRequest(ROSTER_NOT_CSV);
  }
  const [head, ...body] = records;
  const columns = head ? columnsOf(head.record) : null;
  if (!columns) throw badRequest(ROSTER_NO_HEADER);
  if (body.length === 0) throw badRequest(ROSTER_NO_ROWS);
  if (body.length > ROSTER_MAX_ROWS) throw badRequest(ROSTER_TOO_MANY_ROWS);

  const rows: RosterRow[] = [];
  const bad: BadRow[] = [];
  const firstLine = new Map<string, number>();
  const cell = (record: string[], index: number | undefined) =>
    index === undefined ? "" : (record[index] ?? "");
  for (const { record, info } of body) {
    const line = info.lines;
    const parsed = rosterRowSchema.safeParse({
      firstName: cell(record, columns.firstName),
      lastName: cell(record, columns.lastName),
      email: cell(record, columns.email),
      department: cell(record, columns.department),
      employeeNumber: cell(record, columns.employeeNumber),
      workState: cell(record, columns.workState),
    });
    if (!parsed.success) {
      bad.push({
        line,
        reason: parsed.error.issues[0]?.message ?? "Invalid row",
      });
      continue;
    }
    const key = parsed.data.email.toLowerCase();
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      bad.push({ line, reason: duplicateInFile(earlier) });
      continue;
    }
    firstLine.set(key, line);
    rows.push({
      line,
      email: parsed.data.email,
      firstName: parsed.data.firstName,
      lastName: parsed.data.lastName,
      department: parsed.data.department || null,
      employeeNumber: parsed.data.employeeNumber || null,
      workState: parsed.data.workState,
    });
  }
  return { rows, bad, total: body.length };
}

/** The addresses (lower case) among `emails` that are the company's employees, or invited. */
async function takenAddresses(
  companyId: number,
  emails: string[],
  executor: Executor = db(),
): Promise<{ employed: Set<string>; invited: Set<string> }> {
  const lower = emails.map((e) => e.toLowerCase());
  if (lower.length === 0) return { employed: new Set(), invited: new Set() };
  const [employed, invited] = await Promise.all([
    executor
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .innerJoin(employees, eq(employees.userId, users.id))
      .where(
        and(
          eq(employees.companyId, companyId),
          inArray(sql`lower(${users.email})`, lower),
        ),
      ),
    executor
      .select({ email: sql<string>`lower(${invitations.email})` })
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          eq(invitations.kind, "EMPLOYEE"),
          eq(invitations.status, "PENDING"),
          sql`${invitations.expiresAt} > now()`,
          inArray(sql`lower(${invitations.email})`, lower),
        ),
      ),
  ]);
  return {
    employed: new Set(employed.map((r) => r.email)),
    invited: new Set(invited.map((r) => r.email)),
  };
}

/**
 * The preview: the file read and checked against the company's employees and invitations.
 * Stored (so Confirm sends exactly what was shown), nothing else written.
 */
export async function previewRoster(
  actor: User,
  fileName: string,
  bytes: Uint8Array,
): Promise<RosterImport> {
  const companyId = companyFor(actor, "manageEmployees");
  const { rows, bad, total } = readRoster(bytes);
  const { employed, invited } = await takenAddresses(
    companyId,
    rows.map((r) => r.email),
  );
  const toInvite: RosterRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const row of rows) {
    const key = row.email.toLowerCase();
    if (employed.has(key))
      skipped.push({
        line: row.line,
        email: row.email,
        reason: ALREADY_EMPLOYEE,
      });
    else if (invited.has(key))
      skipped.push({
        line: row.line,
        email: row.email,
        reason: ALREADY_INVITED,
      });
    else toInvite.push(row);
  }
  const [saved] = await db()
    .insert(rosterImports)
    .values({
      companyId,
      createdById: actor.id,
      fileName: fileName.slice(0, 200),
      totalRows: total,
      rows: toInvite,
      badRows: bad,
      skippedRows: skipped,
    })
    .returning();
  return saved;
}

/** One of the caller's company's imports (404 for another company's). */
export async function getRosterImport(
  actor: User,
  id: number,
): Promise<RosterImport> {
  const companyId = companyFor(actor, "manageEmployees");
  const [row] = await db()
    .select()
    .from(rosterImports)
    .where(
      and(eq(rosterImports.id, id), eq(rosterImports.companyId, companyId)),
    );
  if (!row) throw notFound("Import not found");
  return row;
}

/** The company's recent imports, newest first. */
export async function listRosterImports(actor: User, limit = 5) {
  const companyId = companyFor(actor, "manageEmployees");
  return db()
    .select({
      id: rosterImports.id,
      fileName: rosterImports.fileName,
      status: rosterImports.status,
      totalRows: rosterImports.totalRows,
      invited: rosterImports.invited,
      createdAt: rosterImports.createdAt,
    })
    .from(rosterImports)
    .where(eq(rosterImports.companyId, companyId))
    .orderBy(desc(rosterImports.createdAt), desc(rosterImports.id))
    .limit(limit);
}

/**
 * Confirm: the import is queued (once: a second confirm is a 409) and the job queue takes it
 * (graphile-worker on PostgreSQL, the worker loop on the embedded database).
 */
export async function confirmRoster(
  actor: User,
  id: number,
): Promise<RosterImport> {
  const preview = await getRosterImport(actor, id);
  const queued = await db().transaction(async (tx) => {
    // Its rows count against the company's invitation limits from now on: reserved before it
    // is queued (a queued import's unsent rows are counted as sent).
    if (preview.status === "PREVIEW")
      await reserveInvitationSends(
        tx,
        preview.companyId,
        (preview.rows as unknown[]).length,
      );
    const [row] = await tx
      .update(rosterImports)
      .set({ status: "QUEUED", confirmedAt: new Date() })
      .where(and(eq(rosterImports.id, id), eq(rosterImports.status, "PREVIEW")))
      .returning();
    if (!row) throw conflict(ROSTER_NOT_PREVIEW);
    if (connection().kind === "postgres")
      await tx.execute(
        sql`select graphile_worker.add_job(${ROSTER_IMPORT_TASK}, json_build_object('importId', ${id}::int),
              job_key := ${`roster:${id}`}, max_attempts := ${ROSTER_JOB_ATTEMPTS})`,
      );
    return row;
  });
  return queued;
}

/**
 * Gives a job again to every confirmed, unfinished import that has none (PostgreSQL), as
 * requeueMailWithoutJob does for e-mail. Returns the imports.
 */
export async function requeueRosterImportsWithoutJob(): Promise<number[]> {
  if (connection().kind !== "postgres") return [];
  return requeueRowsWithoutJob({
    table: "roster_imports",
    unfinished: sql`t.status in ('QUEUED', 'RUNNING')`,
    task: ROSTER_IMPORT_TASK,
    keyPrefix: "roster",
    payloadKey: "importId",
    maxAttempts: ROSTER_JOB_ATTEMPTS,
    limit: 100,
  });
}

/** Imports confirmed and not finished: the embedded database's worker loop runs them. */
export async function unfinishedRosterImports(): Promise<number[]> {
  const rows = await db()
    .select({ id: rosterImports.id })
    .from(rosterImports)
    .where(inArray(rosterImports.status, ["QUEUED", "RUNNING"]))
    .orderBy(rosterImports.id);
  return rows.map((r) => r.id);
}

/**
 * The job: sends the invitations of a confirmed import from where it stopped, a batch per
 * transaction (its invitations, their audit events and mails, and the progress together), and
 * tells the company's open pages after each batch.
 */
export async function runRosterImport(id: number): Promise<void> {
  const [start] = await db()
    .select()
    .from(rosterImports)
    .where(eq(rosterImports.id, id));
  if (!start || start.status === "DONE" || start.status === "PREVIEW") return;
  const [inviter] = await db()
    .select()
    .from(users)
    .where(eq(users.id, start.createdById));
  const rows = start.rows as RosterRow[];
  await db()
    .update(rosterImports)
    .set({ status: "RUNNING" })
    .where(eq(rosterImports.id, id));
  for (;;) {
    const done = await db().transaction(async (tx) => {
      const [current] = await tx
        .select({ processed: rosterImports.processed })
        .from(rosterImports)
        .where(eq(rosterImports.id, id))
        .for("update");
      const batch = rows.slice(
        current.processed,
        current.processed + ROSTER_BATCH,
      );
      if (batch.length === 0) {
        await tx
          .update(rosterImports)
          .set({ status: "DONE", finishedAt: new Date() })
          .where(eq(rosterImports.id, id));
        return true;
      }
      const { employed } = await takenAddresses(
        start.companyId,
        batch.map((r) => r.email),
        tx,
      );
      let invited = 0;
      let skipped = 0;
      const now = new Date();
      // Read and expired once for the whole batch, not once per row.
      await expireStale(
        tx,
        start.companyId,
        batch.map((r) => r.email),
      );
      const shared = {
        companyName: await companyName(tx, start.companyId),
        staleExpired: true,
      };
      for (const row of batch) {
        if (employed.has(row.email.toLowerCase())) {
          skipped += 1;
          continue;
        }
        try {
          await tx.transaction(async (inner) => {
            await insertInvitation(
              inner,
              inviter,
              start.companyId,
              {
                kind: "EMPLOYEE",
                email: row.email,
                firstName: row.firstName,
                lastName: row.lastName,
                department: row.department,
                employeeNumber: row.employeeNumber,
                workState: row.workState ?? null,
              },
              now,
              shared,
            );
          });
          invited += 1;
        } catch (error) {
          // Invited meanwhile (another import, the form): skipped, never twice.
          if (!isAppError(error) || error.status !== 409) throw error;
          skipped += 1;
        }
      }
      await tx
        .update(rosterImports)
        .set({
          processed: current.processed + batch.length,
          invited: sql`${rosterImports.invited} + ${invited}`,
          skippedLater: sql`${rosterImports.skippedLater} + ${skipped}`,
        })
        .where(eq(rosterImports.id, id));
      return false;
    });
    await publish("employee.added", [], { company: start.companyId });
    if (done) return;
  }
}
