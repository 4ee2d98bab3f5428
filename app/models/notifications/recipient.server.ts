import type { Language } from "~/utils/i18n";
import type { Executor } from "~/utils/db.server";

// Whom a notice goes to, as the calling domain hands it over: the notices name no table of the
// domains above them (people's users, the companies, the advances…), so the domain whose
// action sends a notice reads its recipient and subject and passes them in.

/** A person a notice is mailed (or pushed) to. */
export type Recipient = {
  /** The user's id. */
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Their chosen language, null for none (their mails are then in English). */
  language: Language | null;
};

/** A person told about their own account (sign-in, password, two-factor). */
export type AccountRecipient = Recipient & { role: "EMPLOYEE" | "EMPLOYER" };

/** An employee a notice is about, with their employee record's id. */
export type EmployeeRecipient = Recipient & { employeeId: number };

/**
 * A company's owners as the calling domain reads them (people's), for a notice sent inside a
 * lower domain's transaction (a webhook endpoint disabled, a payroll connection's fault).
 */
export type CompanyOwners = (
  tx: Executor,
  companyId: number,
) => Promise<Recipient[]>;
