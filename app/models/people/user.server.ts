import { eq, sql } from "drizzle-orm";
import {
  employees,
  users,
  type Role,
  type User,
  type CompanyRole,
} from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import { badRequest, conflict } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { MAX_ADVANCE_CENTS } from "~/utils/rules";
import { env } from "~/utils/env.server";
import { hashPassword } from "~/utils/password.server";
import { weakPasswordProblem } from "~/utils/password-strength.server";
import { recordOwnAccountAction } from "~/models/audit/index.server";
import { reserveAttempt } from "./throttle.server";
import type { z } from "zod";
import type { userSchema } from "~/validation/api-responses";

/** The user as every endpoint and page sees it: never the password hash. */
export type PublicUser = z.output<typeof userSchema>;

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    companyName: user.companyName,
    department: user.department,
    maxAdvanceLimit: user.maxAdvanceLimit,
    // An employee's company (the SPEC's employerId); null for the employer side, as before
    // companies had their own records.
    employerId: user.role === "EMPLOYEE" ? user.companyId : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function getUserById(id: number): Promise<User | null> {
  const [user] = await db().select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/**
 * A session (or trusted device) the user ended, by user id: the audit event with their company
 * as it is now; a user id that does not exist records nothing.
 */
export async function recordSessionsRevoked(
  userId: number,
  details: Record<string, unknown>,
): Promise<void> {
  const [user] = await db()
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.id, userId));
  if (user) await recordOwnAccountAction(user, "session.revoked", details);
}

export async function getUserByUsername(
  username: string,
): Promise<User | null> {
  const [user] = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user ?? null;
}

const USERNAME_TAKEN = "Username is already taken";
export const TOO_MANY_REGISTRATIONS =
  "Too many registrations from this network. Please wait a few minutes and try again.";

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type NewUser = {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  companyName?: string | null;
  department?: string | null;
  /** An employee's company, or the company an employer-side member belongs to. */
  companyId?: number | null;
  /** An employer-side member's role in companyId (default: OWNER of a new company). */
  companyRole?: CompanyRole;
  /** The employer typed this employee's password (the Add Employee dialog). */
  passwordSetByEmployer?: boolean;
  /** An employer-side member's copy of their company's max advance (default the product's). */
  maxAdvanceLimit?: string;
};

/** Refuses a password that is too easy to guess (400 on the `password` field). */
export async function assertStrongPassword(
  password: string,
  personal: Array<string | null | undefined>,
  field = "password",
): Promise<void> {
  const problem = await weakPasswordProblem(password, personal);
  if (problem) throw badRequest(problem, { [field]: [problem] });
}

/**
 * Checks a new user before anything is written: a password that is too easy to guess is
 * refused (the demo seed writes its users directly, see app/server/seed.server.ts), and a
 * username already taken (409). Returns the password's hash, for writeUser.
 */
export async function checkNewUser(
  tx: Executor,
  input: NewUser,
): Promise<string> {
  await assertStrongPassword(input.password, [
    input.username,
    input.firstName,
    input.lastName,
    input.email,
    input.companyName,
  ]);
  const passwordHash = await hashPassword(input.password);
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (taken) throw conflict(USERNAME_TAKEN);
  return passwordHash;
}

/**
 * Inserts a user checked by checkNewUser, with its employees row for an employee, in the
 * caller's transaction. An employer-side member's company (its id, name and max advance) is the
 * caller's: the companies domain creates or reads it (companies/registration.server.ts).
 */
export async function writeUser(
  tx: Executor,
  input: NewUser,
  passwordHash: string,
  employee?: { availableBalance: string; payCycleEndDate: Date | null },
): Promise<User> {
  const companyId = input.companyId ?? null;
  let user: User;
  try {
    [user] = await tx
      .insert(users)
      .values({
        username: input.username,
        password: passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: input.role,
        companyName:
          input.role === "EMPLOYER" ? (input.companyName ?? null) : null,
        department: input.department ?? null,
        companyId,
        companyRole:
          input.role === "EMPLOYER" ? (input.companyRole ?? "OWNER") : null,
        passwordSetByEmployer: input.passwordSetByEmployer ?? false,
        maxAdvanceLimit:
          input.role === "EMPLOYER"
            ? (input.maxAdvanceLimit ?? fromCents(MAX_ADVANCE_CENTS))
            : null,
      })
      .returning();
  } catch (error) {
    // Two registrations racing for one username: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
  if (user.role === "EMPLOYEE") {
    await tx.insert(employees).values({
      userId: user.id,
      companyId,
      availableBalance: employee?.availableBalance ?? "0.00",
      payCycleEndDate: employee?.payCycleEndDate ?? null,
    });
  }
  return user;
}

/**
 * Registrations are throttled per client address (reserved before the password is hashed,
 * like sign-in).
 */
export async function reserveRegistration(address: string): Promise<void> {
  await reserveAttempt(
    [{ key: `register:${address}`, max: env().REGISTER_MAX_PER_ADDRESS }],
    TOO_MANY_REGISTRATIONS,
  );
}

/** A registration's error as the caller should see it: a username taken is 409. */
export function registrationError(error: unknown): unknown {
  return isUniqueViolation(error) ? conflict(USERNAME_TAKEN) : error;
}
