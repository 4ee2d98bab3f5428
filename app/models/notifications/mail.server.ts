import crypto from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { mailOutbox, type MailOutboxRow } from "#db/schema";
import type { RenderedMail } from "~/services/mail/templates";
import { sendSmtp, smtpConfigured } from "~/services/mail/transport.server";
import { connection, db, queryRows, type Executor } from "~/utils/db.server";
import { commitsAcknowledgedWithoutStandby } from "~/utils/database-notices.server";
import { env } from "~/utils/env.server";
import { requeueRowsWithoutJob } from "~/utils/job-sweep.server";

// The mail outbox. Every e-mail is a row
// written in the transaction of the action that causes it, so an action that rolls back sends
// nothing. With SMTP_URL the row is delivered by the job queue: on PostgreSQL a graphile-worker
// job added in the same transaction; on PGlite the in-process dispatcher picks pending rows.
// Without SMTP_URL the row is kept and shown to its recipient at /outbox.

/** Delivery attempts before a mail is marked failed (the queue's job gives up at the same count). */
const MAIL_MAX_ATTEMPTS = 10;
export const DELIVER_MAIL_TASK = "deliver-mail";
/**
 * Kinds whose body holds a single-use link (a token): a reset, the "choose your password" link
 * of an account an employer created, an invitation. Once delivered the body is dropped; until
 * then it is shown to its recipient only.
 */
const TOKEN_MAIL_KINDS: ReadonlySet<string> = new Set([
  "password.reset",
  "account.created",
  "invitation.employee",
  "invitation.member",
  "email.confirmation",
]);
/**
 * Kinds kept under the account that sent them, because their recipient has no account yet (an
 * invitation): the sender's outbox shows that the mail went and to whom, never its body.
 */
const SENT_FOR_SOMEONE_ELSE = new Set([
  "invitation.employee",
  "invitation.member",
]);
/** What a delivered token mail's row holds in place of its body. */
const BODY_NOT_KEPT = "Delivered. The link is not kept.";

export type MailToSend = {
  userId: number;
  to: string;
  kind: string;
  /** Unique per e-mail: the same key is enqueued (and sent) once. */
  dedupeKey: string;
  mail: RenderedMail;
};

/**
 * Where links in e-mail point: APP_URL, else (mail kept in the outbox, development) this
 * server's own address. Never the request's Host: a forged Host would put an attacker's address
 * in front of a live reset token. The
 * environment check refuses SMTP_URL without APP_URL.
 */
export function mailOrigin(): string {
  const configured = env().APP_URL;
  if (configured) return new URL(configured).origin;
  return `http://localhost:${env().PORT}`;
}

export function uniqueKey(prefix: string): string {
  return `${prefix}:${crypto.randomUUID()}`;
}

/**
 * Writes the e-mail in the caller's transaction and, when it is to be delivered over SMTP on
 * PostgreSQL, adds its delivery job in that same transaction (graphile_worker.add_job).
 * Returns false when an e-mail with this key already exists.
 */
export async function enqueueMail(
  tx: Executor,
  m: MailToSend,
): Promise<boolean> {
  const deliver = smtpConfigured();
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      dedupeKey: m.dedupeKey,
      userId: m.userId,
      toAddress: m.to,
      kind: m.kind,
      subject: m.mail.subject,
      html: m.mail.html,
      text: m.mail.text,
      status: deliver ? "pending" : "kept",
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (!row) return false;
  if (deliver && connection().kind === "postgres") {
    await tx.execute(
      sql`select graphile_worker.add_job(${DELIVER_MAIL_TASK}, json_build_object('mailId', ${row.id}::int),
            job_key := ${`mail:${row.id}`}, max_attempts := ${MAIL_MAX_ATTEMPTS})`,
    );
  }
  return true;
}

/**
 * Gives a delivery job again to every pending e-mail that has none (PostgreSQL with SMTP_URL;
 * the embedded loop reads the outbox itself). The row is what must be sent; its job is only how.
 * A job can be finished without the row being marked sent when, for a second after a crash,
 * the restarted old primary and the promoted standby both answer as the primary and the
 * worker's connections reach both. Returns the e-mails given a job.
 */
export async function requeueMailWithoutJob(): Promise<number[]> {
  if (!smtpConfigured() || connection().kind !== "postgres") return [];
  return requeueRowsWithoutJob({
    table: "mail_outbox",
    unfinished: sql`t.status = 'pending'`,
    task: DELIVER_MAIL_TASK,
    keyPrefix: "mail",
    payloadKey: "mailId",
    maxAttempts: MAIL_MAX_ATTEMPTS,
    limit: 500,
  });
}

/**
 * The e-mail's row is locked by another delivery, or this server does not have it (after a
 * failover a worker can briefly reach two servers that each answer as the primary). Not an
 * attempt: the queue looks again later without counting it against the mail.
 */
export class MailNotReady extends Error {
  constructor(mailId: number, why: "held" | "missing") {
    super(
      why === "held"
        ? `mail ${mailId} is being delivered by another worker; will look again`
        : `mail ${mailId} is not on this database server; will look again`,
    );
    this.name = "MailNotReady";
  }
}

/**
 * Delivers one pending e-mail over SMTP, once: the row is locked for the send (a second
 * delivery of the same mail meanwhile throws MailNotReady, so its job looks again later and
 * then finds it sent) and marked sent in the same transaction; a row already sent is skipped.
 * A failed send throws, after recording the attempt, so the queue retries.
 * When the send went through but the database went away before the transaction committed (a
 * failover), the mail is marked sent afterwards, as soon as the database answers (for up to
 * two minutes), rather than sent again by the queue's retry; and when the commit may not
 * have reached the synchronous standby, it is marked again until a commit that did.
 */
export async function deliverMail(mailId: number): Promise<"sent" | "skipped"> {
  let sent: { id: number; kind: string } | null = null;
  // The transaction's own work: when the connection dies mid-send, the transaction fails at
  // once while the send goes on; whether the mail left is known only once the work settles.
  let work: Promise<unknown> = Promise.resolve();
  const unconfirmedBefore = commitsAcknowledgedWithoutStandby();
  try {
    const outcome = await db().transaction((tx) => {
      const run = async () => {
        const rows = await queryRows<{
          id: number;
          to_address: string;
          subject: string;
          html: string;
          text: string;
          kind: string;
          dedupe_key: string;
          status: string;
        }>(
          tx,
          sql`select id, to_address, subject, html, text, kind, dedupe_key, status from mail_outbox
            where id = ${mailId} for update skip locked`,
        );
        const mail = rows[0];
        if (!mail) {
          // Held by another transaction, or not on this server at all: never "done". A job
          // finished here while the row stays pending would leave the mail unsent for good.
          const [seen] = await queryRows<{ status: string }>(
            tx,
            sql`select status from mail_outbox where id = ${mailId}`,
          );
          if (seen && seen.status !== "pending") return "skipped" as const;
          throw new MailNotReady(mailId, seen ? "held" : "missing");
        }
        if (mail.status !== "pending") return "skipped" as const;
        const domain =
          env().MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "groceryadvance.com";
        await sendSmtp({
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: `<${crypto.createHash("sha256").update(mail.dedupe_key).digest("hex").slice(0, 32)}@${domain}>`,
        });
        sent = { id: mail.id, kind: mail.kind };
        await markSent(tx, sent);
        return "sent" as const;
      };
      const running = run();
      work = running;
      return running;
    });
    // A commit acknowledged without the synchronous standby meanwhile (this one, or another
    // of this process's): the mark may be on a server about to be failed over.
    if (sent && commitsAcknowledgedWithoutStandby() !== unconfirmedBefore)
      await markSentDurably(sent, null);
    return outcome;
  } catch (error) {
    await work.catch(() => {});
    if (sent) {
      await markSentDurably(sent, error);
      return "sent";
    }
    if (error instanceof MailNotReady) throw error;
    await recordFailure(mailId, error);
    throw error;
  }
}

/** Marks a delivered mail sent (a token mail's body dropped); a row already sent is left alone. */
async function markSent(tx: Executor, mail: { id: number; kind: string }) {
  const secret = TOKEN_MAIL_KINDS.has(mail.kind);
  await tx
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      ...(secret
        ? {
            html: `<p>${BODY_NOT_KEPT}</p>`,
            text: BODY_NOT_KEPT,
          }
        : {}),
    })
    .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "pending")));
}

const MARK_SENT_FOR_MS = 120_000;
/** One attempt at the mark: longer than any answer from a reachable primary. */
const MARK_ATTEMPT_MS = 10_000;

/**
 * Rejects when `promise` has not settled within `ms`. Around a failover an attempt can wait
 * long on a server that is going away; bounded, the mark is tried again and the job cannot
 * wait on one attempt for good. (A failover test run saw a job that held its mail never end;
 * whether an attempt hung there or its writes were lost with a demoted primary
 * (decision 0138), is not known.)
 */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the database in ${ms} ms`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The send went through, and either the transaction did not commit (a failover) or its commit
 * may not have reached the synchronous standby: the mail is marked sent in a new transaction
 * that also rewrites the row, so its commit writes to the log and waits for the standby, whose
 * confirmation covers the earlier mark too. Tried every second until one commits with neither
 * an error nor the warning that the standby was not waited for (decision 0093). The queue's
 * job is still held by this worker meanwhile, so no other worker sends it again. After two
 * minutes a mail never marked throws the send's error, and the queue's retry sends it a second
 * time (with the same Message-ID); a mark never confirmed is left as it is.
 */
async function markSentDurably(
  mail: { id: number; kind: string },
  cause: unknown,
) {
  if (cause !== null)
    console.warn(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "warn",
        msg: "mail sent; marking it sent once the database answers",
        mailId: mail.id,
        error: cause instanceof Error ? cause.message : String(cause),
      }),
    );
  const until = Date.now() + MARK_SENT_FOR_MS;
  let marked = false;
  for (;;) {
    const unconfirmedBefore = commitsAcknowledgedWithoutStandby();
    try {
      await within(
        db().transaction(async (tx) => {
          await markSent(tx, mail);
          await tx.execute(
            sql`update mail_outbox set sent_at = sent_at where id = ${mail.id} and status = 'sent'`,
          );
        }),
        MARK_ATTEMPT_MS,
      );
      marked = true;
      if (commitsAcknowledgedWithoutStandby() === unconfirmedBefore) return;
    } catch (error) {
      // the database is still away: try again
      if (error instanceof Error && error.message.startsWith("no answer"))
        console.warn(
          JSON.stringify({
            time: new Date().toISOString(),
            level: "warn",
            msg: "marking a sent mail got no answer; trying again",
            mailId: mail.id,
          }),
        );
    }
    if (Date.now() > until) {
      if (marked || cause === null) return;
      throw cause;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function recordFailure(mailId: number, error: unknown) {
  const message = (
    error instanceof Error ? error.message : String(error)
  ).slice(0, 500);
  // Backoff for the embedded dispatcher: 2^attempts seconds, at most an hour. (On PostgreSQL
  // graphile-worker schedules the retry itself.)
  await db().execute(sql`
    update mail_outbox set
      attempts = attempts + 1,
      last_error = ${message},
      next_attempt_at = now() + make_interval(secs => least(power(2, attempts + 1), 3600)),
      status = case when attempts + 1 >= ${MAIL_MAX_ATTEMPTS} then 'failed' else status end
    where id = ${mailId} and status = 'pending'`);
}

/** Pending e-mails due for an attempt (the embedded dispatcher's batch). */
export async function dueMailIds(limit = 20): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db(),
    sql`select id from mail_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

export type OutboxEntry = Pick<
  MailOutboxRow,
  "id" | "subject" | "kind" | "status" | "createdAt" | "sentAt" | "toAddress"
>;

/** The signed-in user's own e-mails, newest first (the /outbox page). */
export async function listOwnMail(
  userId: number,
  limit = 50,
): Promise<OutboxEntry[]> {
  return db()
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      toAddress: mailOutbox.toAddress,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}

export type OwnMail = OutboxEntry & {
  /**
   * The text part; null when it is not shown: a mail with a single-use link that was sent for
   * someone else (an invitation, whose recipient has no account yet), or that was delivered
   * (its link is not kept).
   */
  text: string | null;
  /** Why the text is not shown. */
  withheld: "sent-for-someone-else" | "delivered" | null;
};

/**
 * One of the user's own e-mails; another user's id is null (a 404). A mail with a single-use
 * link shows its body to its recipient alone, and only until it is delivered: an invitation
 * kept under its inviter shows that it went and to whom, never the link.
 */
export async function getOwnMail(
  userId: number,
  mailId: number,
): Promise<OwnMail | null> {
  const [row] = await db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.userId, userId)));
  if (!row) return null;
  const withheld = !TOKEN_MAIL_KINDS.has(row.kind)
    ? null
    : SENT_FOR_SOMEONE_ELSE.has(row.kind)
      ? ("sent-for-someone-else" as const)
      : row.status === "sent"
        ? ("delivered" as const)
        : null;
  return {
    id: row.id,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    toAddress: row.toAddress,
    text: withheld ? null : row.text,
    withheld,
  };
}

/** For /readyz and operators: e-mails waiting and failed. */
export async function mailCounts(): Promise<{
  pending: number;
  failed: number;
}> {
  const [row] = await queryRows<{ pending: number; failed: number }>(
    db(),
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed
        from mail_outbox where status in ('pending', 'failed')`,
  );
  return row ?? { pending: 0, failed: 0 };
}
