import { refreshAvailable } from "~/models/ledger/index.server";
import { signDeductionAuthorization } from "~/models/advances/index.server";
import {
  addEmployee,
  insertUser,
  registerUser,
} from "~/models/companies/index.server";

import { eq, sql } from "drizzle-orm";
import {
  advanceRequests,
  employees,
  type AdvanceRequest,
  type User,
} from "#db/schema";
import { db } from "~/utils/db.server";
import { TEST_PASSWORD, uniqueName } from "./factories";
import { employeeOf } from "./rows";
import { insertAdvance, insertCard } from "./data";

// A world of two companies and their people, each with a marker that appears in their own
// data only: for checking that nobody reads or changes what is not theirs.

export const ACTORS = [
  "anon",
  "A1",
  "A2",
  "B1",
  "EA",
  "EB",
  "AA",
  "AP",
] as const;
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
  AA: "MkrAdmAQ",
  AP: "MkrAprAQ",
};

/**
 * Whose markers each actor may see: their own, their company's team (the owner EA, the admin
 * AA and the approver AP of company A), their employees'.
 */
const VISIBLE: Record<Actor, Person[]> = {
  anon: [],
  A1: ["A1", "EA", "AA", "AP"],
  A2: ["A2", "EA", "AA", "AP"],
  B1: ["B1", "EB"],
  EA: ["EA", "AA", "AP", "A1", "A2"],
  EB: ["EB", "B1"],
  AA: ["AA", "EA", "AP", "A1", "A2"],
  AP: ["AP", "EA", "AA", "A1", "A2"],
};

/** Company A's employer side: its owner, admin and approver. */
const TEAM_A = ["EA", "AA", "AP"] as const;
export const isEmployerActor = (actor: Actor) =>
  actor === "EB" || (TEAM_A as readonly string[]).includes(actor);

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

/** A colleague on a company's team with a membership role (as an accepted invitation makes). */
async function member(
  owner: User,
  marker: string,
  role: "ADMIN" | "APPROVER",
): Promise<User> {
  return db().transaction((tx) =>
    insertUser(tx, {
      role: "EMPLOYER",
      username: uniqueName(role.toLowerCase()),
      password: TEST_PASSWORD,
      firstName: "Tess",
      lastName: marker,
      email: `${marker.toLowerCase()}@example.com`,
      companyId: owner.companyId,
      companyRole: role,
    }),
  );
}

async function employee(boss: User, marker: string): Promise<User> {
  const user = await addEmployee(boss, {
    username: uniqueName("emp"),
    password: TEST_PASSWORD,
    firstName: "Ed",
    lastName: marker,
    email: `${marker.toLowerCase()}@example.com`,
    department: `Dept ${marker}`,
  });
  // Signed, so each may file requests.
  await signDeductionAuthorization(user);
  return user;
}

/** Two companies: employer A with A1 and A2, employer B with B1, each with some history. */
export async function createWorld(): Promise<World> {
  const EA = await employer(MARKERS.EA);
  const EB = await employer(MARKERS.EB);
  const A1 = await employee(EA, MARKERS.A1);
  const A2 = await employee(EA, MARKERS.A2);
  const B1 = await employee(EB, MARKERS.B1);
  const AA = await member(EA, MARKERS.AA, "ADMIN");
  const AP = await member(EA, MARKERS.AP, "APPROVER");
  const people = { A1, A2, B1, EA, EB, AA, AP };
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
    const card = await insertCard(approved);
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
      // Earlier fresh requests that were approved give their reservation back (the balance is
      // derived: max advance − reserved − owed), so every fresh one can be approved.
      const [employee] = await db()
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.userId, people[who].id));
      await db().transaction(async (tx) => {
        await tx.execute(
          sql`update advance_requests set status = 'CANCELLED', cancelled_at = now(),
                cancellation_reason = 'Reset between authorization checks'
              where employee_id = ${employee.id} and status = 'APPROVED'
                and reason like 'Fresh %' and paid_at is null
                and not exists (select 1 from virtual_cards v where v.request_id = advance_requests.id)`,
        );
        await refreshAvailable(tx, { employeeIds: [employee.id] });
      });
      return insertAdvance(people[who], {
        amount: "200.00",
        reason: `Fresh ${MARKERS[who]}`,
      });
    },
    userOf: (actor) => (actor === "anon" ? null : people[actor]),
  };
}
