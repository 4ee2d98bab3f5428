import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, ne } from "drizzle-orm";
import {
  advanceRequests,
  apiKeys,
  webhookEndpoints,
  employees,
  invitations,
  sessions,
  users,
  virtualCards,
} from "#db/schema";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  requestAs,
  uniqueName,
} from "#tests/support/factories";
import { stateDigest } from "#tests/support/rows";
import { refusalMessage } from "#tests/support/toasts";
import {
  ACTORS,
  MARKERS,
  createWorld,
  foreignMarkers,
  isEmployerActor,
  type Actor,
  type World,
} from "#tests/support/world";
import * as appCatchAll from "~/routes/_app.$";
import * as appIndex from "~/routes/_app._index";
import * as appApprovals from "~/routes/_app.approvals";
import * as appCheckout from "~/routes/_app.checkout";
import * as appEmployeeDetails from "~/routes/_app.employees.$id";
import * as appEmployees from "~/routes/_app.employees._index";
import * as appEmployeesAdd from "~/routes/_app.employees.add";
import * as appHistory from "~/routes/_app.history";
import * as appOutbox from "~/routes/_app.outbox";
import * as resetPassword from "~/routes/reset-password";
import * as confirmEmailPage from "~/routes/confirm-email";
import * as appPaymentSuccess from "~/routes/_app.payment-success";
import * as appPayroll from "~/routes/_app.payroll";
import * as appProfile from "~/routes/_app.profile";
import * as appReports from "~/routes/_app.reports";
import * as appRequest from "~/routes/_app.request";
import * as appSettings from "~/routes/_app.settings";
import * as appLayout from "~/routes/_app";
import * as apiApprove from "~/routes/api.advance-requests.$id.approve";
import * as apiDecline from "~/routes/api.advance-requests.$id.decline";
import * as apiCancel from "~/routes/api.advance-requests.$id.cancel";
import * as apiAll from "~/routes/api.advance-requests.all";
import * as apiOwnRequests from "~/routes/api.advance-requests.employee";
import * as apiPending from "~/routes/api.advance-requests.pending";
import * as apiRequests from "~/routes/api.advance-requests";
import * as apiEmployee from "~/routes/api.employee";
import * as apiQuote from "~/routes/api.advance-quote";
import * as terms from "~/routes/terms";
import * as apiEmployees from "~/routes/api.employees";
import * as apiEmployerRequests from "~/routes/api.employer.advance-requests";
import * as apiEvents from "~/routes/api.events";
import * as apiNotAnEndpoint from "~/routes/api.$";
import * as apiLogin from "~/routes/api.login";
import * as apiLogout from "~/routes/api.logout";
import * as apiDeductions from "~/routes/api.payroll-deductions.upcoming";
import * as apiRegister from "~/routes/api.register";
import * as apiUser from "~/routes/api.user";
import * as apiCards from "~/routes/api.virtual-cards";
import * as auth from "~/routes/auth";
import * as forgotPassword from "~/routes/forgot-password";
import * as healthz from "~/routes/healthz";
import * as webManifest from "~/routes/manifest[.]webmanifest";
import * as offline from "~/routes/offline";
import * as howItWorks from "~/routes/how-it-works";
import * as logout from "~/routes/logout";
import * as language from "~/routes/language";
import * as payrollExport from "~/routes/payroll.export";
import * as appActivity from "~/routes/_app.activity";
import * as activityCsv from "~/routes/activity[.]csv";
import * as appComplaints from "~/routes/_app.complaints";
import * as appRegulator from "~/routes/_app.reports_.regulator";
import * as regulatorCsv from "~/routes/reports.regulator[.]csv";
import * as appComplaintQueue from "~/routes/_app.complaint-queue";
import * as apiComplaints from "~/routes/api.complaints";
import * as apiCompanyComplaints from "~/routes/api.company-complaints";
import * as apiComplaintReview from "~/routes/api.company-complaints.$id.review";
import * as apiComplaintResolve from "~/routes/api.company-complaints.$id.resolve";
import { fileComplaint } from "~/models/complaints/index.server";
import * as readyz from "~/routes/readyz";
import * as apiOpenApi from "~/routes/api.openapi[.]json";
import * as apiDocs from "~/routes/api.docs";
import * as apiIntent from "~/routes/api.create-payment-intent";
import * as apiCard from "~/routes/api.create-grocery-card";
import * as apiWebhook from "~/routes/api.stripe.webhook";
import * as appCard from "~/routes/_app.cards.$id";
import * as apiSandboxPurchase from "~/routes/api.sandbox.card-authorizations";
import * as apiSandboxPayment from "~/routes/api.sandbox.payments";
import * as apiFreeze from "~/routes/api.virtual-cards.$id.freeze";
import * as apiCardDisplayKey from "~/routes/api.virtual-cards.$id.ephemeral-key";
import * as apiUnfreeze from "~/routes/api.virtual-cards.$id.unfreeze";
import * as appEmployeesInvite from "~/routes/_app.employees.invite";
import * as appTeam from "~/routes/_app.settings_.team";
import * as appRosterImport from "~/routes/_app.employees.import._index";
import * as appRosterImportDetails from "~/routes/_app.employees.import.$id";
import {
  previewRoster,
  addEmployee,
  inviteEmployee,
} from "~/models/companies/index.server";
import { createPayrollRun } from "~/models/payroll/index.server";
import { closeCardInTx } from "~/models/cards/index.server";
import {
  createWebhookEndpoint,
  sendTestWebhook,
  createApiKey,
  revokeApiKey,
} from "~/models/integrations/index.server";
import * as join from "~/routes/join";
import * as joinToken from "~/routes/join.$token";
import * as apiInvitations from "~/routes/api.invitations";
import * as apiInvitationResend from "~/routes/api.invitations.$id.resend";
import * as apiInvitation from "~/routes/api.invitations.$id";
import * as apiAdvanceRequest from "~/routes/api.advance-requests.$id";
import * as apiInvitationRevoke from "~/routes/api.invitations.$id.revoke";
import * as apiPayrollRuns from "~/routes/api.payroll-runs";
import * as apiPayrollRun from "~/routes/api.payroll-runs.$id";
import * as apiPayrollResults from "~/routes/api.payroll-runs.$id.results";
import * as apiPaySchedule from "~/routes/api.pay-schedule";
import * as apiOffboard from "~/routes/api.employees.$id.offboard";
import * as apiCreditPayout from "~/routes/api.employees.$id.credit-payout";
import * as apiClose from "~/routes/api.virtual-cards.$id.close";
import { insertAdvance } from "#tests/support/data";
import { isoDay } from "~/utils/pay-schedule";
import * as apiApiKeys from "~/routes/api.api-keys.($id)";
import * as apiWebhookEndpoints from "~/routes/api.webhook-endpoints.($id)";
import * as apiEnableWebhookEndpoint from "~/routes/api.webhook-endpoints.$id.enable";
import * as apiWebhookDeliveries from "~/routes/api.webhook-endpoints.$id.deliveries";
import * as apiRedeliverWebhook from "~/routes/api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver";
import * as apiTestWebhook from "~/routes/api.webhook-endpoints.$id.[test]";
import * as apiRotateWebhookSecret from "~/routes/api.webhook-endpoints.$id.rotate-secret";
import * as appApiSettings from "~/routes/_app.settings_.api";
import * as appWebhookEndpoint from "~/routes/_app.settings_.api_.webhooks.$id";
import * as appPayrollConnection from "~/routes/_app.settings_.payroll";
import * as payrollConnectCallback from "~/routes/settings.payroll.callback";
import { API_CONTRACTS } from "~/routes/api.openapi[.]json";
import { keyScope, scopeFor } from "~/web/api-key-caller.server";
import { API_SCOPES } from "~/utils/api-scopes";

// The authorization matrix (DESIGN §5): every route module's loader and action against eight
// actors — anonymous, employees A1 and A2 of employer A, employee B1 of employer B, the
// employers (owners) A and B, and company A's admin AA and approver AP. A row's `cells` name the
// first six; AA and AP get the owner EA's outcome unless the row's `team` says otherwise (the
// membership roles' capabilities, app/utils/company-roles.ts). Each cell names the expected outcome:
//   "auth"   a page sends an anonymous visitor to /auth?redirectTo=…
//   "→/x"    a redirect to /x (a page's success, or a signed-in user leaving /auth); "→/x/*"
//            a redirect to a path under /x/
//   200/201  success, and the body holds no one else's data (see MARKERS)
//   401/403/404/405  refused with a message, and nothing in the database changed
// A new route file fails the coverage test at the bottom until it has its rows here.
//
// Related proofs elsewhere: login throttling (429) in auth.test.ts; the foreign-Origin refusal,
// cookie flags and CSP over HTTP in tests/ops/abuse.spec.ts; the pages' 403/redirect rendering
// in tests/e2e/guards.spec.ts.

// One database is enough: who may call what is decided by the request handling, the
// same on either database; the rows it checks are plain reads and counts. (.ci/run runs it on
// PostgreSQL only.)
const database = useTestDatabase();

type Outcome = "auth" | `→${string}` | number;
type Cells = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];
/** Company A's admin (AA) and approver (AP); by default what its owner EA gets. */
type TeamCells = [Outcome, Outcome];
type Built = {
  path: string;
  init?: RequestInit & { json?: unknown; form?: Record<string, string> };
  params?: Record<string, string>;
};
type Checked = { actor: Actor; res: Response; text: string; built: Built };
type Row = {
  file: string;
  kind: "loader" | "action";
  what: string;
  cells: Cells;
  /** The admin's and the approver's outcomes where their role differs from the owner's. */
  team?: TeamCells;
  build: (actor: Actor) => Promise<Built> | Built;
  /** Extra checks of a successful cell. */
  check?: (c: Checked) => Promise<void> | void;
  /** An event stream: check the head, then hang up. */
  stream?: boolean;
  /** Whose data a success shows when not the caller's (a sign-in shows the account's). */
  viewer?: Actor;
};

//                       anon    A1      A2      B1      EA      EB
const EMPLOYEE_PAGE: Cells = ["auth", 200, 200, 200, 403, 403];
const EMPLOYER_PAGE: Cells = ["auth", 403, 403, 403, 200, 200];
const ANY_SIGNED_IN_PAGE: Cells = ["auth", 200, 200, 200, 200, 200];
const EMPLOYEE_API: Cells = [401, 200, 200, 200, 403, 403];
const EMPLOYER_API: Cells = [401, 403, 403, 403, 200, 200];
const SIGNED_IN_API: Cells = [401, 200, 200, 200, 200, 200];
const PUBLIC: Cells = [200, 200, 200, 200, 200, 200];
const NOT_ALLOWED: Cells = [405, 405, 405, 405, 405, 405];
const everyone = (outcome: Outcome): Cells => [
  outcome,
  outcome,
  outcome,
  outcome,
  outcome,
  outcome,
];

let world: World;
const user = (actor: Actor) => world.userOf(actor);
const get = (path: string): Built => ({ path });
const postJson = (path: string, json: unknown = {}): Built => ({
  path,
  init: { method: "POST", json },
});
const postForm = (path: string, form: Record<string, string>): Built => ({
  path,
  init: { method: "POST", form },
});

/**
 * A company has at most 10 webhook endpoints: the rows that add one first remove both
 * companies' endpoints, so every actor's cell can add its own.
 */
async function roomForEndpoints() {
  await db()
    .delete(webhookEndpoints)
    .where(
      inArray(webhookEndpoints.companyId, [
        world.users.EA.companyId!,
        world.users.EB.companyId!,
      ]),
    );
}

/** A fresh endpoint of company A (room made first): its id. */
async function endpointOfA(name: string): Promise<number> {
  await roomForEndpoints();
  const created = await createWebhookEndpoint(world.users.EA, {
    url: `https://hooks.example.com/${name}`,
    events: ["card.issued"],
  });
  return created.id;
}

/** The employees row ids of an employer's employees. */
async function employeeIdsOf(employerId: number): Promise<number[]> {
  const rows = await db()
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.companyId, employerId));
  return rows.map((r) => r.id);
}

/** The id of A1's grocery card (the card of A1's approved, paid request). */
async function cardOfA1(): Promise<number> {
  const [card] = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .where(eq(virtualCards.requestId, world.requests.A1.approved.id));
  return card.id;
}

/** A new employee of company A (someone to offboard), by employees row id. */
async function newEmployeeOfA(): Promise<number> {
  const leaver = await addEmployee(world.users.EA, {
    username: uniqueName("leaver"),
    password: "Pantry-Ledger-58",
    firstName: "Lee",
    lastName: MARKERS.EA,
    email: "leaver@example.com",
    department: "Produce",
  });
  const [row] = await db()
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, leaver.id));
  return row.id;
}

/** A past pay date not used before in this file: each call a new run. */
let pastDays = 400;
const pastPayDate = () =>
  isoDay(new Date(Date.now() - (pastDays += 1) * 86_400_000));

/** A run of company A (an empty one, for a past pay date). */
async function runOfA(): Promise<number> {
  const { run } = await createPayrollRun(world.users.EA, {
    payDate: pastPayDate(),
  });
  return run.id;
}

/**
 * A new card of A1's (a fresh $200 advance, carded). The earlier fresh cards are closed first,
 * so A1's debt stays within the max advance however many rows ask.
 */
async function freshCardOfA1(): Promise<number> {
  const fresh = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .innerJoin(advanceRequests, eq(advanceRequests.id, virtualCards.requestId))
    .where(
      and(
        eq(advanceRequests.reason, "Fresh card"),
        ne(virtualCards.status, "closed"),
      ),
    );
  for (const card of fresh)
    await db().transaction((tx) =>
      closeCardInTx(tx, card.id, null, "employee"),
    );
  // Room on A1's balance: the approved fresh requests of other rows give theirs back.
  await world.freshPending("A1");
  const request = await insertAdvance(world.userOf("A1")!, {
    amount: "100.00",
    status: "APPROVED",
    carded: true,
    reason: "Fresh card",
  });
  const [card] = await db()
    .select({ id: virtualCards.id })
    .from(virtualCards)
    .where(eq(virtualCards.requestId, request.id));
  return card.id;
}

//                             anon   A1   A2   B1   EA   EB
const OWN_CARD_API: Cells = [401, 200, 404, 404, 403, 403];
// The owner reaches it; the sandbox has no Issuing Elements, so it answers 409.
const OWN_CARD_STRIPE_ONLY: Cells = [401, 409, 404, 404, 403, 403];

const ownEmployeeId = (actor: Actor) =>
  world.employeeIds[actor as "A1" | "A2" | "B1"];

/**
 * Room for a new $200 request: pending amounts count against the balance, so an employee's
 * earlier successful filings (other rows' cells) are declined and the balance is full again.
 * The world's own pending request stays.
 */
async function roomToRequest(actor: Actor) {
  if (actor !== "A1" && actor !== "A2" && actor !== "B1") return;
  await db()
    .update(advanceRequests)
    .set({ status: "DECLINED", rejectionDate: new Date() })
    .where(
      and(
        eq(advanceRequests.employeeId, ownEmployeeId(actor)),
        eq(advanceRequests.status, "PENDING"),
        ne(advanceRequests.id, world.requests[actor].pending.id),
      ),
    );
  await db()
    .update(employees)
    .set({ availableBalance: "500.00" })
    .where(eq(employees.id, ownEmployeeId(actor)));
}

/** Every listed request belongs to the caller: their own, or one of their employees'. */
async function onlyOwnRequests(actor: Actor, items: { id: number }[]) {
  if (items.length === 0) return;
  const rows = await db()
    .select({ id: advanceRequests.id, employeeId: advanceRequests.employeeId })
    .from(advanceRequests)
    .where(
      inArray(
        advanceRequests.id,
        items.map((i) => i.id),
      ),
    );
  expect(rows).toHaveLength(items.length);
  const allowed = isEmployerActor(actor)
    ? await employeeIdsOf(user(actor)!.companyId!)
    : [ownEmployeeId(actor)];
  for (const row of rows) expect(allowed).toContain(row.employeeId);
}

const MATRIX: Row[] = [
  // ---- Public pages and probes -------------------------------------------------------------
  {
    file: "auth.tsx",
    kind: "loader",
    what: "GET /auth (a signed-in user goes home)",
    cells: [200, "→/", "→/", "→/", "→/", "→/"],
    build: () => get("/auth"),
  },
  {
    file: "auth.tsx",
    kind: "action",
    what: "POST /auth sign in as A1 (public: whoever posts A1's credentials)",
    cells: everyone("→/"),
    build: () =>
      postForm("/auth", {
        intent: "login",
        username: world.users.A1.username,
        password: TEST_PASSWORD,
      }),
  },
  {
    file: "auth.tsx",
    kind: "action",
    what: "POST /auth two-factor code step (no pending sign-in: refused)",
    cells: everyone(401),
    build: () => postForm("/auth", { intent: "mfa", code: "123456" }),
  },
  {
    file: "how-it-works.tsx",
    kind: "loader",
    what: "GET /how-it-works",
    cells: PUBLIC,
    build: () => get("/how-it-works?amount=300"),
  },
  {
    file: "manifest[.]webmanifest.ts",
    kind: "loader",
    what: "GET /manifest.webmanifest",
    cells: PUBLIC,
    build: () => get("/manifest.webmanifest?lang=es"),
  },
  {
    file: "terms.tsx",
    kind: "loader",
    what: "GET /terms",
    cells: PUBLIC,
    build: () => get("/terms"),
  },
  {
    file: "forgot-password.tsx",
    kind: "loader",
    what: "GET /forgot-password",
    cells: PUBLIC,
    build: () => get("/forgot-password"),
  },
  {
    file: "forgot-password.tsx",
    kind: "action",
    what: "POST /forgot-password (the same neutral answer for anyone)",
    cells: PUBLIC,
    build: () => postForm("/forgot-password", { identifier: "nobody-at-all" }),
  },
  {
    file: "reset-password.tsx",
    kind: "loader",
    what: "GET /reset-password?token=… (the token moves out of the address bar)",
    cells: everyone("→/reset-password"),
    build: () => get("/reset-password?token=not-a-token"),
  },
  {
    file: "reset-password.tsx",
    kind: "loader",
    what: "GET /reset-password (no link kept: it says so)",
    cells: PUBLIC,
    build: () => get("/reset-password"),
  },
  {
    file: "reset-password.tsx",
    kind: "action",
    what: "POST /reset-password with an unknown token (refused)",
    cells: everyone(400),
    build: () =>
      postForm("/reset-password", {
        token: "not-a-token",
        password: "Basil-Lantern-62",
        confirmPassword: "Basil-Lantern-62",
      }),
  },
  {
    file: "confirm-email.tsx",
    kind: "loader",
    what: "GET /confirm-email?token=… (the token moves out of the address bar)",
    cells: everyone("→/confirm-email"),
    build: () => get("/confirm-email?token=not-a-token"),
  },
  {
    file: "confirm-email.tsx",
    kind: "loader",
    what: "GET /confirm-email (no link kept: it says so)",
    cells: PUBLIC,
    build: () => get("/confirm-email"),
  },
  {
    file: "confirm-email.tsx",
    kind: "action",
    what: "POST /confirm-email with no live link (refused, nothing confirmed)",
    cells: everyone(400),
    build: () => postForm("/confirm-email", {}),
  },
  {
    file: "healthz.ts",
    kind: "loader",
    what: "GET /healthz",
    cells: PUBLIC,
    build: () => get("/healthz"),
  },
  {
    file: "api.openapi[.]json.ts",
    kind: "loader",
    what: "GET /api/openapi.json",
    cells: PUBLIC,
    build: () => get("/api/openapi.json"),
  },
  {
    file: "api.docs.tsx",
    kind: "loader",
    what: "GET /api/docs",
    cells: PUBLIC,
    build: () => get("/api/docs"),
  },
  {
    file: "api.docs.tsx",
    kind: "action",
    what: "POST /api/docs",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/docs"),
  },
  {
    file: "api.openapi[.]json.ts",
    kind: "action",
    what: "POST /api/openapi.json",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/openapi.json"),
  },
  {
    file: "api.$.ts",
    kind: "loader",
    what: "GET /api/nope (no such endpoint)",
    cells: everyone(404),
    build: () => ({ ...get("/api/nope"), params: { "*": "nope" } }),
  },
  {
    file: "api.$.ts",
    kind: "action",
    what: "POST /api/nope (no such endpoint)",
    cells: everyone(404),
    build: () => ({ ...postJson("/api/nope"), params: { "*": "nope" } }),
  },
  {
    file: "api.create-payment-intent.ts",
    kind: "loader",
    what: "GET /api/create-payment-intent",
    cells: NOT_ALLOWED,
    build: () => get("/api/create-payment-intent"),
  },
  {
    file: "api.create-payment-intent.ts",
    kind: "action",
    what: "POST /api/create-payment-intent for A1's approved, paid request",
    cells: [401, 409, 404, 404, 403, 403],
    build: () =>
      postJson("/api/create-payment-intent", {
        amount: world.requests.A1.approved.amount,
        advanceRequestId: world.requests.A1.approved.id,
      }),
  },
  {
    file: "api.sandbox.payments.ts",
    kind: "loader",
    what: "GET /api/sandbox/payments",
    cells: NOT_ALLOWED,
    build: () => get("/api/sandbox/payments"),
  },
  {
    file: "api.sandbox.payments.ts",
    kind: "action",
    // Its owner is told the request is paid already; no one else learns it exists.
    what: "POST /api/sandbox/payments for A1's approved, paid request",
    cells: [401, 409, 404, 404, 403, 403],
    build: () =>
      postJson("/api/sandbox/payments", {
        advanceRequestId: world.requests.A1.approved.id,
        amount: world.requests.A1.approved.amount,
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 40",
        cvc: "123",
      }),
  },
  {
    file: "api.create-grocery-card.ts",
    kind: "loader",
    what: "GET /api/create-grocery-card",
    cells: NOT_ALLOWED,
    build: () => get("/api/create-grocery-card"),
  },
  {
    file: "api.create-grocery-card.ts",
    kind: "action",
    // A repeat for a request with a card answers that card (200) — only to its owner.
    what: "POST /api/create-grocery-card for A1's approved request (its card exists)",
    cells: [401, 200, 404, 404, 403, 403],
    build: () =>
      postJson("/api/create-grocery-card", {
        advanceRequestId: world.requests.A1.approved.id,
      }),
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        requestId: world.requests.A1.approved.id,
      });
    },
  },
  {
    file: "api.stripe.webhook.ts",
    kind: "loader",
    what: "GET /api/stripe/webhook",
    cells: NOT_ALLOWED,
    build: () => get("/api/stripe/webhook"),
  },
  {
    file: "api.stripe.webhook.ts",
    kind: "action",
    // Public but signature-checked; without Stripe configured there is no webhook at all.
    what: "POST /api/stripe/webhook (sandbox: not configured)",
    cells: everyone(404),
    build: () =>
      postJson("/api/stripe/webhook", { type: "payment_intent.succeeded" }),
  },
  {
    file: "readyz.ts",
    kind: "loader",
    what: "GET /readyz",
    cells: PUBLIC,
    build: () => get("/readyz"),
  },
  {
    file: "logout.tsx",
    kind: "loader",
    what: "GET /logout goes home",
    cells: everyone("→/"),
    build: () => get("/logout"),
  },
  {
    file: "logout.tsx",
    kind: "action",
    what: "POST /logout clears the session",
    cells: everyone("→/auth"),
    build: () => postForm("/logout", {}),
    check: ({ res }) => {
      expect(res.headers.get("Set-Cookie")).toMatch(/__session=;/);
    },
  },

  {
    file: "language.ts",
    kind: "loader",
    what: "GET /language goes home",
    cells: everyone("→/"),
    build: () => get("/language"),
  },
  {
    file: "language.ts",
    kind: "action",
    what: "POST /language sets the language (anyone; saved for a signed-in user)",
    cells: everyone("→/history"),
    build: () =>
      postForm("/language", { language: "es", redirectTo: "/history" }),
    check: ({ res }) => {
      expect(res.headers.get("Set-Cookie")).toMatch(/lng=es/);
    },
  },

  // ---- The signed-in layout and any-role pages ------------------------------------------------
  {
    file: "_app.tsx",
    kind: "loader",
    what: "the signed-in layout (sidebar user)",
    cells: ANY_SIGNED_IN_PAGE,
    build: () => get("/history"),
    check: async ({ actor, text }) => {
      expect(JSON.parse(text).user.id).toBe(user(actor)!.id);
    },
  },
  {
    file: "_app._index.tsx",
    kind: "loader",
    what: "GET / (the dashboard of the caller's role)",
    cells: ANY_SIGNED_IN_PAGE,
    build: () => get("/"),
    check: ({ actor, text }) => {
      const data = JSON.parse(text);
      expect(data.role).toBe(user(actor)!.role);
    },
  },
  {
    file: "_app.$.tsx",
    kind: "loader",
    what: "GET /no-such-page (404 inside the layout)",
    cells: ["auth", 404, 404, 404, 404, 404],
    build: () => get("/no-such-page"),
  },

  // ---- Employee pages ----------------------------------------------------------------------
  {
    file: "_app.request.tsx",
    kind: "loader",
    what: "GET /request",
    cells: EMPLOYEE_PAGE,
    build: () => get("/request"),
  },
  {
    file: "_app.request.tsx",
    kind: "action",
    what: "POST /request a $200 request",
    cells: ["auth", "→/", "→/", "→/", 403, 403],
    build: async (actor) => {
      await roomToRequest(actor);
      return postForm("/request", {
        amount: "200",
        repaymentPeriods: "1",
        terms: "on",
        paymentMethod: "existing",
        reason: "Matrix",
        quotedFor: "20000:1",
      });
    },
  },
  {
    file: "_app.history.tsx",
    kind: "loader",
    what: "GET /history",
    cells: EMPLOYEE_PAGE,
    build: () => get("/history"),
  },
  {
    file: "_app.history.tsx",
    kind: "action",
    // Only A1 may cancel A1's request: another employee gets 404, employers 403.
    what: "POST /history cancel A1's fresh pending request",
    cells: ["auth", "→/history", 404, 404, 403, 403],
    build: async () => {
      const fresh = await world.freshPending("A1");
      return postForm("/history", {
        intent: "cancel",
        requestId: String(fresh.id),
        redirectTo: "/history",
      });
    },
  },
  {
    file: "_app.outbox.tsx",
    kind: "loader",
    what: "GET /outbox (the caller's own e-mails)",
    cells: ANY_SIGNED_IN_PAGE,
    build: () => get("/outbox"),
  },
  {
    file: "_app.profile.tsx",
    kind: "action",
    what: "POST /profile e-mail choices (the caller's own only)",
    cells: ["auth", "→/profile", "→/profile", "→/profile", 403, 403],
    build: () =>
      postForm("/profile", { intent: "email-choices", decisions: "on" }),
  },
  {
    file: "_app.profile.tsx",
    kind: "loader",
    what: "GET /profile",
    cells: EMPLOYEE_PAGE,
    build: () => get("/profile"),
  },
  {
    file: "_app.profile.tsx",
    kind: "action",
    what: "POST /profile Sign out other sessions (the caller's own only)",
    cells: ["auth", "→/profile", "→/profile", "→/profile", 403, 403],
    build: () => postForm("/profile", { intent: "sign-out-others" }),
  },
  {
    file: "_app.profile.tsx",
    kind: "action",
    what: "POST /profile (saves the caller's own profile only)",
    cells: ["auth", "→/profile", "→/profile", "→/profile", 403, 403],
    build: (actor) => {
      const me = user(actor) ?? world.users.A1;
      return postForm("/profile", {
        firstName: "Ed",
        lastName: me.lastName,
        email: me.email,
        department: me.department ?? "",
      });
    },
    check: async ({ actor }) => {
      // Only the caller's row changed: the others keep their names.
      const others = (["A1", "A2", "B1"] as const).filter((a) => a !== actor);
      for (const other of others) {
        const [row] = await db()
          .select()
          .from(users)
          .where(eq(users.id, world.users[other].id));
        expect(row.lastName).toBe(MARKERS[other]);
      }
    },
  },
  {
    file: "_app.checkout.tsx",
    kind: "loader",
    // A1's approved request is already paid (it has its card): 409 for A1; someone else's
    // request does not exist for A2 and B1.
    what: "GET /checkout?amount&requestId (A1's approved, paid request)",
    cells: ["auth", 409, 404, 404, 403, 403],
    build: () =>
      get(
        `/checkout?amount=${world.requests.A1.approved.amount}&requestId=${world.requests.A1.approved.id}`,
      ),
  },
  {
    file: "_app.checkout.tsx",
    kind: "action",
    what: "POST /checkout paying A1's approved, paid request with the success card",
    cells: ["auth", 409, 404, 404, 403, 403],
    build: () =>
      postForm(
        `/checkout?amount=${world.requests.A1.approved.amount}&requestId=${world.requests.A1.approved.id}`,
        {
          intent: "pay",
          amount: world.requests.A1.approved.amount,
          requestId: String(world.requests.A1.approved.id),
          cardNumber: "4242 4242 4242 4242",
          expiry: "12 / 30",
          cvc: "123",
        },
      ),
  },
  {
    file: "_app.payment-success.tsx",
    kind: "loader",
    what: "GET /payment-success",
    cells: EMPLOYEE_PAGE,
    build: () => get("/payment-success"),
  },

  // ---- Employer pages ----------------------------------------------------------------------
  {
    file: "_app.approvals.tsx",
    kind: "loader",
    what: "GET /approvals?decline=<A1's pending> (the dialog only for A's employer)",
    cells: EMPLOYER_PAGE,
    build: () => get(`/approvals?decline=${world.requests.A1.pending.id}`),
    check: ({ actor, text }) => {
      const data = JSON.parse(text);
      if (actor === "EA" || actor === "AA" || actor === "AP")
        expect(data.declining?.id).toBe(world.requests.A1.pending.id);
      else expect(data.declining).toBeNull();
    },
  },
  {
    file: "_app.approvals.tsx",
    kind: "action",
    what: "POST /approvals approve A1's pending request",
    cells: ["auth", 403, 403, 403, "→/approvals", 404],
    build: async () =>
      postForm("/approvals", {
        intent: "approve",
        requestId: String((await world.freshPending("A1")).id),
      }),
    check: async ({ actor, built }) => {
      const id = Number(new URLSearchParams(built.init!.form).get("requestId"));
      const [row] = await db()
        .select()
        .from(advanceRequests)
        .where(eq(advanceRequests.id, id));
      expect(row).toMatchObject({
        status: "APPROVED",
        approvedById: user(actor)!.id,
      });
    },
  },
  {
    file: "_app.approvals.tsx",
    kind: "action",
    what: "POST /approvals decline B1's pending request",
    cells: ["auth", 403, 403, 403, 404, "→/approvals"],
    build: async () =>
      postForm("/approvals", {
        intent: "decline",
        requestId: String((await world.freshPending("B1")).id),
        reason: "Matrix",
      }),
  },
  {
    file: "_app.employees._index.tsx",
    kind: "loader",
    what: "GET /employees",
    cells: EMPLOYER_PAGE,
    build: () => get("/employees"),
    check: async ({ actor, text }) => {
      const ids = JSON.parse(text).employees.map((e: { id: number }) => e.id);
      const own = await employeeIdsOf(user(actor)!.companyId!);
      for (const id of ids) expect(own).toContain(id);
    },
  },
  {
    file: "_app.employees.$id.tsx",
    kind: "loader",
    what: "GET /employees/<A1> (another employer's employee is not found)",
    cells: ["auth", 403, 403, 403, 200, 404],
    build: () => ({
      path: `/employees/${world.employeeIds.A1}`,
      params: { id: String(world.employeeIds.A1) },
    }),
  },
  {
    file: "_app.employees.$id.tsx",
    kind: "action",
    what: "POST /employees/<a new employee of A> offboard (owners and admins)",
    cells: ["auth", 403, 403, 403, "→/employees/*", 404],
    team: ["→/employees/*", 403],
    build: async () => {
      const id = String(await newEmployeeOfA());
      return {
        ...postForm(`/employees/${id}`, {
          lastPayDate: isoDay(new Date()),
          confirm: "on",
        }),
        params: { id },
      };
    },
  },
  {
    file: "_app.employees.add.tsx",
    kind: "loader",
    what: "GET /employees/add",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/employees/add"),
  },
  {
    file: "_app.employees.add.tsx",
    kind: "action",
    what: "POST /employees/add (the employee joins the caller's company)",
    cells: ["auth", 403, 403, 403, "→/employees", "→/employees"],
    team: ["→/employees", 403],
    build: () =>
      postForm("/employees/add", {
        username: uniqueName("mx"),
        password: TEST_PASSWORD,
        firstName: "New",
        lastName: "Hire",
        email: "new.hire@example.com",
        employerId: String(world.users.EA.id),
      }),
    check: async ({ actor, built }) => {
      const username = new URLSearchParams(built.init!.form).get("username")!;
      const [row] = await db()
        .select()
        .from(users)
        .where(eq(users.username, username));
      expect(row.companyId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "_app.reports.tsx",
    kind: "loader",
    what: "GET /reports",
    cells: EMPLOYER_PAGE,
    build: () => get("/reports"),
  },
  {
    file: "_app.settings.tsx",
    kind: "loader",
    what: "GET /settings",
    cells: EMPLOYER_PAGE,
    build: () => get("/settings"),
  },
  {
    file: "_app.settings.tsx",
    kind: "action",
    what: "POST /settings (the caller's company only)",
    cells: ["auth", 403, 403, 403, "→/settings", "→/settings"],
    team: ["→/settings", 403],
    build: (actor) => {
      const me = actor === "EB" ? "EB" : "EA";
      return postForm("/settings", {
        companyName: `Co ${MARKERS[me]}`,
        contactEmail: "hr@example.com",
        contactPhone: "555-0100",
        maxAdvance: "500",
        approvalLimit: "200",
      });
    },
  },
  {
    file: "_app.settings.tsx",
    kind: "action",
    what: "POST /settings Sign out other sessions (the caller's own only)",
    cells: ["auth", 403, 403, 403, "→/settings", "→/settings"],
    build: () => postForm("/settings", { intent: "sign-out-others" }),
  },
  {
    file: "_app.settings.tsx",
    kind: "action",
    what: "POST /settings sign out one session of someone else (404)",
    cells: ["auth", 403, 403, 403, 404, 404],
    build: async (actor) => {
      const other = actor === "EA" ? world.users.EB : world.users.EA;
      const [row] = await db()
        .insert(sessions)
        .values({
          tokenHash: `matrix-${actor}-${Date.now()}-${Math.random()}`,
          userId: other.id,
          expiresAt: new Date(Date.now() + 3_600_000),
          idleSeconds: 3600,
        })
        .returning({ id: sessions.id });
      return postForm("/settings", {
        intent: "revoke-session",
        sessionId: String(row.id),
      });
    },
  },
  {
    file: "_app.settings.tsx",
    kind: "action",
    what: "POST /settings start and cancel two-factor set-up (employers only)",
    cells: [
      "auth",
      403,
      403,
      403,
      "→/settings#security",
      "→/settings#security",
    ],
    build: () => postForm("/settings", { intent: "mfa-cancel" }),
  },
  {
    file: "_app.payroll.tsx",
    kind: "loader",
    what: "GET /payroll",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/payroll"),
  },
  {
    file: "_app.payroll.tsx",
    kind: "action",
    what: "POST /payroll run payroll (the caller's company)",
    // Back to /payroll: with the run it submitted (?run=…), or saying nothing was due.
    cells: ["auth", 403, 403, 403, "→/payroll*", "→/payroll*"],
    team: ["→/payroll*", 403],
    build: () => postForm("/payroll", { confirm: "on" }),
  },
  {
    file: "api.payroll-runs.ts",
    kind: "loader",
    what: "GET /api/payroll-runs (the caller's company's)",
    cells: [401, 403, 403, 403, 200, 200],
    team: [200, 403],
    build: () => get("/api/payroll-runs"),
  },
  {
    file: "api.payroll-runs.ts",
    kind: "action",
    what: "POST /api/payroll-runs for a past pay date (the caller's company)",
    cells: [401, 403, 403, 403, 201, 201],
    team: [201, 403],
    build: () => postJson("/api/payroll-runs", { payDate: pastPayDate() }),
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: expect.any(String) });
    },
  },
  {
    file: "api.payroll-runs.$id.ts",
    kind: "loader",
    what: "GET /api/payroll-runs/<A's run>",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const id = String(await runOfA());
      return { ...get(`/api/payroll-runs/${id}`), params: { id } };
    },
  },
  {
    file: "api.payroll-runs.$id.ts",
    kind: "action",
    what: "POST /api/payroll-runs/<id>",
    cells: NOT_ALLOWED,
    build: () => ({ ...postJson("/api/payroll-runs/1"), params: { id: "1" } }),
  },
  {
    file: "api.payroll-runs.$id.results.ts",
    kind: "loader",
    what: "GET /api/payroll-runs/<id>/results",
    cells: NOT_ALLOWED,
    build: () => ({
      ...get("/api/payroll-runs/1/results"),
      params: { id: "1" },
    }),
  },
  {
    file: "api.payroll-runs.$id.results.ts",
    kind: "action",
    what: "POST /api/payroll-runs/<A's run>/results for a deduction not in it (400 where allowed)",
    cells: [401, 403, 403, 403, 400, 404],
    team: [400, 403],
    build: async () => {
      const id = String(await runOfA());
      return {
        ...postJson(`/api/payroll-runs/${id}/results`, {
          results: [{ deductionId: 2_000_000_000, collectedAmount: "1.00" }],
        }),
        params: { id },
      };
    },
  },
  {
    file: "api.pay-schedule.ts",
    kind: "loader",
    what: "GET /api/pay-schedule",
    cells: EMPLOYER_API,
    team: [200, 403],
    build: () => get("/api/pay-schedule"),
  },
  {
    file: "api.pay-schedule.ts",
    kind: "action",
    what: "PUT /api/pay-schedule (the caller's company)",
    cells: [401, 403, 403, 403, 200, 200],
    team: [200, 403],
    build: () => ({
      path: "/api/pay-schedule",
      init: {
        method: "PUT",
        json: {
          frequency: "BIWEEKLY",
          nextPayDate: isoDay(new Date(Date.now() + 15 * 86_400_000)),
        },
      },
    }),
  },
  {
    file: "api.employees.$id.credit-payout.ts",
    kind: "loader",
    what: "GET /api/employees/<id>/credit-payout",
    cells: NOT_ALLOWED,
    build: () => ({
      ...get("/api/employees/1/credit-payout"),
      params: { id: "1" },
    }),
  },
  {
    // An employee still at work with nothing owed back: the owner and admin get 409 (nothing
    // to pay out), refused before anything is written; credits.test.ts pays a leaver's.
    file: "api.employees.$id.credit-payout.ts",
    kind: "action",
    what: "POST /api/employees/<a new employee of A>/credit-payout",
    cells: [401, 403, 403, 403, 409, 404],
    team: [409, 403],
    build: async () => {
      const id = String(await newEmployeeOfA());
      return {
        ...postJson(`/api/employees/${id}/credit-payout`, {}),
        params: { id },
      };
    },
  },
  {
    file: "api.employees.$id.offboard.ts",
    kind: "loader",
    what: "GET /api/employees/<id>/offboard",
    cells: NOT_ALLOWED,
    build: () => ({ ...get("/api/employees/1/offboard"), params: { id: "1" } }),
  },
  {
    file: "api.employees.$id.offboard.ts",
    kind: "action",
    what: "POST /api/employees/<a new employee of A>/offboard",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const id = String(await newEmployeeOfA());
      return {
        ...postJson(`/api/employees/${id}/offboard`, {
          lastPayDate: isoDay(new Date()),
        }),
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ cardsClosed: 0 });
    },
  },
  {
    file: "payroll.export.ts",
    kind: "loader",
    what: "GET /payroll/export (CSV of the caller's employees)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/payroll/export"),
  },

  {
    file: "_app.activity.tsx",
    kind: "loader",
    what: "GET /activity (the caller's company's audit trail)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/activity"),
  },
  {
    file: "_app.activity.tsx",
    kind: "loader",
    what: "GET /activity filtered on another company's employee (shows nothing of theirs)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: (actor) =>
      get(`/activity?employee=${user(actor === "EB" ? "A1" : "B1")!.id}`),
  },
  {
    file: "activity[.]csv.ts",
    kind: "loader",
    what: "GET /activity.csv (the caller's company's audit trail as CSV)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/activity.csv"),
  },

  {
    file: "_app.reports_.regulator.tsx",
    kind: "loader",
    what: "GET /reports/regulator (the owner's company's figures)",
    cells: EMPLOYER_PAGE,
    team: [403, 403],
    build: () => get("/reports/regulator?from=2025-01-01&to=2026-01-01"),
  },
  {
    file: "reports.regulator[.]csv.ts",
    kind: "loader",
    what: "GET /reports/regulator.csv (the owner's company's figures as CSV)",
    cells: EMPLOYER_PAGE,
    team: [403, 403],
    build: () => get("/reports/regulator.csv?from=2025-01-01&to=2026-01-01"),
  },

  // ---- Complaints ------------------------------------------------------------------------------
  {
    file: "_app.complaints.tsx",
    kind: "loader",
    what: "GET /complaints (the caller's own complaints)",
    cells: EMPLOYEE_PAGE,
    build: () => get("/complaints"),
  },
  {
    file: "_app.complaints.tsx",
    kind: "action",
    what: "POST /complaints file a complaint",
    cells: ["auth", "→/complaints", "→/complaints", "→/complaints", 403, 403],
    build: () =>
      postForm("/complaints", { category: "OTHER", details: "Matrix" }),
  },
  {
    file: "_app.complaint-queue.tsx",
    kind: "loader",
    what: "GET /complaint-queue (the caller's company's complaints)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/complaint-queue"),
  },
  {
    file: "_app.complaint-queue.tsx",
    kind: "action",
    what: "POST /complaint-queue start the review of A1's complaint",
    cells: ["auth", 403, 403, 403, "→/complaint-queue", 404],
    team: ["→/complaint-queue", 403],
    build: async () => {
      const c = await fileComplaint(world.users.A1, {
        category: "ADVANCE",
        details: "Matrix",
      });
      return postForm("/complaint-queue", {
        intent: "review",
        complaintId: String(c.id),
      });
    },
  },
  {
    file: "api.complaints.ts",
    kind: "loader",
    what: "GET /api/complaints (own complaints only)",
    cells: EMPLOYEE_API,
    build: () => get("/api/complaints"),
  },
  {
    file: "api.complaints.ts",
    kind: "action",
    what: "POST /api/complaints",
    cells: [401, 201, 201, 201, 403, 403],
    build: () =>
      postJson("/api/complaints", { category: "OTHER", details: "Matrix" }),
  },
  {
    file: "api.company-complaints.ts",
    kind: "loader",
    what: "GET /api/company-complaints",
    cells: EMPLOYER_API,
    team: [200, 403],
    build: () => get("/api/company-complaints"),
  },
  {
    file: "api.company-complaints.ts",
    kind: "action",
    what: "POST /api/company-complaints",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/company-complaints"),
  },
  {
    file: "api.company-complaints.$id.review.ts",
    kind: "loader",
    what: "GET /api/company-complaints/<id>/review",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/company-complaints/1/review",
      params: { id: "1" },
    }),
  },
  {
    file: "api.company-complaints.$id.review.ts",
    kind: "action",
    what: "POST /api/company-complaints/<A1's>/review",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const c = await fileComplaint(world.users.A1, {
        category: "DEDUCTION",
        details: "Matrix",
      });
      const id = String(c.id);
      return {
        ...postJson(`/api/company-complaints/${id}/review`),
        params: { id },
      };
    },
  },
  {
    file: "api.company-complaints.$id.resolve.ts",
    kind: "loader",
    what: "GET /api/company-complaints/<id>/resolve",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/company-complaints/1/resolve",
      params: { id: "1" },
    }),
  },
  {
    file: "api.company-complaints.$id.resolve.ts",
    kind: "action",
    what: "POST /api/company-complaints/<A1's>/resolve",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const c = await fileComplaint(world.users.A1, {
        category: "CARD_PURCHASE",
        details: "Matrix",
      });
      const id = String(c.id);
      return {
        ...postJson(`/api/company-complaints/${id}/resolve`, {
          resolution: "Done",
        }),
        params: { id },
      };
    },
  },

  // ---- Companies: invitations and the team ---------------------------------------------------
  {
    file: "_app.employees.invite.tsx",
    kind: "loader",
    what: "GET /employees/invite",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/employees/invite"),
  },
  {
    file: "_app.employees.invite.tsx",
    kind: "action",
    what: "POST /employees/invite (an invitation from the caller's company)",
    cells: ["auth", 403, 403, 403, "→/employees", "→/employees"],
    team: ["→/employees", 403],
    build: () =>
      postForm("/employees/invite", {
        intent: "invite",
        email: `${uniqueName("inv")}@example.com`,
        firstName: "Ivy",
        lastName: "Invited",
      }),
    check: async ({ actor, built }) => {
      const email = new URLSearchParams(built.init!.form).get("email")!;
      const [row] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.email, email));
      expect(row.companyId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "_app.employees.invite.tsx",
    kind: "action",
    what: "POST /employees/invite revoke company B's invitation (told; only B's own team can)",
    cells: ["auth", 403, 403, 403, "→/employees", "→/employees"],
    team: ["→/employees", 403],
    build: async () => {
      const row = await inviteEmployee(world.users.EB, {
        email: `${uniqueName("binv")}@example.com`,
        firstName: "Bea",
        lastName: MARKERS.EB,
      });
      return postForm("/employees/invite", {
        intent: "revoke-invitation",
        invitationId: String(row.id),
      });
    },
    check: async ({ actor, built }) => {
      const id = Number(
        new URLSearchParams(built.init!.form).get("invitationId"),
      );
      const [row] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.id, id));
      expect(row.status).toBe(actor === "EB" ? "REVOKED" : "PENDING");
    },
  },
  {
    file: "_app.employees.import._index.tsx",
    kind: "loader",
    what: "GET /employees/import (the caller's company's imports)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/employees/import"),
  },
  {
    file: "_app.employees.import._index.tsx",
    kind: "action",
    what: "POST /employees/import a form with no file (told; nothing written)",
    cells: ["auth", 403, 403, 403, 400, 400],
    team: [400, 403],
    build: () => postForm("/employees/import", { roster: "" }),
  },
  {
    file: "_app.employees.import.$id.tsx",
    kind: "loader",
    what: "GET /employees/import/<B's import> (only B's team)",
    cells: ["auth", 403, 403, 403, 404, 200],
    team: [404, 403],
    build: async () => {
      const row = await previewRoster(
        world.users.EB,
        "b.csv",
        new TextEncoder().encode(
          `First name,Last name,Email\nBo,${MARKERS.B1},${uniqueName("bimp")}@example.com\n`,
        ),
      );
      return {
        path: `/employees/import/${row.id}`,
        params: { id: String(row.id) },
      };
    },
  },
  {
    file: "_app.employees.import.$id.tsx",
    kind: "action",
    what: "POST /employees/import/<B's import> confirm (only B's team)",
    cells: ["auth", 403, 403, 403, 404, "→/employees/import/*"],
    team: [404, 403],
    build: async () => {
      const row = await previewRoster(
        world.users.EB,
        "b.csv",
        new TextEncoder().encode(
          `First name,Last name,Email\nBo,Imp,${uniqueName("bimp")}@example.com\n`,
        ),
      );
      return {
        ...postForm(`/employees/import/${row.id}`, {}),
        params: { id: String(row.id) },
      };
    },
  },
  {
    file: "_app.settings_.payroll.tsx",
    kind: "loader",
    what: "GET /settings/payroll (owners and admins; approvers refused)",
    cells: EMPLOYER_PAGE,
    team: [200, 403],
    build: () => get("/settings/payroll"),
  },
  {
    file: "_app.settings_.payroll.tsx",
    kind: "action",
    what: "POST /settings/payroll connect (owners only; told the feature is off here)",
    cells: ["auth", 403, 403, 403, "→/settings/payroll", "→/settings/payroll"],
    team: [403, 403],
    build: () => postForm("/settings/payroll", { intent: "connect" }),
  },
  {
    file: "settings.payroll.callback.ts",
    kind: "loader",
    what: "GET /settings/payroll/callback without a state (owners only; refused, told)",
    cells: ["auth", 403, 403, 403, "→/settings/payroll", "→/settings/payroll"],
    team: [403, 403],
    build: () => get("/settings/payroll/callback?code=forged"),
  },
  {
    file: "_app.settings_.api.tsx",
    kind: "loader",
    what: "GET /settings/api (owners only)",
    cells: EMPLOYER_PAGE,
    team: [403, 403],
    build: () => get("/settings/api"),
  },
  {
    file: "_app.settings_.api.tsx",
    kind: "action",
    what: "POST /settings/api create a key (owners only; the secret in the answer)",
    cells: ["auth", 403, 403, 403, 200, 200],
    team: [403, 403],
    build: () =>
      postForm("/settings/api", {
        intent: "create-key",
        name: uniqueName("pagekey"),
        scopes: "employees:read",
      }),
    check: ({ text }) => {
      expect(JSON.parse(text).created.key).toMatch(/^ga_/);
    },
  },
  {
    file: "_app.settings_.api.tsx",
    kind: "action",
    what: "POST /settings/api revoke another company's key (told; nothing changes)",
    cells: ["auth", 403, 403, 403, "→/settings/api", "→/settings/api"],
    team: [403, 403],
    build: async (actor) => {
      const other = actor === "EB" ? world.users.EA : world.users.EB;
      const created = await createApiKey(other, {
        name: uniqueName("theirs"),
        scopes: ["employees:read"],
      });
      return postForm("/settings/api", {
        intent: "revoke-key",
        keyId: String(created.id),
      });
    },
    check: async ({ built }) => {
      const id = Number(new URLSearchParams(built.init!.form).get("keyId"));
      const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
      expect(row.revokedAt).toBeNull();
    },
  },
  {
    file: "_app.settings_.api_.webhooks.$id.tsx",
    kind: "loader",
    what: "GET /settings/api/webhooks/<A's endpoint> (owners only; another company's is not found)",
    cells: ["auth", 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("page"));
      return { path: `/settings/api/webhooks/${id}`, params: { id } };
    },
  },
  {
    file: "_app.settings_.api_.webhooks.$id.tsx",
    kind: "action",
    what: "POST /settings/api/webhooks/<A's endpoint> send a test event (owners only)",
    cells: ["auth", 403, 403, 403, "→/settings/api/*", 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("page-test"));
      return {
        ...postForm(`/settings/api/webhooks/${id}`, { intent: "send-test" }),
        params: { id },
      };
    },
  },
  {
    file: "_app.settings_.team.tsx",
    kind: "loader",
    what: "GET /settings/team (owners only)",
    cells: EMPLOYER_PAGE,
    team: [403, 403],
    build: () => get("/settings/team"),
  },
  {
    file: "_app.settings_.team.tsx",
    kind: "action",
    what: "POST /settings/team invite a colleague (owners only)",
    cells: ["auth", 403, 403, 403, "→/settings/team", "→/settings/team"],
    team: [403, 403],
    build: () =>
      postForm("/settings/team", {
        intent: "invite-member",
        email: `${uniqueName("col")}@example.com`,
        role: "APPROVER",
      }),
  },
  {
    file: "_app.settings_.team.tsx",
    kind: "action",
    what: "POST /settings/team change the role of another company's owner (told; nothing changes)",
    cells: ["auth", 403, 403, 403, "→/settings/team", "→/settings/team"],
    team: [403, 403],
    build: (actor) =>
      postForm("/settings/team", {
        intent: "change-role",
        memberId: String((actor === "EB" ? world.users.EA : world.users.EB).id),
        role: "APPROVER",
      }),
    check: async () => {
      const rows = await db()
        .select({ role: users.companyRole })
        .from(users)
        .where(inArray(users.id, [world.users.EA.id, world.users.EB.id]));
      expect(rows.map((r) => r.role)).toEqual(["OWNER", "OWNER"]);
    },
  },
  {
    file: "join.tsx",
    kind: "loader",
    what: "GET /join without a link (public: says the link does not work)",
    cells: PUBLIC,
    build: () => get("/join"),
    check: ({ text }) => {
      expect(JSON.parse(text).invitation).toEqual({ state: "unknown" });
    },
  },
  {
    file: "join.tsx",
    kind: "action",
    what: "POST /join create an account without a live link (400)",
    cells: everyone(400),
    build: () =>
      postForm("/join", {
        intent: "create",
        username: uniqueName("joiner"),
        password: TEST_PASSWORD,
        firstName: "Jo",
        lastName: "Iner",
      }),
  },
  {
    file: "join.$token.tsx",
    kind: "loader",
    what: "GET /join/<token> (public: the token moves to a cookie, → /join)",
    cells: everyone("→/join"),
    build: () => ({
      path: "/join/not-a-real-token",
      params: { token: "not-a-real-token" },
    }),
  },
  {
    file: "api.invitations.ts",
    kind: "loader",
    what: "GET /api/invitations (the caller's company's)",
    cells: EMPLOYER_API,
    team: [200, 403],
    build: () => get("/api/invitations"),
    check: async ({ actor, text }) => {
      const ids = (JSON.parse(text) as Array<{ id: number }>).map((i) => i.id);
      if (ids.length === 0) return;
      const rows = await db()
        .select({ companyId: invitations.companyId })
        .from(invitations)
        .where(inArray(invitations.id, ids));
      for (const row of rows)
        expect(row.companyId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "api.invitations.ts",
    kind: "action",
    what: "POST /api/invitations (for the caller's company)",
    cells: [401, 403, 403, 403, 201, 201],
    team: [201, 403],
    build: () =>
      postJson("/api/invitations", {
        email: `${uniqueName("apiinv")}@example.com`,
        firstName: "Ina",
        lastName: "Api",
      }),
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "PENDING" });
    },
  },
  {
    file: "api.invitations.$id.ts",
    kind: "loader",
    what: "GET /api/invitations/<A's invitation>",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const row = await inviteEmployee(world.users.EA, {
        email: `${uniqueName("ainv")}@example.com`,
        firstName: "Al",
        lastName: MARKERS.EA,
      });
      const id = String(row.id);
      return { ...get(`/api/invitations/${id}`), params: { id } };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "PENDING" });
    },
  },
  {
    file: "api.invitations.$id.ts",
    kind: "action",
    what: "POST /api/invitations/<id>",
    cells: NOT_ALLOWED,
    build: () => ({ ...postJson("/api/invitations/1"), params: { id: "1" } }),
  },
  {
    file: "api.invitations.$id.resend.ts",
    kind: "loader",
    what: "GET /api/invitations/<id>/resend",
    cells: NOT_ALLOWED,
    build: () => ({ path: "/api/invitations/1/resend", params: { id: "1" } }),
  },
  {
    file: "api.invitations.$id.resend.ts",
    kind: "action",
    what: "POST /api/invitations/<A's pending>/resend",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const row = await inviteEmployee(world.users.EA, {
        email: `${uniqueName("ainv")}@example.com`,
        firstName: "Al",
        lastName: MARKERS.EA,
      });
      const id = String(row.id);
      return { ...postJson(`/api/invitations/${id}/resend`), params: { id } };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "PENDING" });
    },
  },
  {
    file: "api.invitations.$id.revoke.ts",
    kind: "loader",
    what: "GET /api/invitations/<id>/revoke",
    cells: NOT_ALLOWED,
    build: () => ({ path: "/api/invitations/1/revoke", params: { id: "1" } }),
  },
  {
    file: "api.invitations.$id.revoke.ts",
    kind: "action",
    what: "POST /api/invitations/<A's pending>/revoke",
    cells: [401, 403, 403, 403, 200, 404],
    team: [200, 403],
    build: async () => {
      const row = await inviteEmployee(world.users.EA, {
        email: `${uniqueName("ainv")}@example.com`,
        firstName: "Al",
        lastName: MARKERS.EA,
      });
      const id = String(row.id);
      return { ...postJson(`/api/invitations/${id}/revoke`), params: { id } };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "REVOKED" });
    },
  },

  // ---- API keys (owners only; a key cannot manage keys) ----------------------------------------
  {
    file: "api.api-keys.($id).ts",
    kind: "loader",
    what: "GET /api/api-keys (the caller's company's)",
    cells: EMPLOYER_API,
    team: [403, 403],
    build: () => get("/api/api-keys"),
    check: async ({ actor, text }) => {
      const ids = (JSON.parse(text) as Array<{ id: number }>).map((k) => k.id);
      expect(text).not.toMatch(/"key"/);
      if (ids.length === 0) return;
      const rows = await db()
        .select({ companyId: apiKeys.companyId })
        .from(apiKeys)
        .where(inArray(apiKeys.id, ids));
      for (const row of rows)
        expect(row.companyId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "api.api-keys.($id).ts",
    kind: "action",
    what: "POST /api/api-keys (for the caller's company)",
    cells: [401, 403, 403, 403, 201, 201],
    team: [403, 403],
    build: () =>
      postJson("/api/api-keys", {
        name: uniqueName("matrix"),
        scopes: ["employees:read"],
      }),
    check: ({ text }) => {
      expect(JSON.parse(text).key).toMatch(/^ga_/);
    },
  },
  {
    file: "api.api-keys.($id).ts",
    kind: "loader",
    what: "GET /api/api-keys/<id>",
    cells: NOT_ALLOWED,
    build: () => ({ path: "/api/api-keys/1", params: { id: "1" } }),
  },
  {
    file: "api.api-keys.($id).ts",
    kind: "action",
    what: "DELETE /api/api-keys/<A's key>",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      const created = await createApiKey(world.users.EA, {
        name: uniqueName("doomed"),
        scopes: ["employees:read"],
      });
      const id = String(created.id);
      return {
        path: `/api/api-keys/${id}`,
        init: { method: "DELETE" },
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text).revokedAt).toEqual(expect.any(String));
    },
  },

  // ---- Webhook endpoints (owners, or a key with webhooks:write) -----------------------------
  {
    file: "api.webhook-endpoints.($id).ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints (the caller's company's)",
    cells: EMPLOYER_API,
    team: [403, 403],
    build: () => get("/api/webhook-endpoints"),
    check: async ({ actor, text }) => {
      expect(text).not.toMatch(/"secret"/);
      const ids = (JSON.parse(text) as Array<{ id: number }>).map((e) => e.id);
      if (ids.length === 0) return;
      const rows = await db()
        .select({ companyId: webhookEndpoints.companyId })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, ids));
      for (const row of rows)
        expect(row.companyId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "api.webhook-endpoints.($id).ts",
    kind: "action",
    what: "POST /api/webhook-endpoints (for the caller's company)",
    cells: [401, 403, 403, 403, 201, 201],
    team: [403, 403],
    build: async () => {
      await roomForEndpoints();
      return postJson("/api/webhook-endpoints", {
        url: "https://hooks.example.com/grocery",
        events: ["advance_request.created"],
      });
    },
    check: ({ text }) => {
      expect(JSON.parse(text).secret).toMatch(/^whsec_/);
    },
  },
  {
    file: "api.webhook-endpoints.($id).ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<id>",
    cells: NOT_ALLOWED,
    build: () => ({ path: "/api/webhook-endpoints/1", params: { id: "1" } }),
  },
  {
    file: "api.webhook-endpoints.($id).ts",
    kind: "action",
    what: "DELETE /api/webhook-endpoints/<A's endpoint>",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      await roomForEndpoints();
      const created = await createWebhookEndpoint(world.users.EA, {
        url: "https://hooks.example.com/a",
        events: ["card.issued"],
      });
      const id = String(created.id);
      return {
        path: `/api/webhook-endpoints/${id}`,
        init: { method: "DELETE" },
        params: { id },
      };
    },
  },
  {
    file: "api.webhook-endpoints.$id.enable.ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<id>/enable",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/webhook-endpoints/1/enable",
      params: { id: "1" },
    }),
  },
  {
    file: "api.webhook-endpoints.$id.enable.ts",
    kind: "action",
    what: "POST /api/webhook-endpoints/<A's disabled endpoint>/enable",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      await roomForEndpoints();
      const created = await createWebhookEndpoint(world.users.EA, {
        url: "https://hooks.example.com/disabled",
        events: ["card.issued"],
      });
      await db()
        .update(webhookEndpoints)
        .set({ disabledAt: new Date(), consecutiveFailures: 10 })
        .where(eq(webhookEndpoints.id, created.id));
      const id = String(created.id);
      return {
        ...postJson(`/api/webhook-endpoints/${id}/enable`),
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        disabledAt: null,
        disabledReason: null,
      });
    },
  },

  {
    file: "api.webhook-endpoints.($id).ts",
    kind: "action",
    what: "PATCH /api/webhook-endpoints/<A's endpoint>",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("patched"));
      return {
        path: `/api/webhook-endpoints/${id}`,
        init: { method: "PATCH", json: { description: "Changed" } },
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text).description).toBe("Changed");
    },
  },
  {
    file: "api.webhook-endpoints.$id.deliveries.ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<A's endpoint>/deliveries",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("log"));
      return {
        path: `/api/webhook-endpoints/${id}/deliveries`,
        params: { id },
      };
    },
  },
  {
    file: "api.webhook-endpoints.$id.deliveries.ts",
    kind: "action",
    what: "POST /api/webhook-endpoints/<id>/deliveries",
    cells: NOT_ALLOWED,
    build: () => ({
      ...postJson("/api/webhook-endpoints/1/deliveries"),
      params: { id: "1" },
    }),
  },
  {
    file: "api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver.ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<id>/deliveries/<id>/redeliver",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/webhook-endpoints/1/deliveries/1/redeliver",
      params: { id: "1", deliveryId: "1" },
    }),
  },
  {
    file: "api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver.ts",
    kind: "action",
    what: "POST /api/webhook-endpoints/<A's endpoint>/deliveries/<its ping>/redeliver",
    cells: [401, 403, 403, 403, 201, 404],
    team: [403, 403],
    build: async () => {
      const endpoint = await endpointOfA("redeliver");
      const ping = await sendTestWebhook(world.users.EA, endpoint);
      const id = String(endpoint);
      const deliveryId = String(ping.id);
      return {
        ...postJson(
          `/api/webhook-endpoints/${id}/deliveries/${deliveryId}/redeliver`,
        ),
        params: { id, deliveryId },
      };
    },
  },
  {
    file: "api.webhook-endpoints.$id.[test].ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<id>/test",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/webhook-endpoints/1/test",
      params: { id: "1" },
    }),
  },
  {
    file: "api.webhook-endpoints.$id.[test].ts",
    kind: "action",
    what: "POST /api/webhook-endpoints/<A's endpoint>/test",
    cells: [401, 403, 403, 403, 201, 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("ping"));
      return {
        ...postJson(`/api/webhook-endpoints/${id}/test`),
        params: { id },
      };
    },
  },
  {
    file: "api.webhook-endpoints.$id.rotate-secret.ts",
    kind: "loader",
    what: "GET /api/webhook-endpoints/<id>/rotate-secret",
    cells: NOT_ALLOWED,
    build: () => ({
      path: "/api/webhook-endpoints/1/rotate-secret",
      params: { id: "1" },
    }),
  },
  {
    file: "api.webhook-endpoints.$id.rotate-secret.ts",
    kind: "action",
    what: "POST /api/webhook-endpoints/<A's endpoint>/rotate-secret",
    cells: [401, 403, 403, 403, 200, 404],
    team: [403, 403],
    build: async () => {
      const id = String(await endpointOfA("rotate"));
      return {
        ...postJson(`/api/webhook-endpoints/${id}/rotate-secret`),
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text).secret).toMatch(/^whsec_/);
    },
  },

  // ---- Session API ---------------------------------------------------------------------------
  {
    file: "api.user.ts",
    kind: "loader",
    what: "GET /api/user (the caller)",
    cells: SIGNED_IN_API,
    build: () => get("/api/user"),
    check: ({ actor, text }) => {
      const body = JSON.parse(text);
      expect(body.id).toBe(user(actor)!.id);
      expect(body).not.toHaveProperty("password");
    },
  },
  {
    file: "api.user.ts",
    kind: "action",
    what: "POST /api/user",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/user"),
  },
  {
    file: "api.login.ts",
    kind: "loader",
    what: "GET /api/login",
    cells: NOT_ALLOWED,
    build: () => get("/api/login"),
  },
  {
    file: "api.login.ts",
    kind: "action",
    what: "POST /api/login as A1 (public)",
    cells: PUBLIC,
    viewer: "A1",
    build: () =>
      postJson("/api/login", {
        username: world.users.A1.username,
        password: TEST_PASSWORD,
      }),
  },
  {
    file: "api.logout.ts",
    kind: "loader",
    what: "GET /api/logout",
    cells: NOT_ALLOWED,
    build: () => get("/api/logout"),
  },
  {
    file: "api.logout.ts",
    kind: "action",
    what: "POST /api/logout",
    cells: PUBLIC,
    build: () => postJson("/api/logout"),
  },
  {
    file: "api.register.ts",
    kind: "loader",
    what: "GET /api/register",
    cells: NOT_ALLOWED,
    build: () => get("/api/register"),
  },
  {
    file: "api.register.ts",
    kind: "action",
    what: "POST /api/register self-registration (public)",
    cells: everyone(201),
    build: () =>
      postJson("/api/register", {
        username: uniqueName("self"),
        password: TEST_PASSWORD,
        firstName: "Sam",
        lastName: "Self",
        email: "sam@example.com",
        role: "EMPLOYEE",
      }),
  },
  {
    file: "api.register.ts",
    kind: "action",
    what: "POST /api/register with employerId = B (an employer adds to their own company)",
    cells: [401, 403, 403, 403, 201, 201],
    team: [201, 403],
    build: () =>
      postJson("/api/register", {
        username: uniqueName("added"),
        password: TEST_PASSWORD,
        firstName: "Ada",
        lastName: "Added",
        email: "ada@example.com",
        employerId: world.users.EB.id,
      }),
    check: ({ actor, text }) => {
      expect(JSON.parse(text).employerId).toBe(user(actor)!.companyId);
    },
  },
  {
    file: "api.events.ts",
    kind: "loader",
    what: "GET /api/events (the caller's own stream)",
    cells: SIGNED_IN_API,
    build: () => get("/api/events"),
    stream: true,
  },
  {
    file: "api.events.ts",
    kind: "action",
    what: "POST /api/events",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/events"),
  },

  // ---- Employee API --------------------------------------------------------------------------
  {
    file: "api.employee.ts",
    kind: "loader",
    what: "GET /api/employee",
    cells: EMPLOYEE_API,
    build: () => get("/api/employee"),
    check: ({ actor, text }) => {
      expect(JSON.parse(text).id).toBe(ownEmployeeId(actor));
    },
  },
  {
    file: "api.employee.ts",
    kind: "action",
    what: "POST /api/employee",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/employee"),
  },
  {
    file: "api.advance-quote.ts",
    kind: "loader",
    what: "GET /api/advance-quote?amount=300",
    cells: EMPLOYEE_API,
    build: () => get("/api/advance-quote?amount=300&repaymentPeriods=2"),
  },
  {
    file: "api.advance-quote.ts",
    kind: "action",
    what: "POST /api/advance-quote",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/advance-quote"),
  },
  {
    file: "api.advance-requests.employee.ts",
    kind: "loader",
    what: "GET /api/advance-requests/employee (own requests only)",
    cells: EMPLOYEE_API,
    build: () => get("/api/advance-requests/employee"),
    check: async ({ actor, text }) => {
      const items = JSON.parse(text) as { id: number; employeeId: number }[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items)
        expect(item.employeeId).toBe(ownEmployeeId(actor));
      await onlyOwnRequests(actor, items);
      if (actor === "A2") {
        const ids = items.map((i) => i.id);
        expect(ids).not.toContain(world.requests.A1.pending.id);
        expect(ids).not.toContain(world.requests.A1.approved.id);
      }
    },
  },
  {
    file: "api.advance-requests.employee.ts",
    kind: "action",
    what: "POST /api/advance-requests/employee",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/advance-requests/employee"),
  },
  {
    file: "api.payroll-deductions.upcoming.ts",
    kind: "loader",
    what: "GET /api/payroll-deductions/upcoming",
    cells: EMPLOYEE_API,
    build: () => get("/api/payroll-deductions/upcoming"),
    check: async ({ actor, text }) => {
      const items = JSON.parse(text) as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      const own = await db()
        .select({ id: advanceRequests.id })
        .from(advanceRequests)
        .where(eq(advanceRequests.employeeId, ownEmployeeId(actor)));
      const { payrollDeductions } = await import("#db/schema");
      const rows = await db()
        .select({ requestId: payrollDeductions.requestId })
        .from(payrollDeductions)
        .where(
          inArray(
            payrollDeductions.id,
            items.map((i) => i.id),
          ),
        );
      for (const row of rows)
        expect(own.map((r) => r.id)).toContain(row.requestId);
    },
  },
  {
    file: "api.payroll-deductions.upcoming.ts",
    kind: "action",
    what: "POST /api/payroll-deductions/upcoming",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/payroll-deductions/upcoming"),
  },
  {
    file: "api.virtual-cards.ts",
    kind: "loader",
    what: "GET /api/virtual-cards (own cards only)",
    cells: EMPLOYEE_API,
    build: () => get("/api/virtual-cards"),
    check: ({ actor, text }) => {
      const cards = JSON.parse(text) as { spendingLimits: string }[];
      expect(cards).toHaveLength(1);
      expect(cards[0].spendingLimits).toContain(MARKERS[actor as "A1"]);
    },
  },
  {
    file: "api.virtual-cards.ts",
    kind: "action",
    what: "POST /api/virtual-cards",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/virtual-cards"),
  },
  {
    file: "_app.cards.$id.tsx",
    kind: "loader",
    what: "GET /cards/:id of A1's card (anyone else's card is a 404)",
    cells: ["auth", 200, 404, 404, 403, 403],
    build: async () => {
      const id = await cardOfA1();
      return { path: `/cards/${id}`, params: { id: String(id) } };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ limit: "$200.00" });
    },
  },
  {
    file: "_app.cards.$id.tsx",
    kind: "action",
    // A1's success is a redirect to /cards/<id>?purchase=<id> (card-authorizations.test.ts);
    // here an amount it refuses shows that A1 reaches the form and nobody else does.
    what: "POST /cards/:id simulate a purchase on A1's card (amount refused)",
    cells: ["auth", 400, 404, 404, 403, 403],
    build: async () => {
      const id = await cardOfA1();
      return {
        ...postForm(`/cards/${id}`, {
          intent: "simulate",
          amount: "-1",
          merchantName: "Matrix Market",
          merchantCategory: "grocery_stores_supermarkets",
        }),
        params: { id: String(id) },
      };
    },
  },
  {
    file: "api.sandbox.card-authorizations.ts",
    kind: "loader",
    what: "GET /api/sandbox/card-authorizations",
    cells: NOT_ALLOWED,
    build: () => get("/api/sandbox/card-authorizations"),
  },
  {
    file: "api.sandbox.card-authorizations.ts",
    kind: "action",
    what: "POST /api/sandbox/card-authorizations on A1's card",
    cells: OWN_CARD_API,
    build: async () =>
      postJson("/api/sandbox/card-authorizations", {
        cardId: await cardOfA1(),
        amount: "1.00",
        merchantName: "Matrix Market",
        merchantCategory: "grocery_stores_supermarkets",
      }),
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ approved: true, reason: null });
    },
  },
  {
    file: "api.virtual-cards.$id.freeze.ts",
    kind: "loader",
    what: "GET /api/virtual-cards/:id/freeze",
    cells: NOT_ALLOWED,
    build: () => get("/api/virtual-cards/1/freeze"),
  },
  {
    file: "api.virtual-cards.$id.freeze.ts",
    kind: "action",
    what: "POST /api/virtual-cards/:id/freeze of A1's card",
    cells: OWN_CARD_API,
    build: async () => {
      const id = await cardOfA1();
      return {
        ...postJson(`/api/virtual-cards/${id}/freeze`),
        params: { id: String(id) },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "frozen" });
    },
  },
  {
    file: "api.virtual-cards.$id.ephemeral-key.ts",
    kind: "loader",
    what: "GET /api/virtual-cards/:id/ephemeral-key",
    cells: NOT_ALLOWED,
    build: () => get("/api/virtual-cards/1/ephemeral-key"),
  },
  {
    file: "api.virtual-cards.$id.ephemeral-key.ts",
    kind: "action",
    what: "POST /api/virtual-cards/:id/ephemeral-key of A1's card",
    cells: OWN_CARD_STRIPE_ONLY,
    build: async () => {
      const id = await cardOfA1();
      return {
        ...postJson(`/api/virtual-cards/${id}/ephemeral-key`, {
          nonce: "ephkn_pub_matrix",
        }),
        params: { id: String(id) },
      };
    },
  },
  {
    file: "api.virtual-cards.$id.close.ts",
    kind: "loader",
    what: "GET /api/virtual-cards/:id/close",
    cells: NOT_ALLOWED,
    build: () => get("/api/virtual-cards/1/close"),
  },
  {
    file: "api.virtual-cards.$id.close.ts",
    kind: "action",
    what: "POST /api/virtual-cards/:id/close of a fresh card of A1",
    cells: OWN_CARD_API,
    build: async () => {
      const id = await freshCardOfA1();
      return {
        ...postJson(`/api/virtual-cards/${id}/close`),
        params: { id: String(id) },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        status: "closed",
        remainingBalance: "0.00",
      });
    },
  },
  {
    file: "api.virtual-cards.$id.unfreeze.ts",
    kind: "loader",
    what: "GET /api/virtual-cards/:id/unfreeze",
    cells: NOT_ALLOWED,
    build: () => get("/api/virtual-cards/1/unfreeze"),
  },
  {
    file: "api.virtual-cards.$id.unfreeze.ts",
    kind: "action",
    what: "POST /api/virtual-cards/:id/unfreeze of A1's card",
    cells: OWN_CARD_API,
    build: async () => {
      const id = await cardOfA1();
      return {
        ...postJson(`/api/virtual-cards/${id}/unfreeze`),
        params: { id: String(id) },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({ status: "active" });
    },
  },
  {
    file: "api.advance-requests.ts",
    kind: "loader",
    what: "GET /api/advance-requests",
    cells: NOT_ALLOWED,
    build: () => get("/api/advance-requests"),
  },
  {
    file: "api.advance-requests.ts",
    kind: "action",
    what: "POST /api/advance-requests (no employeeId)",
    cells: [401, 201, 201, 201, 403, 403],
    build: async (actor) => {
      await roomToRequest(actor);
      return postJson("/api/advance-requests", {
        amount: "200.00",
        reason: null,
        repaymentPeriods: 1,
      });
    },
    check: ({ actor, text }) => {
      expect(JSON.parse(text).employeeId).toBe(ownEmployeeId(actor));
    },
  },
  {
    file: "api.advance-requests.ts",
    kind: "action",
    what: "POST /api/advance-requests with A1's employeeId",
    cells: [401, 201, 403, 403, 403, 403],
    build: async (actor) => {
      await roomToRequest(actor);
      return postJson("/api/advance-requests", {
        employeeId: world.employeeIds.A1,
        amount: "200.00",
        reason: null,
        repaymentPeriods: 1,
      });
    },
  },

  // ---- Employer API --------------------------------------------------------------------------
  {
    file: "api.employees.ts",
    kind: "loader",
    what: "GET /api/employees (own employees only)",
    cells: EMPLOYER_API,
    build: () => get("/api/employees"),
    check: async ({ actor, text }) => {
      const ids = (JSON.parse(text) as { id: number }[]).map((e) => e.id);
      const own = await employeeIdsOf(user(actor)!.companyId!);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(own).toContain(id);
    },
  },
  {
    file: "api.employees.ts",
    kind: "action",
    what: "POST /api/employees",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/employees"),
  },
  {
    file: "api.advance-requests.pending.ts",
    kind: "loader",
    what: "GET /api/advance-requests/pending (own employees' only)",
    cells: EMPLOYER_API,
    build: () => get("/api/advance-requests/pending"),
    check: async ({ actor, text }) => {
      const items = JSON.parse(text) as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      await onlyOwnRequests(actor, items);
    },
  },
  {
    file: "api.advance-requests.pending.ts",
    kind: "action",
    what: "POST /api/advance-requests/pending",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/advance-requests/pending"),
  },
  {
    file: "api.advance-requests.all.ts",
    kind: "loader",
    what: "GET /api/advance-requests/all (own employees' only)",
    cells: EMPLOYER_API,
    build: () => get("/api/advance-requests/all"),
    check: async ({ actor, text }) => {
      const items = JSON.parse(text) as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      await onlyOwnRequests(actor, items);
    },
  },
  {
    file: "api.advance-requests.all.ts",
    kind: "action",
    what: "POST /api/advance-requests/all",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/advance-requests/all"),
  },
  {
    file: "api.employer.advance-requests.ts",
    kind: "loader",
    what: "GET /api/employer/advance-requests (own employees' only)",
    cells: EMPLOYER_API,
    build: () => get("/api/employer/advance-requests"),
    check: async ({ actor, text }) => {
      const items = JSON.parse(text) as { id: number }[];
      expect(items.length).toBeGreaterThan(0);
      await onlyOwnRequests(actor, items);
    },
  },
  {
    file: "api.employer.advance-requests.ts",
    kind: "action",
    what: "POST /api/employer/advance-requests",
    cells: NOT_ALLOWED,
    build: () => postJson("/api/employer/advance-requests"),
  },
  {
    file: "api.advance-requests.$id.ts",
    kind: "loader",
    what: "GET /api/advance-requests/<A1's pending>",
    cells: [401, 200, 404, 404, 200, 404],
    team: [200, 200],
    build: () => {
      const id = String(world.requests.A1.pending.id);
      return { ...get(`/api/advance-requests/${id}`), params: { id } };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        id: world.requests.A1.pending.id,
      });
    },
  },
  {
    file: "api.advance-requests.$id.ts",
    kind: "action",
    what: "POST /api/advance-requests/<id>",
    cells: NOT_ALLOWED,
    build: () => ({
      ...postJson("/api/advance-requests/1"),
      params: { id: "1" },
    }),
  },
  {
    file: "api.advance-requests.$id.approve.ts",
    kind: "loader",
    what: "GET /api/advance-requests/<id>/approve",
    cells: NOT_ALLOWED,
    build: () => ({
      path: `/api/advance-requests/${world.requests.A1.pending.id}/approve`,
      params: { id: String(world.requests.A1.pending.id) },
    }),
  },
  {
    file: "api.advance-requests.$id.approve.ts",
    kind: "action",
    what: "POST /api/advance-requests/<A1's pending>/approve",
    cells: [401, 403, 403, 403, 200, 404],
    build: async () => {
      const id = String((await world.freshPending("A1")).id);
      return {
        ...postJson(`/api/advance-requests/${id}/approve`),
        params: { id },
      };
    },
    check: ({ actor, text }) => {
      expect(JSON.parse(text)).toMatchObject({
        status: "APPROVED",
        approvedById: user(actor)!.id,
      });
    },
  },
  {
    file: "api.advance-requests.$id.decline.ts",
    kind: "loader",
    what: "GET /api/advance-requests/<id>/decline",
    cells: NOT_ALLOWED,
    build: () => ({
      path: `/api/advance-requests/${world.requests.A1.pending.id}/decline`,
      params: { id: String(world.requests.A1.pending.id) },
    }),
  },
  {
    file: "api.advance-requests.$id.decline.ts",
    kind: "action",
    what: "POST /api/advance-requests/<B1's pending>/decline",
    cells: [401, 403, 403, 403, 404, 200],
    build: async () => {
      const id = String((await world.freshPending("B1")).id);
      return {
        ...postJson(`/api/advance-requests/${id}/decline`, { reason: "No" }),
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        status: "DECLINED",
        rejectionReason: "No",
      });
    },
  },
  {
    file: "api.advance-requests.$id.cancel.ts",
    kind: "loader",
    what: "GET /api/advance-requests/<id>/cancel",
    cells: NOT_ALLOWED,
    build: () => ({
      path: `/api/advance-requests/${world.requests.A1.pending.id}/cancel`,
      params: { id: String(world.requests.A1.pending.id) },
    }),
  },
  {
    file: "api.advance-requests.$id.cancel.ts",
    kind: "action",
    what: "POST /api/advance-requests/<A1's fresh pending>/cancel",
    cells: [401, 200, 404, 404, 403, 403],
    build: async () => {
      const id = String((await world.freshPending("A1")).id);
      return {
        ...postJson(`/api/advance-requests/${id}/cancel`),
        params: { id },
      };
    },
    check: ({ text }) => {
      expect(JSON.parse(text)).toMatchObject({
        status: "CANCELLED",
        cancellationReason: "Cancelled by the employee",
      });
    },
  },
];

const MODULES: Record<string, Record<string, unknown>> = {
  "_app.$.tsx": appCatchAll,
  "_app._index.tsx": appIndex,
  "_app.approvals.tsx": appApprovals,
  "_app.checkout.tsx": appCheckout,
  "_app.employees.$id.tsx": appEmployeeDetails,
  "_app.employees._index.tsx": appEmployees,
  "_app.employees.add.tsx": appEmployeesAdd,
  "_app.history.tsx": appHistory,
  "_app.outbox.tsx": appOutbox,
  "reset-password.tsx": resetPassword,
  "confirm-email.tsx": confirmEmailPage,
  "_app.payment-success.tsx": appPaymentSuccess,
  "_app.payroll.tsx": appPayroll,
  "_app.profile.tsx": appProfile,
  "_app.reports.tsx": appReports,
  "_app.request.tsx": appRequest,
  "_app.settings.tsx": appSettings,
  "_app.tsx": appLayout,
  "api.advance-requests.$id.approve.ts": apiApprove,
  "_app.employees.invite.tsx": appEmployeesInvite,
  "_app.employees.import._index.tsx": appRosterImport,
  "_app.employees.import.$id.tsx": appRosterImportDetails,
  "_app.settings_.team.tsx": appTeam,
  "join.tsx": join,
  "join.$token.tsx": joinToken,
  "api.invitations.ts": apiInvitations,
  "api.invitations.$id.resend.ts": apiInvitationResend,
  "api.invitations.$id.ts": apiInvitation,
  "api.advance-requests.$id.ts": apiAdvanceRequest,
  "api.invitations.$id.revoke.ts": apiInvitationRevoke,
  "api.payroll-runs.ts": apiPayrollRuns,
  "api.payroll-runs.$id.ts": apiPayrollRun,
  "api.payroll-runs.$id.results.ts": apiPayrollResults,
  "api.pay-schedule.ts": apiPaySchedule,
  "api.employees.$id.offboard.ts": apiOffboard,
  "api.employees.$id.credit-payout.ts": apiCreditPayout,
  "api.virtual-cards.$id.close.ts": apiClose,
  "api.api-keys.($id).ts": apiApiKeys,
  "api.webhook-endpoints.($id).ts": apiWebhookEndpoints,
  "api.webhook-endpoints.$id.enable.ts": apiEnableWebhookEndpoint,
  "api.webhook-endpoints.$id.deliveries.ts": apiWebhookDeliveries,
  "api.webhook-endpoints.$id.deliveries.$deliveryId.redeliver.ts":
    apiRedeliverWebhook,
  "api.webhook-endpoints.$id.[test].ts": apiTestWebhook,
  "api.webhook-endpoints.$id.rotate-secret.ts": apiRotateWebhookSecret,
  "_app.settings_.api.tsx": appApiSettings,
  "_app.settings_.api_.webhooks.$id.tsx": appWebhookEndpoint,
  "_app.settings_.payroll.tsx": appPayrollConnection,
  "settings.payroll.callback.ts": payrollConnectCallback,
  "api.advance-requests.$id.decline.ts": apiDecline,
  "api.advance-requests.$id.cancel.ts": apiCancel,
  "api.advance-requests.all.ts": apiAll,
  "api.advance-requests.employee.ts": apiOwnRequests,
  "api.advance-requests.pending.ts": apiPending,
  "api.advance-requests.ts": apiRequests,
  "api.employee.ts": apiEmployee,
  "api.advance-quote.ts": apiQuote,
  "terms.tsx": terms,
  "api.employees.ts": apiEmployees,
  "api.employer.advance-requests.ts": apiEmployerRequests,
  "api.events.ts": apiEvents,
  "api.$.ts": apiNotAnEndpoint,
  "api.login.ts": apiLogin,
  "api.logout.ts": apiLogout,
  "api.payroll-deductions.upcoming.ts": apiDeductions,
  "api.register.ts": apiRegister,
  "api.user.ts": apiUser,
  "api.virtual-cards.ts": apiCards,
  "auth.tsx": auth,
  "forgot-password.tsx": forgotPassword,
  "healthz.ts": healthz,
  "manifest[.]webmanifest.ts": webManifest,
  // No loader or action: the offline page is the root's data and fixed text.
  "offline.tsx": offline,
  "how-it-works.tsx": howItWorks,
  "logout.tsx": logout,
  "language.ts": language,
  "payroll.export.ts": payrollExport,
  "_app.activity.tsx": appActivity,
  "activity[.]csv.ts": activityCsv,
  "_app.complaints.tsx": appComplaints,
  "_app.reports_.regulator.tsx": appRegulator,
  "reports.regulator[.]csv.ts": regulatorCsv,
  "_app.complaint-queue.tsx": appComplaintQueue,
  "api.complaints.ts": apiComplaints,
  "api.company-complaints.ts": apiCompanyComplaints,
  "api.company-complaints.$id.review.ts": apiComplaintReview,
  "api.company-complaints.$id.resolve.ts": apiComplaintResolve,
  "readyz.ts": readyz,
  "api.openapi[.]json.ts": apiOpenApi,
  "api.docs.tsx": apiDocs,
  "api.create-payment-intent.ts": apiIntent,
  "api.create-grocery-card.ts": apiCard,
  "api.stripe.webhook.ts": apiWebhook,
  "_app.cards.$id.tsx": appCard,
  "api.sandbox.card-authorizations.ts": apiSandboxPurchase,
  "api.sandbox.payments.ts": apiSandboxPayment,
  "api.virtual-cards.$id.freeze.ts": apiFreeze,
  "api.virtual-cards.$id.ephemeral-key.ts": apiCardDisplayKey,
  "api.virtual-cards.$id.unfreeze.ts": apiUnfreeze,
};

type Handler = Parameters<typeof call>[0];

function describeOutcome(res: Response): Outcome {
  if (res.status >= 300 && res.status < 400) {
    const location = res.headers.get("Location") ?? "";
    return location.startsWith("/auth?redirectTo=") ? "auth" : `→${location}`;
  }
  return res.status;
}

/** What the matrix misses for a listing of app/routes (empty = every file covered). */
function coverageProblems(
  files: string[],
  modules: Record<string, Record<string, unknown>>,
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const mod = modules[file];
    if (!mod) {
      problems.push(`${file} is not in the authorization matrix`);
      continue;
    }
    for (const kind of ["loader", "action"] as const) {
      const exported = typeof mod[kind] === "function";
      const rows = MATRIX.filter((r) => r.file === file && r.kind === kind);
      if (exported && rows.length === 0)
        problems.push(
          `${file} exports ${kind === "action" ? "an" : "a"} ${kind} the matrix does not cover`,
        );
      if (!exported && rows.length > 0)
        problems.push(`${file} has ${kind} rows but exports no ${kind}`);
    }
  }
  for (const file of Object.keys(modules)) {
    if (!files.includes(file))
      problems.push(`${file} is in the matrix but no longer exists`);
  }
  return problems;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.trim() };
  }
}

let cellsChecked = 0;

beforeAll(async () => {
  world = await createWorld();
});

afterAll(() => {
  // How many cases the matrix ran (printed once per run).
  console.info(
    `authorization matrix: ${MATRIX.length} rows × ${ACTORS.length} actors = ${cellsChecked} cells checked on ${database.kind}`,
  );
});

describe("authorization matrix", () => {
  for (const row of MATRIX) {
    it(`${row.file} ${row.kind}: ${row.what}`, async () => {
      const handler = MODULES[row.file]?.[row.kind] as Handler | undefined;
      expect(handler, `${row.file} exports no ${row.kind}`).toBeTypeOf(
        "function",
      );
      for (const [index, actor] of ACTORS.entries()) {
        const expected =
          index < row.cells.length
            ? row.cells[index]
            : (row.team?.[index - row.cells.length] ?? row.cells[4]);
        const built = await row.build(actor);
        const controller = new AbortController();
        const request = await requestAs(user(actor), built.path, {
          ...built.init,
          signal: controller.signal,
        });
        const mutating = request.method !== "GET";
        const before = mutating ? await stateDigest() : "";
        const res = await call(handler!, request, built.params ?? {});
        const where = `${row.file} ${row.kind} as ${actor}`;
        // "auth" is a redirect to /auth?redirectTo=…, except from "/" itself.
        const outcome =
          expected === "auth" && res.headers.get("Location") === "/auth"
            ? "auth"
            : describeOutcome(res);
        // "→/x/*": a redirect to a path under /x/ (a new record's page).
        const prefixed =
          typeof expected === "string" &&
          expected.endsWith("*") &&
          String(outcome).startsWith(expected.slice(0, -1));
        expect(prefixed ? expected : outcome, where).toBe(expected);

        const refused = expected === "auth" || Number(expected) >= 400;
        if (row.stream && res.status === 200) {
          expect(res.headers.get("Content-Type"), where).toContain(
            "text/event-stream",
          );
          controller.abort();
          await res.body?.cancel().catch(() => {});
          cellsChecked++;
          continue;
        }
        const text = await res.text();
        if (refused) {
          if (typeof expected === "number") {
            expect(refusalMessage(parsed(text)), where).toBeTruthy();
          }
          if (mutating)
            expect(await stateDigest(), `${where} changed data`).toBe(before);
        } else {
          expect(
            foreignMarkers(row.viewer ?? actor, text),
            `${where} leaks`,
          ).toEqual([]);
          await row.check?.({ actor, res, text, built });
        }
        cellsChecked++;
      }
    });
  }

  it("covers every route file's loader and action", () => {
    const dir = path.resolve("app/routes");
    const files = fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f));
    expect(coverageProblems(files, MODULES)).toEqual([]);
  });

  it("names an unknown route file, a new action and a removed file", () => {
    // The rule itself, on made-up listings: it must not pass vacuously.
    const files = [...Object.keys(MODULES), "api.brand-new.ts"];
    const modules = {
      ...MODULES,
      "healthz.ts": { ...MODULES["healthz.ts"], action: () => null },
    };
    expect(coverageProblems(files, modules)).toEqual([
      "healthz.ts exports an action the matrix does not cover",
      "api.brand-new.ts is not in the authorization matrix",
    ]);
    // A route file that was removed is named too.
    expect(
      coverageProblems(
        Object.keys(MODULES).filter((f) => f !== "readyz.ts"),
        MODULES,
      ),
    ).toEqual(["readyz.ts is in the matrix but no longer exists"]);
    expect(coverageProblems(Object.keys(MODULES), MODULES)).toEqual([]);
  });

  it("left A1, A2 and B1's own records with their owners", async () => {
    // After all the cells: no request moved between employees, no employee between employers.
    const rows = await db()
      .select({ employerId: employees.companyId })
      .from(employees)
      .where(
        and(
          inArray(employees.id, [
            world.employeeIds.A1,
            world.employeeIds.A2,
            world.employeeIds.B1,
          ]),
        ),
      );
    expect(rows.map((r) => r.employerId).sort()).toEqual(
      [
        world.users.EA.companyId,
        world.users.EA.companyId,
        world.users.EB.companyId,
      ].sort(),
    );
  });
});

// The same rows with API keys as the actors: a key of company A holding every
// scope gets what its owner EA gets, a key of company B what EB gets (another company's record:
// 404), a key of A holding only payroll:read gets 403 on every other employer
// endpoint, and a revoked key 401 everywhere. Employee endpoints, and any-user endpoints without
// a scope line, refuse every live key with 403; public endpoints ignore the header (tests/integration/integrations/api-keys.test.ts).
const KEY_ACTORS = ["KA", "KB", "KN", "KR"] as const;
type KeyActor = (typeof KEY_ACTORS)[number];

describe("authorization matrix with API keys", () => {
  const secrets = {} as Record<KeyActor, string>;
  let keyCells = 0;

  beforeAll(async () => {
    const every = [...API_SCOPES];
    secrets.KA = (
      await createApiKey(world.users.EA, { name: "matrix A", scopes: every })
    ).key;
    secrets.KB = (
      await createApiKey(world.users.EB, { name: "matrix B", scopes: every })
    ).key;
    secrets.KN = (
      await createApiKey(world.users.EA, {
        name: "matrix narrow",
        scopes: ["payroll:read"],
      })
    ).key;
    const revoked = await createApiKey(world.users.EA, {
      name: "matrix revoked",
      scopes: every,
    });
    await revokeApiKey(world.users.EA, revoked.id);
    secrets.KR = revoked.key;
  });

  afterAll(() => {
    console.info(`authorization matrix with API keys: ${keyCells} cells`);
  });

  /** The contract a built request reaches, by method and path template. */
  function contractOf(method: string, path: string) {
    const pathname = path.split("?")[0];
    return API_CONTRACTS.find(
      (c) =>
        c.method === method &&
        new RegExp(`^${c.path.replace(/\{id\}/g, "[^/]+")}$`).test(pathname),
    );
  }

  for (const row of MATRIX.filter((r) => r.file.startsWith("api."))) {
    it(`${row.file} ${row.kind}: ${row.what}`, async () => {
      const handler = MODULES[row.file]?.[row.kind] as Handler;
      for (const actor of KEY_ACTORS) {
        const as: Actor = actor === "KB" ? "EB" : "EA";
        const built = await row.build(as);
        const method = built.init?.method ?? (built.init ? "POST" : "GET");
        const contract = contractOf(method, built.path);
        const allRefuse = row.cells.every((c) => c === 405);
        // Not an endpoint with a contract (the catch-all, the document, the docs page), or
        // public: keys change nothing there.
        if (
          !allRefuse &&
          (!contract ||
            contract.role === "public" ||
            contract.role === "webhook")
        )
          continue;
        let expected: Outcome;
        if (allRefuse) expected = 405;
        else if (actor === "KR") expected = 401;
        else if (!keyScope(contract!)) expected = 403;
        else if (actor === "KN")
          expected =
            scopeFor(contract!) === "payroll:read" ? row.cells[4] : 403;
        else expected = actor === "KB" ? row.cells[5] : row.cells[4];

        const controller = new AbortController();
        const request = await requestAs(null, built.path, {
          ...built.init,
          signal: controller.signal,
        });
        request.headers.set("Authorization", `Bearer ${secrets[actor]}`);
        const mutating = request.method !== "GET";
        const before = mutating ? await stateDigest() : "";
        const res = await call(handler, request, built.params ?? {});
        const where = `${row.file} ${row.kind} with key ${actor}`;
        expect(describeOutcome(res), where).toBe(expected);
        expect(res.headers.get("Set-Cookie"), where).toBeNull();
        if (row.stream && res.status === 200) {
          controller.abort();
          await res.body?.cancel().catch(() => {});
          keyCells++;
          continue;
        }
        const text = await res.text();
        if (Number(expected) >= 400) {
          expect(refusalMessage(parsed(text)), where).toBeTruthy();
          if (mutating)
            expect(await stateDigest(), `${where} changed data`).toBe(before);
        } else {
          expect(foreignMarkers(as, text), `${where} leaks`).toEqual([]);
          await row.check?.({ actor: as, res, text, built });
        }
        keyCells++;
      }
    });
  }
});
