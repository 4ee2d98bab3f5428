import { recordSessionsRevoked } from "./user.server";
import crypto from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import {
  employees,
  sessions,
  users,
  type Session,
  type User,
} from "#db/schema";
import { publish } from "~/services/events.server";
import { db, type Database, type Executor } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import { badRequest, notFound } from "~/utils/errors";
import { describeLastSeen, describeUserAgent } from "~/utils/user-agent";
import type { SessionActionInput } from "~/validation/sessions";

// Server-side sessions (DESIGN §5). The cookie
// carries a random token; the table holds its SHA-256, who it belongs to and when it ends.

/** How often last-seen is written: reads inside this many seconds skip the write. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;
/** How long the half-signed-in state between password and TOTP code lasts. */
const MFA_PENDING_SECONDS = 5 * 60;

type SessionLifetime = { absoluteSeconds: number; idleSeconds: number };

function sessionLifetime(remember: boolean): SessionLifetime {
  const e = env();
  return remember
    ? {
        absoluteSeconds: e.SESSION_REMEMBER_DAYS * 86_400,
        idleSeconds: e.SESSION_REMEMBER_IDLE_DAYS * 86_400,
      }
    : {
        absoluteSeconds: e.SESSION_ABSOLUTE_HOURS * 3_600,
        idleSeconds: e.SESSION_IDLE_MINUTES * 60,
      };
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export type ClientInfo = {
  userAgent?: string | null;
  ip?: string | null;
  /** The device cookie's token, when the browser presented one (devices.server.ts). */
  device?: string | null;
};

const clip = (value: string | null | undefined, max: number) =>
  value ? value.slice(0, max) : null;

/**
 * Starts a session for a user whose password (and, when enrolled, code) was checked. With
 * `mfaPending` the row is the half-signed-in state: it authenticates nothing and lasts
 * MFA_PENDING_SECONDS, until completeMfaSession turns it into a full session.
 * Returns the token for the cookie (only its hash is stored).
 */
export async function createSession(
  userId: number,
  options: { remember: boolean; mfaPending?: boolean } & ClientInfo,
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const life = sessionLifetime(options.remember);
  const seconds = options.mfaPending
    ? MFA_PENDING_SECONDS
    : life.absoluteSeconds;
  const [session] = await db()
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: sql`now() + make_interval(secs => ${seconds})`,
      idleSeconds: options.mfaPending ? MFA_PENDING_SECONDS : life.idleSeconds,
      remember: options.remember,
      userAgent: clip(options.userAgent, 300),
      ip: clip(options.ip, 100),
      mfaPending: Boolean(options.mfaPending),
    })
    .returning();
  return { token, session };
}

/** The condition under which a row is a live session (not revoked, not expired, not idle). */
const live = sql`${sessions.revokedAt} is null
  and ${sessions.expiresAt} > now()
  and ${sessions.lastSeenAt} > now() - make_interval(secs => ${sessions.idleSeconds})`;

/**
 * `mayRequest`: the user is an employee of a company who has not left it, the only person
 * /request offers its form to (a leaver and an employee with no company get its explanation).
 * Read in the same query, through the employee row's unique index on its user, so the signed-in
 * layout leaves the request link out for the others without a query of its own.
 */
export type SessionUser = { user: User; session: Session; mayRequest: boolean };

/** The statement that finds a live session and its user, full or waiting for its TOTP code. */
function liveSessionQuery(database: Database, mfaPending: boolean) {
  return database
    .select({
      user: users,
      session: sessions,
      mayRequest: sql<boolean>`(${employees.companyId} is not null and ${employees.offboardedAt} is null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        eq(sessions.mfaPending, mfaPending),
        live,
      ),
    )
    .prepare(mfaPending ? "live_session_mfa_pending" : "live_session");
}
type LiveSessionQuery = ReturnType<typeof liveSessionQuery>;

/**
 * Every request reads its session, so its statement is built once per database, not per
 * request: building this select of two whole rows cost ~0.2 ms of the server's CPU and a
 * few hundred objects each time (decision 0088).
 */
const liveSessionQueries = new WeakMap<
  Database,
  { full: LiveSessionQuery; mfaPending: LiveSessionQuery }
>();

/** The live session of `token` and its user, full or waiting for its TOTP code: ONE query. */
async function liveSessionOf(
  token: string,
  mfaPending: boolean,
): Promise<SessionUser | null> {
  const database = db();
  let queries = liveSessionQueries.get(database);
  if (!queries) {
    queries = {
      full: liveSessionQuery(database, false),
      mfaPending: liveSessionQuery(database, true),
    };
    liveSessionQueries.set(database, queries);
  }
  const [row] = await (mfaPending ? queries.mfaPending : queries.full).execute({
    tokenHash: hashToken(token),
  });
  return row ?? null;
}

/**
 * The signed-in session and its user in ONE query (the page cost stays flat). Last-seen is
 * written only when it is older than LAST_SEEN_RESOLUTION_SECONDS, so most requests do no
 * write at all.
 */
export async function getSessionUser(
  token: string,
): Promise<SessionUser | null> {
  const row = await liveSessionOf(token, false);
  if (!row) return null;
  if (
    Date.now() - row.session.lastSeenAt.getTime() >
    LAST_SEEN_RESOLUTION_SECONDS * 1000
  ) {
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.session.id));
  }
  return row;
}

/** The half-signed-in session waiting for its TOTP code, with its user. */
export function getPendingMfaSession(
  token: string,
): Promise<SessionUser | null> {
  return liveSessionOf(token, true);
}

/**
 * Turns a pending session into a full one under a NEW token (the pending token is spent), with
 * the lifetime the user chose at the password step.
 */
export async function completeMfaSession(
  sessionId: number,
): Promise<{ token: string } | null> {
  const token = newToken();
  const [row] = await db()
    .select({ remember: sessions.remember })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  const life = sessionLifetime(row.remember);
  const [updated] = await db()
    .update(sessions)
    .set({
      tokenHash: hashToken(token),
      mfaPending: false,
      createdAt: sql`now()`,
      lastSeenAt: sql`now()`,
      expiresAt: sql`now() + make_interval(secs => ${life.absoluteSeconds})`,
      idleSeconds: life.idleSeconds,
    })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.mfaPending, true),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return updated ? { token } : null;
}

/** Whether a session is still live (the event stream asks on its heartbeat). */
export async function isSessionLive(sessionId: number): Promise<boolean> {
  const [row] = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), live));
  return Boolean(row);
}

async function notifyRevoked(userId: number, count: number) {
  // Open event streams of this user check whether theirs was the one revoked and close.
  if (count > 0) await publish("session.revoked", [userId]);
}

/** Sign-out: the session identified by the cookie's token ends. */
export async function revokeSessionByToken(token: string): Promise<void> {
  const revoked = await db()
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)),
    )
    .returning({ userId: sessions.userId });
  if (revoked[0]) await notifyRevoked(revoked[0].userId, revoked.length);
}

/**
 * Ends every session of a user, except `exceptSessionId` when given (the one making the
 * change). Used by a password change, by "Sign out other sessions", and by a password reset
 * (which passes no exception). Returns how many were ended.
 */
export async function revokeAllSessions(
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  const count = await revokeSessionsIn(db(), userId, exceptSessionId);
  await notifyRevoked(userId, count);
  return count;
}

/**
 * revokeAllSessions inside the caller's transaction (a password change commits the new hash
 * and the revocation together). The caller publishes with notifySessionsRevoked after commit.
 */
export async function revokeSessionsIn(
  tx: Executor,
  userId: number,
  exceptSessionId?: number,
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId === undefined
          ? undefined
          : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

export const notifySessionsRevoked = notifyRevoked;

/** Ends one of the user's own sessions; another user's session id is a 404. */
async function revokeOwnSession(
  userId: number,
  sessionId: number,
): Promise<void> {
  const revoked = await db()
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw notFound("Session not found");
  await notifyRevoked(userId, revoked.length);
}

type ActiveSession = {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  current: boolean;
};

/** The user's live sessions, most recently seen first, marking the one asking. */
async function listActiveSessions(
  userId: number,
  currentSessionId: number,
): Promise<ActiveSession[]> {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), eq(sessions.mfaPending, false), live),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .limit(50);
  return rows.map((r) => ({ ...r, current: r.id === currentSessionId }));
}

/**
 * Whether this user has signed in before from this user agent (for a "new sign-in from an
 * unseen device" notice). Call it BEFORE creating the new session.
 */
export async function hasSeenUserAgent(
  userId: number,
  userAgent: string | null | undefined,
): Promise<boolean> {
  if (!userAgent) return false;
  const [row] = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        eq(sessions.userAgent, clip(userAgent, 300)!),
        eq(sessions.mfaPending, false),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Housekeeping: rows that ended more than `days` ago (any state) are deleted. */
export async function deleteEndedSessions(days = 30): Promise<number> {
  const deleted = await db()
    .delete(sessions)
    .where(
      sql`coalesce(${sessions.revokedAt}, ${sessions.expiresAt}) < now() - make_interval(days => ${days})`,
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * The session list's buttons: "Sign out other sessions" or ending one other session. The
 * session making the request is never ended here (Sign out does that). Returns how many ended.
 */
export async function applySessionAction(
  userId: number,
  currentSessionId: number,
  input: Exclude<SessionActionInput, { intent: "forget-device" }>,
): Promise<number> {
  if (input.intent === "sign-out-others") {
    const count = await revokeAllSessions(userId, currentSessionId);
    if (count > 0)
      await recordSessionsRevoked(userId, {
        sessions: count,
        scope: "all other sessions",
      });
    return count;
  }
  if (input.sessionId === currentSessionId)
    throw badRequest(CANNOT_REVOKE_CURRENT);
  await revokeOwnSession(userId, input.sessionId);
  await recordSessionsRevoked(userId, { sessions: 1 });
  return 1;
}

const CANNOT_REVOKE_CURRENT =
  "This is the session you are using. Use Sign out to end it.";

export type SessionRow = {
  id: number;
  device: string;
  userAgent: string;
  ip: string;
  lastSeen: string;
  signedIn: string;
  current: boolean;
};

/** The session list as the page shows it. */
export async function sessionListForPage(
  userId: number,
  currentSessionId: number,
  language: Language = "en",
): Promise<SessionRow[]> {
  const now = new Date();
  const rows = await listActiveSessions(userId, currentSessionId);
  return rows.map((r) => ({
    id: r.id,
    device: describeUserAgent(r.userAgent),
    userAgent: r.userAgent ?? "",
    ip: r.ip ?? "Unknown",
    lastSeen: r.current
      ? "Active now"
      : describeLastSeen(r.lastSeenAt, now, language),
    signedIn: formatDate(r.createdAt, language),
    current: r.current,
  }));
}
