import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  finchError,
  json,
  payrollRoute,
  type Answer,
  type Job,
} from "./fake-finch-payroll";

// A small fake of Finch on 127.0.0.1 for the real `@tryfinch/finch-api` SDK (DESIGN §13), built
// from the request and response shapes in Finch's API reference (developer.tryfinch.com):
// Connect sessions (Basic auth) and Connect's redirect back with a code, the code exchange
// (POST /auth/token), /introspect (the token's authentication method: assisted or automated),
// /providers, /disconnect, and the roster sync's organization endpoints (directory paged by
// limit/offset, individual and employment batches); the payroll side (deductions, their jobs at
// /jobs/manual only, pay statements) is in fake-finch-payroll.ts. Every request is recorded;
// failures (with Retry-After) can be injected per path.

export type FinchRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | null;
  apiVersion: string | null;
  status: number;
};

export type FakePerson = {
  id: string;
  firstName: string;
  lastName: string;
  workEmail: string | null;
  /** The payroll system's employee id (employment.source_id). */
  sourceId: string | null;
  department: string | null;
  isActive: boolean;
  endDate: string | null;
};

export type FakeStatement = {
  individualId: string;
  netPayCents: number;
  grossPayCents: number;
  /** Deduction lines by name (ours is "Grocery Advance repayment"). */
  deductions: { name: string; cents: number }[];
};

type Session = {
  customerId: string;
  customerName: string;
  products: string[];
  redirectUri: string | null;
};

/** Finch's authentication method types (introspect's authentication_methods[].type). */
export type FakeAuthType =
  "assisted" | "credential" | "api_token" | "api_credential" | "oauth";

export type Token = {
  connectionId: string;
  customerId: string;
  products: string[];
  revoked: boolean;
  authType: FakeAuthType;
  providerId: string;
};

type Failure = {
  path: string | RegExp;
  status: number;
  remaining: number;
  retryAfter?: number;
};

export const FINCH_CLIENT_ID = "4ab15e51-11ad-49f4-acae-f343b7794375";
export const FINCH_CLIENT_SECRET = "finch-secret-for-tests";

export class FakeFinch {
  readonly requests: FinchRequest[] = [];
  readonly sessions = new Map<string, Session>();
  readonly codes = new Map<string, string>();
  readonly tokens = new Map<string, Token>();
  /** The provider the next Connect grants, and whether the employer finishes it. */
  providerId = "gusto";
  connectOutcome: "grant" | "cancel" = "grant";
  /** Overrides the customer a granted token names (a token for someone else). */
  grantCustomerId: string | null = null;
  /** How the employer authenticates in the next Connect (an assisted integration or not). */
  authType: FakeAuthType = "oauth";
  people: FakePerson[] = [];
  /** The company's payments: who was paid on which day. */
  payments: { id: string; payDate: string; individualIds: string[] }[] = [];
  /** Pay groups (GET /employer/pay-groups), each with its frequencies and people. */
  payGroups: {
    id: string;
    name: string;
    payFrequencies: string[];
    individualIds: string[];
  }[] = [];
  /** Company-level deductions (GET /employer/benefits). */
  benefits: {
    benefitId: string;
    description: string;
    type: string;
    frequency: string | null;
  }[] = [];
  /** The provider refuses to create deductions through the API (422). */
  benefitCreateRefused = false;
  /** Each deduction's enrolments: benefit id → individual id → amount in cents. */
  readonly enrolments = new Map<string, Map<string, number>>();
  /**
   * Deduction jobs, and how the next ones stand when created: done at once (complete), failed
   * at the provider (error, writing nothing), or not done yet (pending, in_progress) until
   * `settleJobs` (Finch's team, for an assisted connection) ends them.
   */
  readonly jobs = new Map<string, Job>();
  nextJobOutcome: Job["status"] = "complete";
  /** The pay statements of each payment (POST /employer/pay-statement). */
  readonly statements = new Map<string, FakeStatement[]>();
  /** Payments whose statements Finch is still fetching (202 data_sync_in_progress). */
  readonly statementsSyncing = new Set<string>();
  private failures: Failure[] = [];
  private server: http.Server | undefined;
  port = 0;

  get baseURL() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const url = new URL(req.url ?? "/", this.baseURL);
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        const recorded: FinchRequest = {
          method: req.method ?? "GET",
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          body,
          authorization: req.headers.authorization ?? null,
          apiVersion: (req.headers["finch-api-version"] as string) ?? null,
          status: 0,
        };
        this.requests.push(recorded);
        const failed = this.takeFailure(url.pathname);
        const answer: Answer | { redirect: string } = failed
          ? {
              ...finchError(failed.status, "injected", "Injected failure"),
              headers: failed.retryAfter
                ? { "Retry-After": String(failed.retryAfter) }
                : undefined,
            }
          : this.route(recorded);
        if ("redirect" in answer) {
          recorded.status = 302;
          res.writeHead(302, { Location: answer.redirect });
          res.end();
          return;
        }
        recorded.status = answer.status;
        res.writeHead(answer.status, {
          "Content-Type": "application/json",
          ...answer.headers,
        });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) =>
      this.server!.listen(0, "127.0.0.1", resolve),
    );
    this.port = (this.server!.address() as AddressInfo).port;
    return this;
  }

  async stop() {
    if (!this.server) return;
    await new Promise<void>((resolve) => {
      this.server!.closeAllConnections();
      this.server!.close(() => resolve());
    });
  }

  /** The next `times` requests to `path` answer `status` (with Retry-After when given). */
  fail(path: string | RegExp, status: number, times = 1, retryAfter?: number) {
    this.failures.push({ path, status, remaining: times, retryAfter });
  }

  reset() {
    this.requests.length = 0;
    this.failures = [];
    this.nextJobOutcome = "complete";
    this.benefitCreateRefused = false;
    this.connectOutcome = "grant";
    this.grantCustomerId = null;
    this.providerId = "gusto";
    this.authType = "oauth";
  }

  /** Ends every job not done yet as `status` (what it writes is written when complete). */
  settleJobs(status: "in_progress" | "complete" | "error" = "complete") {
    for (const job of this.jobs.values())
      if (job.status === "pending" || job.status === "in_progress") {
        job.status = status;
        if (status === "complete") job.apply();
      }
  }

  callsTo(path: string) {
    return this.requests.filter((r) => r.path === path);
  }

  /** A token the fake issued and has not revoked, for the employer revoking it at Finch. */
  revokeAtFinch(accessToken: string) {
    const token = this.tokens.get(accessToken);
    if (token) token.revoked = true;
  }

  private takeFailure(path: string): Failure | null {
    const failure = this.failures.find(
      (f) =>
        f.remaining > 0 &&
        (typeof f.path === "string" ? f.path === path : f.path.test(path)),
    );
    if (!failure) return null;
    failure.remaining -= 1;
    return failure;
  }

  private basicAuthorized(r: FinchRequest): boolean {
    const expected = `Basic ${Buffer.from(`${FINCH_CLIENT_ID}:${FINCH_CLIENT_SECRET}`).toString("base64")}`;
    return r.authorization === expected;
  }

  private bearer(r: FinchRequest): Token | null {
    const match = /^Bearer (.+)$/.exec(r.authorization ?? "");
    const token = match ? this.tokens.get(match[1]) : undefined;
    return token && !token.revoked ? token : null;
  }

  private route(r: FinchRequest): Answer | { redirect: string } {
    const body = (r.body ?? {}) as Record<string, unknown>;
    if (r.method === "POST" && r.path === "/connect/sessions") {
      if (!this.basicAuthorized(r))
        return finchError(401, "invalid_client", "Invalid client credentials");
      const sessionId = crypto.randomUUID();
      this.sessions.set(sessionId, {
        customerId: String(body.customer_id),
        customerName: String(body.customer_name),
        products: (body.products as string[]) ?? [],
        redirectUri: (body.redirect_uri as string | undefined) ?? null,
      });
      return json(200, {
        session_id: sessionId,
        connect_url: `${this.baseURL}/authorize?session=${sessionId}`,
      });
    }
    if (r.method === "GET" && r.path === "/authorize") {
      // The employer's side of Finch Connect, finished at once: back to the redirect URI with
      // an authorization code (or without one, when they closed Connect).
      const session = this.sessions.get(r.query.session ?? "");
      if (!session?.redirectUri)
        return finchError(400, "invalid_session", "Unknown session");
      const back = new URL(session.redirectUri);
      if (this.connectOutcome === "grant") {
        const code = crypto.randomUUID();
        this.codes.set(code, r.query.session!);
        back.searchParams.set("code", code);
      }
      return { redirect: back.toString() };
    }
    if (r.method === "POST" && r.path === "/auth/token") {
      if (
        body.client_id !== FINCH_CLIENT_ID ||
        body.client_secret !== FINCH_CLIENT_SECRET
      )
        return finchError(401, "invalid_client", "Invalid client credentials");
      const sessionId = this.codes.get(String(body.code));
      const session = sessionId ? this.sessions.get(sessionId) : undefined;
      if (!session)
        return finchError(400, "invalid_grant", "Invalid authorization code");
      this.codes.delete(String(body.code));
      const accessToken = crypto.randomUUID();
      const token: Token = {
        connectionId: crypto.randomUUID(),
        customerId: this.grantCustomerId ?? session.customerId,
        products: session.products,
        revoked: false,
        authType: this.authType,
        providerId: this.providerId,
      };
      this.tokens.set(accessToken, token);
      return json(200, {
        access_token: accessToken,
        token_type: "bearer",
        connection_id: token.connectionId,
        customer_id: token.customerId,
        account_id: crypto.randomUUID(),
        client_type: "sandbox",
        company_id: crypto.randomUUID(),
        connection_type: "provider",
        products: token.products,
        provider_id: this.providerId,
        entity_ids: [crypto.randomUUID()],
      });
    }
    // Everything below needs a live access token.
    const token = this.bearer(r);
    if (!token)
      return finchError(
        401,
        "invalid_token",
        "Invalid or revoked access token",
      );
    if (r.method === "GET" && r.path === "/providers") {
      return json(200, [
        { id: "gusto", display_name: "Gusto", products: ["directory"] },
        { id: "adp_run", display_name: "ADP Run", products: ["directory"] },
      ]);
    }
    if (r.method === "GET" && r.path === "/introspect") {
      const status = {
        status: "connected",
        message: null,
        last_successful_sync: null,
      };
      return json(200, {
        id: crypto.randomUUID(),
        client_id: FINCH_CLIENT_ID,
        client_type: "sandbox",
        connection_id: token.connectionId,
        connection_status: status,
        connection_type: "provider",
        products: token.products,
        provider_id: token.providerId,
        customer_id: token.customerId,
        customer_name: null,
        customer_email: null,
        authentication_methods: [
          {
            type: token.authType,
            connection_status: status,
            products: token.products,
          },
        ],
        manual: token.authType === "assisted",
        username: null,
        entities: [],
      });
    }
    if (r.method === "POST" && r.path === "/disconnect") {
      token.revoked = true;
      return json(200, { status: "success" });
    }
    if (r.method === "GET" && r.path === "/employer/payment") {
      const from = r.query.start_date ?? "";
      const to = r.query.end_date ?? "";
      if (!from || !to)
        return finchError(400, "invalid_request", "start_date and end_date");
      return json(
        200,
        this.payments
          .filter((p) => p.payDate >= from && p.payDate <= to)
          .map((p) => ({
            id: p.id,
            pay_date: p.payDate,
            debit_date: p.payDate,
            pay_period: { start_date: null, end_date: null },
            pay_group_ids: [],
            pay_frequencies: ["bi_weekly"],
            individual_ids: p.individualIds,
            company_debit: null,
            gross_pay: null,
            net_pay: null,
            employee_taxes: null,
            employer_taxes: null,
          })),
      );
    }
    if (r.method === "GET" && r.path === "/employer/directory") {
      const limit = Number(r.query.limit ?? 100);
      const offset = Number(r.query.offset ?? 0);
      return json(200, {
        paging: { count: this.people.length, offset },
        individuals: this.people.slice(offset, offset + limit).map((p) => ({
          id: p.id,
          first_name: p.firstName,
          middle_name: null,
          last_name: p.lastName,
          manager: null,
          department: { name: p.department },
          is_active: p.isActive,
        })),
      });
    }
    if (
      r.method === "POST" &&
      (r.path === "/employer/individual" || r.path === "/employer/employment")
    ) {
      const requests = (body.requests as { individual_id: string }[]) ?? [];
      const employment = r.path === "/employer/employment";
      return json(200, {
        responses: requests.map(({ individual_id }) => {
          const p = this.people.find((x) => x.id === individual_id);
          if (!p)
            return {
              individual_id,
              code: 404,
              body: {
                code: 404,
                name: "not_found",
                message: "Individual not found",
              },
            };
          return {
            individual_id,
            code: 200,
            body: employment
              ? {
                  id: p.id,
                  first_name: p.firstName,
                  middle_name: null,
                  last_name: p.lastName,
                  title: null,
                  manager: null,
                  department: { name: p.department },
                  employment: { type: "employee", subtype: "full_time" },
                  employment_status: p.isActive ? "active" : "terminated",
                  start_date: "2024-01-08",
                  end_date: p.endDate,
                  latest_rehire_date: null,
                  is_active: p.isActive,
                  class_code: null,
                  flsa_status: null,
                  highly_compensated_employee: null,
                  key_employee: null,
                  location: null,
                  union_code: null,
                  union_local: null,
                  source_id: p.sourceId,
                }
              : {
                  id: p.id,
                  first_name: p.firstName,
                  middle_name: null,
                  last_name: p.lastName,
                  preferred_name: null,
                  dob: null,
                  gender: null,
                  ethnicity: null,
                  residence: null,
                  phone_numbers: [],
                  emails: p.workEmail
                    ? [{ data: p.workEmail, type: "work" }]
                    : [],
                },
          };
        }),
      });
    }
    const answer = payrollRoute(this, r, token);
    if (answer) return answer;
    return finchError(404, "not_found", `No route ${r.method} ${r.path}`);
  }

  /** A deduction job as the next outcome says; `apply` is its write, done once complete. */
  newJob(apply: () => void = () => undefined): string {
    const jobId = crypto.randomUUID();
    const job: Job = { status: this.nextJobOutcome, body: null, apply };
    if (job.status === "complete") apply();
    if (job.status === "error")
      job.body = [{ code: 422, message: "Rejected by the payroll system" }];
    this.jobs.set(jobId, job);
    return jobId;
  }

  /** The current enrolment of an individual in a deduction, in cents. */
  enrolmentOf(benefitId: string, individualId: string): number | undefined {
    return this.enrolments.get(benefitId)?.get(individualId);
  }
}

export async function startFakeFinch(): Promise<FakeFinch> {
  return new FakeFinch().start();
}
