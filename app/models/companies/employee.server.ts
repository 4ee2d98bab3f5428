import { emitEmployeeJoined } from "~/models/integrations/index.server";
import { getCompanySettings } from "./settings.server";
import {
  mailChoosePasswordLink,
  publicEmployee,
} from "~/models/people/index.server";
import { insertUser } from "./registration.server";
import { recordAudit } from "~/models/audit/index.server";
import { currentLanguage } from "~/utils/i18n.server";
import { employees, type User } from "#db/schema";
import { and, eq } from "drizzle-orm";
import { db } from "~/utils/db.server";
import { dayStart } from "~/utils/pay-schedule";
import { badRequest, forbidden, notFound, unauthorized } from "~/utils/errors";
import { workStateSchema } from "~/validation/company";
import { WORK_STATE_INVALID } from "~/utils/state-rules";
import type { AddEmployeeInput } from "~/validation/auth";
import { publish } from "~/services/events.server";
import { companyFor } from "~/utils/company-access.server";
import { toCents } from "~/utils/money";

const EMPLOYER_ID_NOT_FOUND = "Employer ID not found";

/**
 * An employer adds an employee (DESIGN §4): the company is the acting member's, never the
 * body. The employer typed the password, so the employee is mailed a link to choose their own
 * and reminded on their dashboard until they do. The new employee starts with the company's max advance as available balance and a pay
 * cycle ending today + 15 days. The employer's own session is untouched.
 */
export async function addEmployee(
  actor: User | null,
  input: AddEmployeeInput,
): Promise<User> {
  if (!actor) throw unauthorized(EMPLOYER_ID_NOT_FOUND);
  if (actor.role !== "EMPLOYER")
    throw forbidden("Only employers can add employees.");
  const companyId = companyFor(actor, "manageEmployees");
  const user = await db().transaction(async (tx) => {
    const settings = await getCompanySettings(companyId, tx);
    const added = await insertUser(
      tx,
      {
        ...input,
        role: "EMPLOYEE",
        companyId,
        department: input.department,
        passwordSetByEmployer: true,
      },
      {
        availableBalance: settings.maxAdvance,
        // The pay cycle ends on the company's next pay date.
        payCycleEndDate: dayStart(settings.nextPayDate),
      },
    );
    await mailChoosePasswordLink(
      tx,
      added,
      settings.companyName,
      actor.language ?? currentLanguage(),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      companyId,
      subjectUserId: added.id,
      action: "employee.added",
      amountCents: toCents(settings.maxAdvance),
      details: { username: added.username },
    });
    await emitEmployeeJoined(tx, companyId, await publicEmployee(tx, added.id));
    return added;
  });
  await publish("employee.added", [actor.id, user.id], { company: companyId });
  return user;
}

/**
 * An owner or admin records where one of the company's employees works: a US
 * state's code, or null for unknown. Their next advances follow that state's rules; advances
 * already filed keep the state they were filed under. Another company's employee is 404.
 */
export async function setWorkState(
  actor: User,
  employeeId: number,
  raw: unknown,
): Promise<void> {
  const companyId = companyFor(actor, "manageEmployees");
  // Parsed here, not in the route: the page's browser bundle stays without zod.
  const parsed = workStateSchema.safeParse({ workState: raw ?? "" });
  if (!parsed.success)
    throw badRequest(parsed.error.issues[0]?.message ?? WORK_STATE_INVALID);
  const { workState } = parsed.data;
  const updated = await db()
    .update(employees)
    .set({ workState })
    .where(
      and(eq(employees.id, employeeId), eq(employees.companyId, companyId)),
    )
    .returning({ id: employees.id });
  if (!updated.length) throw notFound("Employee not found.");
}
