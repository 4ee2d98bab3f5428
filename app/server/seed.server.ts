import crypto from "node:crypto";
import { addDays, subDays } from "date-fns";
import { count, eq } from "drizzle-orm";
import {
  advanceRequests,
  deductionAuthorizations,
  companies,
  invitations,
  employees,
  payrollDeductions,
  sandboxPayments,
  users,
  virtualCards,
} from "#db/schema";
import type { Database } from "~/utils/db.server";
import { hashPassword } from "~/utils/password.server";
import { fromCents, toCents } from "~/utils/money";
import { applyApproval } from "~/models/advances/index.server";
import { recordCardFunded } from "~/models/ledger/index.server";
import { PROCESSING_FEE_CENTS } from "~/utils/calculator";
import { TERMS_VERSION } from "~/utils/rules";
import { deductionSchedule } from "~/utils/schedule";
import { isoDay } from "~/utils/pay-schedule";
import { GROCERY_RESTRICTION } from "~/utils/rules";
import { DEDUCTION_AUTHORIZATION_VERSION } from "~/utils/state-rules";

export const DEMO_PASSWORD = "password123";

export const DEMO_LOGINS = [
  {
    username: "employer",
    role: "EMPLOYER",
    name: "Dana Whitfield (Fresh Foods Co.)",
  },
  { username: "alice", role: "EMPLOYEE", name: "Alice Johnson (Sales)" },
  { username: "bob", role: "EMPLOYEE", name: "Bob Martinez (Engineering)" },
  { username: "carol", role: "EMPLOYEE", name: "Carol Nguyen (Operations)" },
  { username: "dave", role: "EMPLOYEE", name: "Dave Okafor (Marketing)" },
  { username: "erin", role: "EMPLOYEE", name: "Erin Patel (Engineering)" },
] as const;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row.n) === 0;
}

type DemoRequest = {
  amount: string;
  status: "PENDING" | "APPROVED" | "DECLINED";
  periods: number;
  daysAgo: number;
  reason?: string;
  card?: boolean;
  rejectionReason?: string;
};

const PEOPLE: Array<{
  username: string;
  firstName: string;
  lastName: string;
  department: string;
  requests: DemoRequest[];
}> = [
  {
    username: "alice",
    firstName: "Alice",
    lastName: "Johnson",
    department: "Sales",
    requests: [
      {
        amount: "300.00",
        status: "APPROVED",
        periods: 2,
        daysAgo: 10,
        reason: "Weekly groceries",
        card: true,
      },
      {
        amount: "250.00",
        status: "PENDING",
        periods: 1,
        daysAgo: 1,
        reason: "Family dinner supplies",
      },
    ],
  },
  {
    username: "bob",
    firstName: "Bob",
    lastName: "Martinez",
    department: "Engineering",
    requests: [
      { amount: "400.00", status: "APPROVED", periods: 3, daysAgo: 5 },
      {
        amount: "350.00",
        status: "DECLINED",
        periods: 2,
        daysAgo: 20,
        rejectionReason: "Please wait until your current advance is repaid.",
      },
    ],
  },
  {
    username: "carol",
    firstName: "Carol",
    lastName: "Nguyen",
    department: "Operations",
    requests: [
      {
        amount: "450.00",
        status: "PENDING",
        periods: 3,
        daysAgo: 2,
        reason: "Stocking up for the month",
      },
    ],
  },
  {
    username: "dave",
    firstName: "Dave",
    lastName: "Okafor",
    department: "Marketing",
    requests: [],
  },
  {
    username: "erin",
    firstName: "Erin",
    lastName: "Patel",
    department: "Engineering",
    requests: [{ amount: "500.00", status: "PENDING", periods: 2, daysAgo: 0 }],
  },
];

/**
 * The demo company: one employer, five employees in four departments, requests in every
 * status, and one issued card with its held/charged/released amounts and its deductions (the
 * money model: an approved advance not paid for, like Bob's, has none). Written directly (not through the
 * domain functions) so it can backdate; it keeps the same invariants the domain keeps.
 */
export async function seedDemo(db: Database, now = new Date()): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        companyName: "Fresh Foods Co.",
        contactEmail: "dana@freshfoods.example",
        contactPhone: "(555) 010-2030",
        payFrequency: "BIWEEKLY",
        nextPayDate: isoDay(addDays(now, 9)),
      })
      .returning();
    const paySchedule = {
      frequency: company.payFrequency,
      nextPayDate: company.nextPayDate,
    };
    const [employer] = await tx
      .insert(users)
      .values({
        username: "employer",
        password: hash,
        firstName: "Dana",
        lastName: "Whitfield",
        email: "dana@freshfoods.example",
        // The demo company's owner has confirmed her address.
        confirmedEmail: "dana@freshfoods.example",
        role: "EMPLOYER",
        companyName: "Fresh Foods Co.",
        maxAdvanceLimit: "500.00",
        companyId: company.id,
        companyRole: "OWNER",
      })
      .returning();
    // The team: an admin and an approver beside the owner, and an invitation not yet accepted.
    for (const [username, firstName, lastName, companyRole] of [
      ["alex", "Alex", "Rivera", "ADMIN"],
      ["pat", "Pat", "Kim", "APPROVER"],
    ] as const)
      await tx.insert(users).values({
        username,
        password: hash,
        firstName,
        lastName,
        email: `${username}@freshfoods.example`,
        role: "EMPLOYER",
        companyName: "Fresh Foods Co.",
        maxAdvanceLimit: "500.00",
        companyId: company.id,
        companyRole,
      });
    await tx.insert(invitations).values({
      companyId: company.id,
      kind: "EMPLOYEE",
      email: "frank@example.com",
      firstName: "Frank",
      lastName: "Osei",
      department: "Sales",
      tokenHash: crypto.randomBytes(32).toString("hex"),
      invitedById: employer.id,
      expiresAt: addDays(now, 7),
    });
    const maxCents = toCents("500.00");
    for (const person of PEOPLE) {
      const [user] = await tx
        .insert(users)
        .values({
          username: person.username,
          password: hash,
          firstName: person.firstName,
          lastName: person.lastName,
          email: `${person.username}@freshfoods.example`,
          role: "EMPLOYEE",
          department: person.department,
          companyId: company.id,
          createdAt: subDays(now, 60),
        })
        .returning();
      const payCycleEnd = addDays(now, 9);
      const [employee] = await tx
        .insert(employees)
        .values({
          userId: user.id,
          companyId: company.id,
          availableBalance: fromCents(maxCents),
          payCycleEndDate: payCycleEnd,
        })
        .returning();
      // Each demo employee signed the wage-deduction authorization when they joined, as every
      // employee does before a first advance.
      await tx.insert(deductionAuthorizations).values({
        employeeId: employee.id,
        version: DEDUCTION_AUTHORIZATION_VERSION,
        signedAt: subDays(now, 60),
      });
      for (const r of person.requests) {
        const requestDate = subDays(now, r.daysAgo);
        const decided = addDays(requestDate, 0);
        const [pending] = await tx
          .insert(advanceRequests)
          .values({
            employeeId: employee.id,
            amount: r.amount,
            reason: r.reason ?? null,
            repaymentPeriods: r.periods,
            requestDate,
          })
          .returning();
        let request = pending;
        if (r.status === "APPROVED") {
          // The same approval the product performs: the balance is reserved.
          request = await applyApproval(tx, pending.id, employer.id, decided);
        }
        if (r.status === "DECLINED") {
          await tx
            .update(advanceRequests)
            .set({
              status: "DECLINED",
              rejectionDate: decided,
              rejectionReason: r.rejectionReason ?? "Declined by employer",
            })
            .where(eq(advanceRequests.id, pending.id));
        }
        if (r.card) {
          // Checkout authorized the fee; the card captured it and brought the repayment
          // schedule.
          const cents = toCents(r.amount);
          const fee = Math.min(PROCESSING_FEE_CENTS, cents);
          const intentId = `pi_sandbox_demo_${person.username}`;
          await tx.insert(sandboxPayments).values({
            id: intentId,
            requestId: request.id,
            amountCents: fee,
            status: "succeeded",
            clientSecret: `${intentId}_secret_demo`,
            authorizedCents: fee,
            capturedCents: fee,
            releasedCents: 0,
            createdAt: decided,
            updatedAt: decided,
          });
          await tx
            .update(advanceRequests)
            .set({
              paidAt: decided,
              termsVersion: TERMS_VERSION,
              termsAcceptedAt: decided,
              paymentIntentId: intentId,
              authorizedAmount: fromCents(fee),
              capturedAmount: fromCents(fee),
              releasedAmount: "0.00",
              capturedAt: decided,
              cardIssuedAt: decided,
            })
            .where(eq(advanceRequests.id, request.id));
          await tx.insert(payrollDeductions).values(
            deductionSchedule(cents, r.periods, paySchedule, decided).map(
              (d) => ({
                requestId: request.id,
                amount: fromCents(d.amountCents),
                deductionDate: d.date,
              }),
            ),
          );
          const [card] = await tx
            .insert(virtualCards)
            .values({
              requestId: request.id,
              providerCardId: `ic_sandbox_demo_${person.username}`,
              cardNumber: "•••• •••• •••• 4242",
              expiryMonth: 12,
              expiryYear: now.getFullYear() + 3,
              amount: r.amount,
              spendingLimits: JSON.stringify({
                restrictions: GROCERY_RESTRICTION,
                allowedCategories: ["grocery_stores_supermarkets"],
                limitCents: toCents(r.amount),
              }),
              createdAt: decided,
            })
            .returning();
          await recordCardFunded(tx, {
            cardId: card.id,
            requestId: request.id,
            employeeId: employee.id,
            companyId: company.id,
            amountCents: cents,
            feeCents: fee,
            at: decided,
          });
        }
      }
    }
  });
}
