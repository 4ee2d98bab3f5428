import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys, type ApiKey, type User } from "#db/schema";
import { db, type Tx } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { API_KEY_PREFIX, type ApiScope } from "~/utils/api-scopes";
import {
  API_VERSION,
  isApiVersion,
  type ApiVersion,
} from "~/utils/api-version";
import type { CreateApiKeyInput } from "~/validation/api-keys";
import { recordAudit } from "~/models/audit/index.server";
import { companyFor } from "~/utils/company-access.server";

// A company's API keys: an owner creates
// one with a name and scopes and sees its secret once; only the secret's SHA-256 is stored. A
// request with `Authorization: Bearer <secret>` acts for the key's company as its employer
// side, within the key's scopes (app/web/api-contract.server.ts decides which scope a route
// needs). Revoking is immediate: the next request with the key is 401.

export const API_KEY_NOT_FOUND = "API key not found";

export type PublicApiKey = {
  id: number;
  name: string;
  scopes: ApiScope[];
  /** The secret's first characters, to tell keys apart ("ga_AbCd…"). */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type CreatedApiKey = {
  id: number;
  name: string;
  scopes: ApiScope[];
  /** The secret: shown once, never stored. */
  key: string;
  createdAt: string;
};

function hashApiKey(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

function toPublicApiKey(key: ApiKey): PublicApiKey {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes as ApiScope[],
    hint: key.hint,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** An owner creates a key: its secret is returned this once. */
export async function createApiKey(
  actor: User,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const companyId = companyFor(actor, "team");
  const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  return db().transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId,
        createdById: actor.id,
        name: input.name,
        tokenHash: hashApiKey(secret),
        hint: `${secret.slice(0, 7)}…`,
        scopes: input.scopes,
        // Pinned: the key's answers stay in this version until a request names another.
        apiVersion: API_VERSION,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "api_key.created",
      details: { apiKeyId: row.id, name: row.name, scopes: row.scopes },
    });
    return {
      id: row.id,
      name: row.name,
      scopes: row.scopes as ApiScope[],
      key: secret,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** The company's keys, newest first, revoked ones too (with when). Never a secret. */
export async function listApiKeys(actor: User): Promise<PublicApiKey[]> {
  const companyId = companyFor(actor, "team");
  const rows = await db()
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(200);
  return rows.map(toPublicApiKey);
}

/** Revokes a key of the owner's company at once (another company's key: 404). */
export async function revokeApiKey(
  actor: User,
  id: number,
): Promise<PublicApiKey> {
  const companyId = companyFor(actor, "team");
  return db().transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
      .for("update");
    if (!existing) throw notFound(API_KEY_NOT_FOUND);
    if (existing.revokedAt) return toPublicApiKey(existing);
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      action: "api_key.revoked",
      details: { apiKeyId: row.id, name: row.name },
    });
    return toPublicApiKey(row);
  });
}

/**
 * A member leaves the company: the live keys they created are revoked in the caller's
 * transaction (a key acts as its creator; a removed member's key would go on acting for the
 * company). Returns the keys revoked, for the owner who removed them.
 */
export async function revokeApiKeysCreatedBy(
  tx: Tx,
  actorId: number,
  companyId: number,
  memberId: number,
): Promise<Array<{ id: number; name: string }>> {
  const revoked = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(apiKeys.companyId, companyId),
        eq(apiKeys.createdById, memberId),
        isNull(apiKeys.revokedAt),
      ),
    )
    .returning({ id: apiKeys.id, name: apiKeys.name });
  for (const key of revoked)
    await recordAudit(tx, {
      actorId,
      companyId,
      action: "api_key.revoked",
      details: { apiKeyId: key.id, name: key.name, reason: "creator removed" },
    });
  return revoked.sort((a, b) => a.id - b.id);
}

export type ApiKeyActor = {
  key: {
    id: number;
    name: string;
    companyId: number;
    scopes: ApiScope[];
    /** The version its requests answer in when they name none. */
    apiVersion: ApiVersion;
  };
  /**
   * Who the key acts as: its company's employer side. The row is the key's creator's (actions
   * need a person to point at, as approvedById does), with the key's company and the owner's
   * role, so the scopes alone decide what the key may do.
   */
  user: User;
};

/**
 * The live key a bearer secret names, with the id of the person who created it; null for an
 * unknown or revoked key. Marks the key's last use. Who the key acts as is read by the people
 * domain, which owns the users (people's authenticateApiKey).
 */
export async function liveApiKey(
  secret: string,
): Promise<{ key: ApiKeyActor["key"]; createdById: number } | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) return null;
  const [row] = await db()
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(eq(apiKeys.tokenHash, hashApiKey(secret)), isNull(apiKeys.revokedAt)),
    )
    .returning();
  if (!row) return null;
  return {
    key: {
      id: row.id,
      name: row.name,
      companyId: row.companyId,
      scopes: row.scopes as ApiScope[],
      apiVersion: isApiVersion(row.apiVersion) ? row.apiVersion : API_VERSION,
    },
    createdById: row.createdById,
  };
}
