import { eq } from "drizzle-orm";
import { companies, type User } from "#db/schema";
import {
  checkNewUser,
  mailEmailConfirmation,
  type NewUser,
  registrationError,
  reserveRegistration,
  writeUser,
} from "~/models/people/index.server";
import { db, type Executor } from "~/utils/db.server";
import { currentLanguage } from "~/utils/i18n.server";
import type { RegisterInput } from "~/validation/auth";

// A new account and the company it makes or joins: an employer registering creates its company
// (DESIGN §4 defaults) and owns it; a colleague joining one takes its name and max advance. The
// user's own rows are people's (checkNewUser, writeUser); the company is this domain's.

/**
 * Inserts a user with its side rows in the caller's transaction: an employer registering
 * creates its company and owns it, a colleague joining one (companyId) takes the role given; an
 * employee gets its employees row. A password that is too easy to guess, or a username taken,
 * is refused before anything is written.
 */
export async function insertUser(
  tx: Executor,
  input: NewUser,
  employee?: { availableBalance: string; payCycleEndDate: Date | null },
): Promise<User> {
  const passwordHash = await checkNewUser(tx, input);
  let companyId = input.companyId ?? null;
  let companyName = input.companyName ?? null;
  let maxAdvanceLimit: string | undefined;
  if (input.role === "EMPLOYER" && companyId === null) {
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: companyName ?? "",
        contactEmail: input.email,
        // The language it was registered in: its invitations' default.
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
    maxAdvanceLimit = company?.max;
  }
  return writeUser(
    tx,
    { ...input, companyId, companyName, maxAdvanceLimit },
    passwordHash,
    employee,
  );
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
  if (context.address) await reserveRegistration(context.address);
  try {
    const user = await db().transaction(async (tx) => {
      const created = await insertUser(tx, {
        ...input,
        companyName: input.role === "EMPLOYER" ? input.companyName : null,
        department: input.role === "EMPLOYEE" ? input.department : null,
      });
      // A new company's owner confirms their address by a mailed link; until then the
      // company sends few invitations.
      if (created.role === "EMPLOYER") await mailEmailConfirmation(tx, created);
      return created;
    });
    return user;
  } catch (error) {
    throw registrationError(error);
  }
}
