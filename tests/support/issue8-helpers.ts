import { eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  companySettings,
  employees,
  users,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { addEmployee } from "~/models/employee.server";
import { registerUser } from "~/models/user.server";
import { db, queryRows } from "~/utils/db.server";
import { employeeOf, insertAdvance } from "./data";
import { TEST_PASSWORD, uniqueName } from "./factories";
import { insertCard } from "./issue4-helpers";

/** Test helpers of the security and reliability issue (authorization, bad input, races). */

export const ACTORS = ["anon", "A1", "A2", "B1", "EA", "EB"] as const;
export type Actor = (typeof ACTORS)[number];
type Person = Exclude<Actor, "anon">;

/**
 * Each person's marker: a string that appears in their own data only (last name, e-mail,
 * department, request reasons, card restrictions, company name), so a response can be
 * checked for data that is not the caller's.
 */
export const MARKERS: Record<Person, string> = {
  A1: "MkrAoneQ",
  A2: "MkrAtwoQ",
  B1: "MkrBoneQ",
  EA: "MkrEmpAQ",
  EB: "MkrEmpBQ",
};

/** Whose markers each actor may see: their own, their employer's, their employees'. */
export const VISIBLE: Record<Actor, Person[]> = {
  anon: [],
  A1: ["A1", "EA"],
  A2: ["A2", "EA"],
  B1: ["B1", "EB"],
  EA: ["EA", "A1", "A2"],
  EB: ["EB", "B1"],
};

/** The markers in `text` that `actor` may not see. */
export function foreignMarkers(actor: Actor, text: string): Person[] {
  return (Object.keys(MARKERS) as Person[]).filter(
    (person) =>
      !VISIBLE[actor].includes(person) && text.includes(MARKERS[person]),
  );
}

export type World = {
  users: Record<Person, User>;
  /** The employees row id of each employee. */
  employeeIds: Record<"A1" | "A2" | "B1", number>;
  /** A pending, an approved (paid, with a card) and a declined request per employee. */
  requests: Record<
    "A1" | "A2" | "B1",
    { pending: AdvanceRequest; approved: AdvanceRequest }
  >;
  /**
   * A new PENDING $200 request of the employee, with the balance topped up to the max advance
   * so an approval can succeed (for actions that consume one).
   */
  freshPending: (who: "A1" | "A2" | "B1") => Promise<AdvanceRequest>;
  userOf: (actor: Actor) => User | null;
};

async function employer(marker: string): Promise<User> {
  return registerUser({
    role: "EMPLOYER",
    username: uniqueName("boss"),
    password: TEST_PASSWORD,
    firstName: "Erin",
    lastName: marker,
    email: `${marker.toLowerCase()}@example.com`,
    companyName: `Co ${marker}`,
  });
}

async function employee(boss: User, marker: string): Promise<User> {
  return addEmployee(boss, {
    username: uniqueName("emp"),
    password: TEST_PASSWORD,
    firstName: "Ed",
    lastName: marker,
    email: `${marker.toLowerCase()}@example.com`,
    department: `Dept ${marker}`,
  });
}

/** Two companies: employer A with A1 and A2, employer B with B1, each with some history. */
export async function createWorld(): Promise<World> {
  const EA = await employer(MARKERS.EA);
  const EB = await employer(MARKERS.EB);
  const A1 = await employee(EA, MARKERS.A1);
  const A2 = await employee(EA, MARKERS.A2);
  const B1 = await employee(EB, MARKERS.B1);
  const people = { A1, A2, B1, EA, EB };
  const employeeIds = {
    A1: (await employeeOf(A1)).id,
    A2: (await employeeOf(A2)).id,
    B1: (await employeeOf(B1)).id,
  };
  const requests = {} as World["requests"];
  for (const who of ["A1", "A2", "B1"] as const) {
    const user = people[who];
    const marker = MARKERS[who];
    const approved = await insertAdvance(user, {
      amount: "200.00",
      status: "APPROVED",
      approverId: who === "B1" ? EB.id : EA.id,
      reason: `Approved ${marker}`,
      periods: 2,
    });
    await db()
      .update(advanceRequests)
      .set({ paidAt: new Date() })
      .where(eq(advanceRequests.id, approved.id));
    const card = await insertCard(approved.id, approved.amount);
    await db().execute(
      sql`update virtual_cards set spending_limits = ${JSON.stringify({
        restrictions: `Grocery stores only ${marker}`,
      })} where id = ${card.id}`,
    );
    await insertAdvance(user, {
      amount: "210.00",
      status: "DECLINED",
      reason: `Declined ${marker}`,
    });
    const pending = await insertAdvance(user, {
      amount: "220.00",
      reason: `Pending ${marker}`,
    });
    requests[who] = { pending, approved };
  }
  return {
    users: people,
    employeeIds,
    requests,
    freshPending: async (who) => {
      await db()
        .update(employees)
        .set({ availableBalance: "500.00" })
        .where(eq(employees.userId, people[who].id));
      return insertAdvance(people[who], {
        amount: "200.00",
        reason: `Fresh ${MARKERS[who]}`,
      });
    },
    userOf: (actor) => (actor === "anon" ? null : people[actor]),
  };
}

export const COUNTED_TABLES = [
  "users",
  "employees",
  "advance_requests",
  "payroll_deductions",
  "virtual_cards",
  "company_settings",
] as const;

/** Row counts of the tables that hold the product's data, in one query. */
export async function rowCounts(): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    db(),
    sql.raw(
      `select ${COUNTED_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(", ")}`,
    ),
  );
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, Number(v)]),
  );
}

/**
 * A digest of every value a business action may change (requests, balances, deductions,
 * cards, users, settings): equal before and after means nothing changed. Sign-in failures
 * (login_attempts) are left out: counting a refused sign-in is the point of them.
 */
export async function stateDigest(): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db(),
    sql`select md5(concat_ws('#',
      (select string_agg(concat_ws('|', id, employee_id, amount, reason, status, repayment_periods,
         approval_date, rejection_date, rejection_reason, approved_by_id, payment_intent_id, paid_at,
         cancelled_at, cancellation_reason, authorized_amount, captured_amount, released_amount),
         ',' order by id) from advance_requests),
      (select string_agg(concat_ws('|', id, user_id, employer_id, available_balance, pay_cycle_end_date),
         ',' order by id) from employees),
      (select string_agg(concat_ws('|', id, request_id, amount, deduction_date, is_paid, payment_date,
         payment_reference), ',' order by id) from payroll_deductions),
      (select string_agg(concat_ws('|', id, request_id, provider_card_id, card_number, amount, status,
         spending_limits, deactivated_at), ',' order by id) from virtual_cards),
      (select string_agg(concat_ws('|', id, card_id, amount, approved, reason, status),
         ',' order by id) from card_authorizations),
      (select string_agg(concat_ws('|', id, username, password, first_name, last_name, email, role,
         company_name, department, max_advance_limit, employer_id), ',' order by id) from users),
      (select string_agg(concat_ws('|', employer_id, company_name, contact_email, contact_phone,
         max_advance, approval_limit, processing_fee, notify_new_requests, notify_monthly_reports,
         notify_system_updates), ',' order by employer_id) from company_settings)
    )) as digest`,
  );
  return row.digest;
}

/**
 * The message a refusal carries: `message` (API errors, thrown page responses), `error` or a
 * form error of Conform's reply (page actions), or the toast's description. Null when none.
 */
export function refusalMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const data = body as {
    message?: unknown;
    error?: unknown;
    result?: { error?: Record<string, unknown> | null };
    toast?: { description?: unknown };
  };
  if (typeof data.message === "string" && data.message) return data.message;
  if (typeof data.error === "string" && data.error) return data.error;
  const errors = data.result?.error ? Object.values(data.result.error) : [];
  for (const list of errors) {
    if (Array.isArray(list) && typeof list[0] === "string" && list[0])
      return list[0];
  }
  if (typeof data.toast?.description === "string" && data.toast.description)
    return data.toast.description;
  return null;
}

/** The employer's company settings row. */
export async function settingsOf(employerUser: User) {
  const [row] = await db()
    .select()
    .from(companySettings)
    .where(eq(companySettings.employerId, employerUser.id));
  return row;
}

/** The user row by id (after an action created it). */
export async function userById(id: number) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row;
}
