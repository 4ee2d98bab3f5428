import { eq, sql } from "drizzle-orm";
import { notificationPreferences, type User } from "#db/schema";
import { db, type Executor } from "~/utils/db.server";
import { type Language } from "~/utils/i18n";

// A user's mail choices (which optional e-mails they get) and the language their mails are in.

export type EmailChoices = { decisions: boolean; deductions: boolean };

const DEFAULT_EMAIL_CHOICES: EmailChoices = {
  decisions: true,
  deductions: true,
};

export async function getEmailChoices(
  userId: number,
  executor: Executor = db(),
): Promise<EmailChoices> {
  const [row] = await executor
    .select({
      decisions: notificationPreferences.decisions,
      deductions: notificationPreferences.deductions,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_EMAIL_CHOICES;
}

export async function setEmailChoices(
  user: User,
  choices: EmailChoices,
): Promise<void> {
  await db()
    .insert(notificationPreferences)
    .values({ userId: user.id, ...choices })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...choices, updatedAt: sql`now()` },
    });
}

/** The language a person's mails are written in: theirs, else English. */
export const languageOf = (row: { language: Language | null }): Language =>
  row.language ?? "en";
