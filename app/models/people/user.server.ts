import { currentLanguage } from "~/utils/i18n.server";
import { eq, sql } from "drizzle-orm";
import {
  companies,
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
import { reserveAttempt } from "./throttle.server";
import { mailEmailConfirmation } from "./email-confirmation.server";
import type { RegisterInput } from "~/validation/auth";
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

type NewUser = {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  companyName?: string | null;
  department?: string | null;
  /** An employee's company, or the company an employer-side member joins. */
  companyId?: number | null;
  /** An employer-side member's role in companyId (default: OWNER of a new company). */
  companyRole?: CompanyRole;
  /** The employer typed this employee's password (the Add Employee dialog). */
  passwordSetByEmployer?: boolean;
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
 * Inserts a user with its side rows in the caller's transaction: an employer registering
 * creates its company (DESIGN §4 defaults) and owns it, a colleague joining one (companyId)
 * takes the role given; an employee gets its employees row. A password that is too
 * easy to guess is refused first (the demo seed writes its users directly, see app/server/seed.server.ts).
 */
export async function insertUser(
  tx: Executor,
  input: NewUser,
  employee?: { availableBalance: string; payCycleEndDate: Date | null },
): Promise<User> {
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
  let companyId = input.companyId ?? null;
  let companyName = input.companyName ?? null;
  let maxAdvance = fromCents(MAX_ADVANCE_CENTS);
  if (input.role === "EMPLOYER" && companyId === null) {
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: companyName ?? "",
        contactEmail: input.email,
        // The language it was registered in: its invitations' default (decision 0123).
        language: currentLanguage(),
      })
      .returning({ id: companies.id });
    companyId = company.id;
  } else if (input.role === "EMPLOYER" && companyId !== null) {
    const [company] = await tx
      .select({ name: companies.companyName, max: companies.maxAdvance })
      .from(companies)
      .where(eq(companies.id, companyId));
    companyName = company?.name ?? null;
    maxAdvance = company?.max ?? maxAdvance;
  }
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
        companyName: input.role === "EMPLOYER" ? companyName : null,
        department: input.department ?? null,
        companyId,
        companyRole:
          input.role === "EMPLOYER" ? (input.companyRole ?? "OWNER") : null,
        passwordSetByEmployer: input.passwordSetByEmployer ?? false,
        maxAdvanceLimit: input.role === "EMPLOYER" ? maxAdvance : null,
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
 * Self-registration from /auth or POST /api/register. A self-registered employee has no
 * employer yet (DESIGN §4): balance 0 and no pay cycle until an employer adds them. With the
 * client's `address`, registrations are throttled per address (reserved before the password is
 * hashed, like sign-in).
 */
export async function registerUser(
  input: RegisterInput,
  context: { address?: string | null } = {},
): Promise<User> {
  if (context.address) {
    await reserveAttempt(
      [
        {
          key: `register:${context.address}`,
          max: env().REGISTER_MAX_PER_ADDRESS,
        },
      ],
      TOO_MANY_REGISTRATIONS,
    );
  }
  try {
    const user = await db().transaction(async (tx) => {
      const created = await insertUser(tx, {
        ...input,
        companyName: input.role === "EMPLOYER" ? input.companyName : null,
        department: input.role === "EMPLOYEE" ? input.department : null,
      });
      // A new company's owner confirms their address by a mailed link; until then the
      // company sends few invitations (decision 0099).
      if (created.role === "EMPLOYER") await mailEmailConfirmation(tx, created);
      return created;
    });
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}
