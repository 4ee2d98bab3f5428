import { createPayrollRun } from "~/models/payroll/index.server";
import { authorizeCardPurchase } from "~/models/cards/index.server";
import {
  inviteEmployee,
  inviteMember,
  previewRoster,
} from "~/models/companies/index.server";
import { hashToken } from "~/models/people/index.server";
import { fileComplaint } from "~/models/complaints/index.server";
import type { AdvanceRequest, User, VirtualCard } from "#db/schema";
import { eq, sql } from "drizzle-orm";
import { invitations, webhookDeliveries, webhookEndpoints } from "#db/schema";
import { db } from "~/utils/db.server";
import {
  insertAdvance,
  insertCard,
  setAvailableBalance,
} from "#tests/support/data";
import {
  createEmployee,
  createEmployer,
  uniqueName,
} from "#tests/support/factories";

/**
 * Every page of the product, for the layout guard (layout.spec.ts): who sees it, and the
 * primary actions that must be visible and uncovered at every width. ONE LIST: a new page is
 * guarded by adding a line here (with its primary actions).
 */
export type LayoutPage = {
  /** Shown in the report and the screenshot names. */
  name: string;
  role: "public" | "employee" | "employer";
  path: (world: LayoutWorld) => string;
  /** Accessible names of the page's primary buttons and button-links. */
  primary: Array<string | RegExp>;
  /** A dialog covers the page (and the Menu button) on purpose. */
  modal?: boolean;
};

export type LayoutWorld = {
  employer: User;
  employee: User;
  pending: AdvanceRequest;
  approvedUnpaid: AdvanceRequest;
  card: VirtualCard;
  /** A roster preview with refused and skipped rows. */
  rosterImportId: number;
  /** The token of a pending employee invitation (its /join link). */
  joinToken: string;
  /** A payroll run waiting for its results (one deduction of the card's advance). */
  payrollRunId: number;
  /** A webhook endpoint disabled after failing, with a delivered and a failed delivery. */
  webhookEndpointId: number;
};

/** A company with enough data that every table has rows: pending, approved, declined, a card. */
export async function createLayoutWorld(): Promise<LayoutWorld> {
  const employer = await createEmployer();
  const employee = await createEmployee(employer, {
    department: "Fresh Produce and Bakery",
  });
  const other = await createEmployee(employer);
  const withCard = await insertAdvance(employee, {
    status: "APPROVED",
    amount: "200.00",
    reason: "Weekly groceries for a family of four, before payday",
    periods: 2,
  });
  const card = await insertCard(withCard);
  await authorizeCardPurchase(card.id, {
    amountCents: 4_210,
    merchantName: "Fresh Market on Harbour Street",
    merchantCategory: "grocery_stores_supermarkets",
  });
  await authorizeCardPurchase(card.id, {
    amountCents: 1_850,
    merchantName: "Luigi's Trattoria",
    merchantCategory: "eating_places_restaurants",
  });
  const approvedUnpaid = await insertAdvance(employee, {
    status: "APPROVED",
    amount: "200.00",
  });
  await insertAdvance(employee, {
    status: "DECLINED",
    amount: "450.00",
    rejectionReason: "Over this month's budget",
  });
  const pending = await insertAdvance(employee, {
    amount: "250.00",
    reason: "Stocking up on staples for the whole month ahead",
    periods: 3,
  });
  await insertAdvance(other, { amount: "200.00" });
  // Invitations (employees and a colleague) and a roster preview with problems.
  const tag = uniqueName("layout");
  const invited = await inviteEmployee(employer, {
    email: `${tag}.a.rather.long.address@fresh-produce-and-bakery.example`,
    firstName: "Marguerite",
    lastName: "Delacroix-Fontaine",
    department: "Fresh Produce and Bakery",
  });
  const joinToken = `${tag}-join-token`;
  await db()
    .update(invitations)
    .set({ tokenHash: hashToken(joinToken) })
    .where(eq(invitations.id, invited.id));
  await inviteMember(employer, {
    email: `${tag}.approver@example.com`,
    role: "APPROVER",
  });
  const roster = await previewRoster(
    employer,
    "fresh-produce-and-bakery-staff-november.csv",
    new TextEncoder().encode(
      [
        "First name,Last name,Email,Department",
        `Ana,Lopez,${tag}.ana@example.com,Deli`,
        "Ben,,ben@example.com,Deli",
        `Cy,Dup,${tag}.ana@example.com,Deli`,
        "Di,Bad,not-an-email,Deli",
        `${employee.firstName},${employee.lastName},${employee.email},Deli`,
      ].join("\n"),
    ),
  );
  // A payroll run with the card's first deduction in it (moved to yesterday: due).
  await db().execute(
    sql`update payroll_deductions set deduction_date = now() - interval '1 day'
        where id = (select min(id) from payroll_deductions where request_id = ${withCard.id})`,
  );
  const { run } = await createPayrollRun(employer, {});
  // /request offers its form only from $200 available to request (balance less pending): the
  // guard visits it expecting "Submit Request", so this employee keeps $250 to request.
  await setAvailableBalance(employee, "500.00");
  // A complaint waiting in the queue (its Start review and Resolve are the queue's actions).
  await fileComplaint(employee, {
    category: "DEDUCTION",
    details: "Two deductions were taken from one paycheck.",
    subjectReference: "Deduction of Nov 13",
  });
  // A webhook endpoint disabled after its deliveries failed, with its log (nothing pending:
  // nothing is sent).
  const [hook] = await db()
    .insert(webhookEndpoints)
    .values({
      companyId: employer.companyId!,
      url: "https://payroll-integration.fresh-produce-and-bakery.example/webhooks/grocery-advance",
      events: [
        "advance_request.approved",
        "card.issued",
        "deduction.collected",
      ],
      secret: `whsec_${tag}`,
      description: "Payroll system (deductions and cards)",
      consecutiveFailures: 10,
      failingSince: new Date(Date.now() - 30 * 3_600_000),
      disabledAt: new Date(),
    })
    .returning({ id: webhookEndpoints.id });
  const attempt = (status: number | null, error: string | null) => ({
    at: new Date().toISOString(),
    status,
    error,
    ms: 40,
  });
  await db()
    .insert(webhookDeliveries)
    .values([
      {
        endpointId: hook.id,
        companyId: employer.companyId!,
        eventId: `evt_${tag}_a`,
        type: "card.issued",
        payload: "{}",
        status: "delivered" as const,
        attempts: [attempt(200, null)],
        deliveredAt: new Date(),
      },
      {
        endpointId: hook.id,
        companyId: employer.companyId!,
        eventId: `evt_${tag}_b`,
        type: "deduction.collected",
        payload: "{}",
        status: "failed" as const,
        attempts: [attempt(null, "connection_refused"), attempt(500, null)],
      },
    ]);
  return {
    employer,
    employee,
    pending,
    approvedUnpaid,
    card,
    rosterImportId: roster.id,
    joinToken,
    payrollRunId: run.id,
    webhookEndpointId: hook.id,
  };
}

export const LAYOUT_PAGES: LayoutPage[] = [
  // Public
  {
    name: "sign-in",
    role: "public",
    path: () => "/auth",
    primary: ["Sign In"],
  },
  {
    name: "register",
    role: "public",
    path: () => "/auth?tab=register",
    primary: ["Register as Employee"],
  },
  {
    name: "how-it-works",
    role: "public",
    path: () => "/how-it-works",
    primary: ["Sign Up", "Get Started", "Request an Advance"],
  },
  {
    name: "terms",
    role: "public",
    path: () => "/terms",
    primary: [],
  },
  {
    name: "forgot-password",
    role: "public",
    path: () => "/forgot-password",
    primary: ["Send reset link"],
  },
  {
    name: "join",
    role: "public",
    path: (w) => `/join/${w.joinToken}`,
    primary: ["Create account and join"],
  },
  {
    name: "confirm-email-expired",
    role: "public",
    path: () => "/confirm-email?token=expired-or-unknown",
    primary: [],
  },
  {
    name: "reset-password-expired",
    role: "public",
    path: () => "/reset-password?token=expired-or-unknown",
    primary: [],
  },
  // Employee
  {
    name: "employee-dashboard",
    role: "employee",
    path: () => "/",
    primary: ["New Request", "View All Activity"],
  },
  {
    name: "request",
    role: "employee",
    path: () => "/request?amount=260",
    primary: ["Submit Request", "Cancel"],
  },
  { name: "history", role: "employee", path: () => "/history", primary: [] },
  { name: "outbox", role: "employee", path: () => "/outbox", primary: [] },
  {
    name: "complaints",
    role: "employee",
    path: () => "/complaints",
    primary: ["Send complaint"],
  },
  {
    name: "profile",
    role: "employee",
    path: () => "/profile",
    primary: ["Save Changes"],
  },
  {
    name: "checkout",
    role: "employee",
    path: (w) =>
      `/checkout?amount=${w.approvedUnpaid.amount}&requestId=${w.approvedUnpaid.id}`,
    primary: [/^Pay \$/],
  },
  {
    name: "card",
    role: "employee",
    path: (w) => `/cards/${w.card.id}`,
    primary: ["Freeze card", "Simulate purchase"],
  },
  {
    name: "payment-success",
    role: "employee",
    path: () => "/payment-success",
    primary: ["View History", "Go to Dashboard"],
  },
  {
    name: "not-found",
    role: "employee",
    path: () => "/no-such-page",
    primary: [],
  },
  // Employer
  {
    name: "employer-dashboard",
    role: "employer",
    path: () => "/",
    primary: ["Add Employee", /^Approve /, /^Decline /],
  },
  {
    name: "approvals",
    role: "employer",
    path: () => "/approvals",
    primary: [/^Approve /, /^Decline /],
  },
  {
    name: "decline-dialog",
    role: "employer",
    path: (w) => `/approvals?decline=${w.pending.id}`,
    primary: ["Decline Request", "Cancel"],
    modal: true,
  },
  {
    name: "employees",
    role: "employer",
    path: () => "/employees",
    primary: ["Invite Employee", "Import Roster", "Add Employee"],
  },
  {
    name: "invite-employee",
    role: "employer",
    path: () => "/employees/invite",
    primary: ["Send invitation"],
  },
  {
    name: "roster-import",
    role: "employer",
    path: () => "/employees/import",
    primary: ["Upload and preview"],
  },
  {
    name: "roster-preview",
    role: "employer",
    path: (w) => `/employees/import/${w.rosterImportId}`,
    primary: [/^Send \d+ invitations?$/],
  },
  {
    name: "add-employee",
    role: "employer",
    path: () => "/employees/add",
    primary: ["Add Employee"],
  },
  {
    name: "employee-details",
    role: "employer",
    path: (w) => `/employees/${w.pending.employeeId}`,
    primary: [],
  },
  {
    name: "payroll",
    role: "employer",
    path: () => "/payroll",
    primary: ["Run payroll"],
  },
  {
    name: "payroll-run",
    role: "employer",
    path: (w) => `/payroll?run=${w.payrollRunId}`,
    primary: ["All collected in full", "Upload results"],
  },
  { name: "reports", role: "employer", path: () => "/reports", primary: [] },
  {
    name: "regulator-report",
    role: "employer",
    path: () => "/reports/regulator",
    primary: ["Show"],
  },
  {
    name: "complaint-queue",
    role: "employer",
    path: () => "/complaint-queue",
    primary: [/^Start the review of CMP-/, "Resolve"],
  },
  {
    name: "activity",
    role: "employer",
    path: () => "/activity",
    primary: ["Filter", "Download CSV"],
  },
  {
    name: "settings",
    role: "employer",
    path: () => "/settings",
    primary: ["Save Settings", "Set up two-factor sign-in"],
  },
  {
    name: "team",
    role: "employer",
    path: () => "/settings/team",
    primary: ["Send invitation"],
  },
  {
    name: "api",
    role: "employer",
    path: () => "/settings/api",
    primary: ["Create key"],
  },
  {
    name: "webhook-endpoint",
    role: "employer",
    path: (w) => `/settings/api/webhooks/${w.webhookEndpointId}`,
    primary: [
      /^Enable the endpoint/,
      "Send test event",
      "Rotate secret",
      "Save changes",
    ],
  },
  {
    // Off in the end-to-end run (no Finch variables): the page says how to turn it on.
    name: "payroll-connection",
    role: "employer",
    path: () => "/settings/payroll",
    primary: ["Back to Company Settings"],
  },
];
