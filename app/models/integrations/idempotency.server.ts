import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { idempotencyKeys } from "#db/schema";
import { db } from "~/utils/db.server";
import { AppError, badRequest, conflict } from "~/utils/errors";

// Idempotent writes. A POST with an
// `Idempotency-Key` header first INSERTs the row (caller, key) with ON CONFLICT DO NOTHING:
// of several requests arriving at once exactly one inserts it and acts; the others find the
// row and wait (polling, so no connection is held open while they wait) until the first one
// stores its response, which they then replay. The same key with another request → 422. A
// response of 5xx, 400 or 422 is not kept (the row is removed), so the caller may retry it.
// Rows are kept 24 hours. The store never holds a secret: an answer that carries one (an API
// key, a webhook signing secret) is kept with those fields null and a `message` saying the
// secret was shown once, so its replay carries no secret either.

const IDEMPOTENCY_HOURS = 24;
const IDEMPOTENCY_KEY_INVALID =
  "Idempotency-Key must be 1 to 255 visible ASCII characters";
const IDEMPOTENCY_KEY_REUSED =
  "This Idempotency-Key was already used with a different request.";
const IDEMPOTENCY_IN_PROGRESS =
  "A request with this Idempotency-Key is still in progress. Please retry shortly.";

const WAIT_MS = 15_000;
const POLL_MS = 25;

export type IdempotencyClaim =
  | { kind: "act"; id: number }
  | {
      kind: "replay";
      status: number;
      body: string;
      contentType: string | null;
    };

/** A header's value as a key, or a 400. */
export function checkIdempotencyKey(value: string): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(value))
    throw badRequest(IDEMPOTENCY_KEY_INVALID);
  return value;
}

/** What makes two requests "the same": method, path and the body's exact bytes. */
export function requestFingerprint(
  method: string,
  path: string,
  body: string,
): string {
  return crypto
    .createHash("sha256")
    .update(`${method}\n${path}\n${body}`)
    .digest("hex");
}

/**
 * Claims (caller, key) for this request: "act" when this request is the first and must act,
 * "replay" with the first response when it has been answered already. Waits while the first is
 * still acting; 422 when the key came with another request.
 */
export async function claimIdempotencyKey(
  caller: string,
  key: string,
  fingerprint: string,
): Promise<IdempotencyClaim> {
  // A key older than the retention window starts afresh.
  await db()
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.caller, caller),
        eq(idempotencyKeys.key, key),
        sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
      ),
    );
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [inserted] = await db()
      .insert(idempotencyKeys)
      .values({ caller, key, requestHash: fingerprint })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: "act", id: inserted.id };
    const [row] = await db()
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)),
      );
    // Gone between the two statements: the first request failed and let go; try again.
    if (!row) continue;
    if (row.requestHash !== fingerprint)
      throw new AppError(422, IDEMPOTENCY_KEY_REUSED);
    if (row.status !== null)
      return {
        kind: "replay",
        status: row.status,
        body: row.responseBody ?? "",
        contentType: row.contentType,
      };
    if (Date.now() > deadline) throw conflict(IDEMPOTENCY_IN_PROGRESS);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Which fields of an answer carry a secret, and what a replay says in their place. */
export type ResponseSecrets = { fields: string[]; message: string };

/**
 * The answer as it may be kept: each secret field of a JSON object set to null, with `message`
 * saying why. Anything that is not such an object (an error, another content type) carries no
 * secret and is kept as it is.
 */
function withoutSecrets(
  body: string,
  secrets: ResponseSecrets | undefined,
): string {
  if (!secrets) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return body;
  const record = parsed as Record<string, unknown>;
  if (!secrets.fields.some((field) => field in record)) return body;
  const kept: Record<string, unknown> = { ...record };
  for (const field of secrets.fields) if (field in kept) kept[field] = null;
  kept.message = secrets.message;
  return JSON.stringify(kept);
}

/** Stores the first response, for replay, without the secrets it carries. */
export async function completeIdempotencyKey(
  id: number,
  status: number,
  body: string,
  contentType: string | null,
  secrets?: ResponseSecrets,
): Promise<void> {
  await db()
    .update(idempotencyKeys)
    .set({
      status,
      responseBody: withoutSecrets(body, secrets),
      contentType,
      completedAt: sql`now()`,
    })
    .where(eq(idempotencyKeys.id, id));
}

/**
 * Whether a response is kept for replay. Not a 5xx (our failure: the caller may retry), and not
 * a 400 or 422 (the input was refused before anything changed: the corrected request may use
 * the same key, as Stripe does).
 */
export function keepsIdempotentResponse(status: number): boolean {
  return status < 500 && status !== 400 && status !== 422;
}

/** Lets go of a claim whose request failed on our side (5xx): the caller may retry. */
export async function releaseIdempotencyKey(id: number): Promise<void> {
  await db().delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
}

/** Removes keys past the retention window (the daily clean-up). */
export async function purgeIdempotencyKeys(): Promise<number> {
  const rows = await db()
    .delete(idempotencyKeys)
    .where(
      sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
    )
    .returning({ id: idempotencyKeys.id });
  return rows.length;
}
