import { addMonths, startOfMonth } from "date-fns";
import { sql } from "drizzle-orm";
import type { User } from "#db/schema";

import {
  pagePendingRequests,
  STREAM_CHUNK,
  toPublicAdvance,
} from "~/models/advances/index.server";
import { getUserByUsername } from "~/models/people/index.server";
import {
  compactReportRollup,
  checkInvariants,
} from "~/models/reports/index.server";
import { advanceRequests, employees } from "#db/schema";
import { loader as layoutLoader } from "~/routes/_app";
import { loader as dashboardLoader } from "~/routes/_app._index";
import {
  action as approvalsAction,
  loader as approvalsLoader,
} from "~/routes/_app.approvals";
import { loader as detailsLoader } from "~/routes/_app.employees.$id";
import { loader as employeesLoader } from "~/routes/_app.employees._index";
import { loader as historyLoader } from "~/routes/_app.history";
import { loader as reportsLoader } from "~/routes/_app.reports";
import { loader as allApi } from "~/routes/api.advance-requests.all";
import { loader as summariesApi } from "~/routes/api.employer.advance-requests";
import { loader as pendingApi } from "~/routes/api.advance-requests.pending";
import { loader as employeesApi } from "~/routes/api.employees";
import { connection, db, queryRows } from "~/utils/db.server";
import { requestContext } from "~/utils/request-context.server";
import { useTestDatabase } from "#tests/support/db";
import { call, requestAs } from "#tests/support/factories";
import {
  captureQueries,
  explain,
  indexesUsed,
  planNodes,
  seedScale,
  seqScans,
  type CapturedQuery,
  type PlanNode,
} from "#tests/support/query-capture";
import type { SeededCompany } from "#tests/perf/seed";

// A page costs the same number of queries whatever the company's size (no N+1), and
// every query a page sends can be served by an index (EXPLAIN with sequential scans off).

useTestDatabase();

type Company = SeededCompany & { employer: User; employee: User };
let small: Company;
let large: Company;

async function load(shape: Parameters<typeof seedScale>[0]): Promise<Company> {
  const seeded = await seedScale(shape);
  const employer = await getUserByUsername(seeded.employerUsername);
  const employee = await getUserByUsername(seeded.employeeUsername);
  if (!employer || !employee) throw new Error("seeded users are missing");
  return { ...seeded, employer, employee };
}

beforeAll(async () => {
  // 10 and 1,000 employees with 10 requests each: the same shape, a hundred times bigger.
  small = await load({
    prefix: "perf_small",
    companyName: "Perf Small",
    employees: 10,
    requests: 100,
    cards: 20,
  });
  large = await load({
    prefix: "perf_large",
    companyName: "Perf Large",
    employees: 1000,
    requests: 10_000,
    cards: 2000,
  });
  // The seed's 10,100 requests wait as deltas until the job worker folds them (every minute);
  // the pages are measured in that steady state. (The report reads a backlog without folding
  // it: tests/integration/reports/report-rollup.test.ts.)
  await compactReportRollup();
}, 180_000);

type Loader = Parameters<typeof call>[0];
type Page = {
  name: string;
  loader: Loader;
  who: "employer" | "employee";
  path: (company: Company) => string;
  params?: (company: Company) => Record<string, string>;
};

const PAGES: Page[] = [
  {
    name: "employer dashboard",
    loader: dashboardLoader,
    who: "employer",
    path: () => "/",
  },
  {
    name: "signed-in layout",
    loader: layoutLoader,
    who: "employer",
    path: () => "/",
  },
  {
    name: "/approvals",
    loader: approvalsLoader,
    who: "employer",
    path: () => "/approvals",
  },
  {
    name: "/employees",
    loader: employeesLoader,
    who: "employer",
    path: () => "/employees",
  },
  {
    name: "/employees?q=",
    loader: employeesLoader,
    who: "employer",
    // A department: some employees match in both companies.
    path: () => "/employees?q=sales",
  },
  {
    name: "/employees?q=henry",
    loader: employeesLoader,
    who: "employer",
    // A few names: the trigram index finds them without reading the company.
    path: () => "/employees?q=henry",
  },
  {
    name: "/employees/:id",
    loader: detailsLoader,
    who: "employer",
    path: (c) => `/employees/${c.employeeId}`,
    params: (c) => ({ id: String(c.employeeId) }),
  },
  {
    name: "/reports",
    loader: reportsLoader,
    who: "employer",
    path: () => "/reports",
  },
  {
    name: "employee dashboard",
    loader: dashboardLoader,
    who: "employee",
    path: () => "/",
  },
  {
    name: "/history",
    loader: historyLoader,
    who: "employee",
    path: () => "/history",
  },
  {
    name: "GET /api/employees",
    loader: employeesApi,
    who: "employer",
    path: () => "/api/employees",
  },
  {
    name: "GET /api/advance-requests/pending",
    loader: pendingApi,
    who: "employer",
    path: () => "/api/advance-requests/pending",
  },
];

async function visit(page: Page, company: Company) {
  const user = page.who === "employer" ? company.employer : company.employee;
  // Signing in (creating the session row) is not part of the page's cost.
  const request = await requestAs(user, page.path(company));
  return captureQueries(async () => {
    const res = await call(page.loader, request, page.params?.(company) ?? {});
    // Read the whole body inside the capture: a streamed list queries while it is read.
    await res.text();
    return res;
  });
}

describe("the seeded companies", () => {
  it("keep every invariant", async () => {
    expect(large.counts).toMatchObject({
      employees: 1000,
      requests: 10_000,
      cards: 2000,
    });
    expect(small.counts).toMatchObject({
      employees: 10,
      requests: 100,
      cards: 20,
    });
    expect(await checkInvariants(db())).toEqual([]);
  });
});

describe("queries per page (no N+1)", () => {
  it.each(PAGES.map((p) => [p.name, p] as const))(
    "%s sends as many queries at 1,000 employees as at 10",
    async (_name, page) => {
      const atSmall = await visit(page, small);
      const atLarge = await visit(page, large);
      expect(atSmall.result.status).toBe(200);
      expect(atLarge.result.status).toBe(200);
      expect(atLarge.queries.length).toBe(atSmall.queries.length);
      // One for the signed-in user, a handful for the page, never one per row.
      expect(atLarge.queries.length).toBeLessThanOrEqual(7);
    },
  );

  it("streams /api/advance-requests/all in chunks of rows, not one query per row", async () => {
    const page: Page = {
      name: "GET /api/advance-requests/all",
      loader: allApi,
      who: "employer",
      path: () => "/api/advance-requests/all",
    };
    const { result, queries } = await visit(page, large);
    expect(result.status).toBe(200);
    // The user, then ceil(10,000 / chunk) chunks and the empty read that ends the list.
    expect(queries.length).toBe(
      1 + Math.floor(large.counts.requests / STREAM_CHUNK) + 1,
    );
    expect((await visit(page, small)).queries.length).toBe(2);
  });
});

// The session and its user, read together (server-side sessions: one query per request).
const USER_LOOKUP =
  /^select .* from "sessions" inner join "users" on .* where \("sessions"\."token_hash" = \$1/s;

describe("the signed-in user", () => {
  it("is read once for all the loaders of one page request", async () => {
    const { queries } = await captureQueries(() =>
      // What scripts/server.ts does for every request: one context per HTTP request.
      requestContext.run({ userId: null }, async () => {
        const request = await requestAs(large.employer, "/");
        await call(layoutLoader, request);
        await call(dashboardLoader, request);
      }),
    );
    expect(queries.filter((q) => USER_LOOKUP.test(q.sql))).toHaveLength(1);
  });

  it("is read again by an action (which may change it) and outside a request", async () => {
    const { queries } = await captureQueries(() =>
      requestContext.run({ userId: null }, async () => {
        const post = () =>
          requestAs(large.employer, "/approvals", {
            form: { intent: "approve", requestId: "0" },
          });
        await call(approvalsAction, await post());
        await call(approvalsAction, await post());
      }),
    );
    expect(queries.filter((q) => USER_LOOKUP.test(q.sql))).toHaveLength(2);
    const outside = await captureQueries(async () => {
      await call(dashboardLoader, await requestAs(large.employer, "/"));
      await call(dashboardLoader, await requestAs(large.employer, "/"));
    });
    expect(outside.queries.filter((q) => USER_LOOKUP.test(q.sql))).toHaveLength(
      2,
    );
  });
});

/** The queries a page sends, with the user lookup (users_pkey) left out. */
async function pageQueries(
  page: Page,
  company: Company,
): Promise<CapturedQuery[]> {
  const { queries } = await visit(page, company);
  return queries.filter((q) => !USER_LOOKUP.test(q.sql));
}

const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL server" : "PGlite";

describe(`EXPLAIN of every page query (${engine})`, () => {
  const withQueries = PAGES.filter((p) => p.name !== "signed-in layout");
  it.each(withQueries.map((p) => [p.name, p] as const))(
    "%s reads no big table by a sequential scan",
    async (_name, page) => {
      for (const company of [small, large]) {
        const queries = await pageQueries(page, company);
        expect(queries.length).toBeGreaterThan(0);
        for (const query of queries) {
          const plan = await explain(query);
          expect({ query: query.sql, seqScans: seqScans(plan) }).toEqual({
            query: query.sql,
            seqScans: [],
          });
        }
      }
    },
  );

  // The indexes that make each page's cost independent of the company's size, read from the
  // plans for the 1,000-employee company (for 10 employees a sort of 10 rows is as good).
  it.each([
    [
      "employer dashboard",
      [
        "employees_employer_id_idx",
        // The pending count and the approved total: the reports' rollup.
        "report_months_pkey",
        "advance_requests_approval_date_idx",
        "advance_requests_approved_idx",
        "advance_requests_status_idx",
        "users_employer_name_idx",
        // The deductions not yet collected ("Pending Deductions", the next payroll's sum).
        "payroll_deductions_employer_open_idx",
      ],
    ],
    [
      "/employees",
      ["users_employer_name_idx", "advance_requests_approved_idx"],
    ],
    [
      "/approvals",
      ["advance_requests_pending_idx", "advance_requests_status_idx"],
    ],
    [
      "/employees/:id",
      [
        "advance_requests_approved_idx",
        "advance_requests_employee_id_idx",
        "payroll_deductions_request_id_idx",
        "virtual_cards_request_id_idx",
      ],
    ],
    [
      "/reports",
      // The rollup by its keys; the requests only for the hours a window's edge cuts.
      [
        "report_months_pkey",
        "report_hours_pkey",
        "advance_requests_request_date_idx",
      ],
    ],
    ["/history", ["employees_user_id_idx", "advance_requests_employee_id_idx"]],
  ])("%s uses %j", async (name, expected) => {
    const page = PAGES.find((p) => p.name === name)!;
    const used = new Set<string>();
    for (const query of await pageQueries(page, large)) {
      for (const index of indexesUsed(await explain(query))) used.add(index);
    }
    expect([...used]).toEqual(expect.arrayContaining(expected));
  });
});

/** Rows each table gave the plan when the query ran (EXPLAIN ANALYZE), by table. */
async function rowsRead(query: CapturedQuery): Promise<Record<string, number>> {
  const conn = connection();
  const text = `explain (analyze, format json) ${query.sql}`;
  const raw =
    conn.kind === "pglite"
      ? (await conn.client.query<Record<string, unknown>>(text, query.params))
          .rows[0]
      : (await conn.client.unsafe(text, query.params as never[]))[0];
  const cell = Object.values(raw as Record<string, unknown>)[0];
  const plan = (
    (typeof cell === "string" ? JSON.parse(cell) : cell) as Array<{
      Plan: PlanNode;
    }>
  )[0].Plan;
  const read: Record<string, number> = {};
  for (const node of planNodes(plan)) {
    const table = node["Relation Name"];
    if (!table) continue;
    const analyzed = node as PlanNode & {
      "Actual Rows": number;
      "Actual Loops": number;
    };
    read[table] =
      (read[table] ?? 0) + analyzed["Actual Rows"] * analyzed["Actual Loops"];
  }
  return read;
}

describe("/reports reads the rollup, not the requests", () => {
  it("reads a bounded number of rollup rows at 10,000 requests, and no request outside the edge hours", async () => {
    const page = PAGES.find((p) => p.name === "/reports")!;
    const read: Record<string, number>[] = [];
    for (const company of [small, large]) {
      const [query] = await pageQueries(page, company);
      read.push(await rowsRead(query));
    }
    const [atSmall, atLarge] = read;
    // 12 months × 8 departments × 4 statuses at most, whatever the number of requests (the
    // small company fills fewer of them).
    for (const at of [atSmall, atLarge])
      expect(at.report_months).toBeLessThanOrEqual(12 * 8 * 4);
    // The hours of the last 60 days (one row per hour that has requests).
    expect(atLarge.report_hours ?? 0).toBeLessThanOrEqual(60 * 24);
    // Three edge hours of requests: ten thousand requests over a year put about one in each.
    expect(atLarge.advance_requests ?? 0).toBeLessThanOrEqual(50);
  });
});

describe("the employer dashboard's figures read the company's open deductions, not its history", () => {
  it("reads no deduction beyond the company's open ones, and no request beyond this and last month's approvals", async () => {
    const page = PAGES.find((p) => p.name === "employer dashboard")!;
    // This month's approvals, and last month's for the card's month-over-month trend.
    const [approvals] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from advance_requests
          where status = 'APPROVED'
            and approval_date >= ${addMonths(startOfMonth(new Date()), -1).toISOString()}::timestamptz
            and approval_date < ${addMonths(startOfMonth(new Date()), 1).toISOString()}::timestamptz`,
    );
    for (const company of [small, large]) {
      const figures = (await pageQueries(page, company)).find((q) =>
        q.sql.includes("payroll_deductions"),
      )!;
      const [open] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from payroll_deductions d
            join advance_requests r on r.id = d.request_id join employees e on e.id = r.employee_id
            where e.employer_id = ${company.employerId} and d.status in ('SCHEDULED', 'SUBMITTED')`,
      );
      expect(open.n).toBeGreaterThan(0);
      const read = await rowsRead(figures);
      // Twice at most: "Pending Deductions" and the next payroll's sum read the same entries.
      expect(read.payroll_deductions ?? 0).toBeLessThanOrEqual(2 * open.n);
      // This month's approvals, and the one row the rollup's hash join for moved employees
      // reads before it finds its other side empty.
      expect(read.advance_requests ?? 0).toBeLessThanOrEqual(approvals.n + 1);
    }
  });
});

describe("streamed /api/advance-requests/all", () => {
  async function expectSqlOrder(company: Company) {
    const expected = await queryRows<{ id: number }>(
      db(),
      sql`select r.id from advance_requests r join employees e on e.id = r.employee_id
          where e.employer_id = ${company.employerId} order by r.request_date desc, r.id desc`,
    );
    const res = await call(
      allApi,
      await requestAs(company.employer, "/api/advance-requests/all"),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const ids = ((await res.json()) as Array<{ id: number }>).map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(company.counts.requests);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expected.map((row) => Number(row.id)));
  }

  it("returns every request once, newest first, across chunk boundaries", async () => {
    await expectSqlOrder(large);
  });

  it("stops reading chunks when the client goes away", async () => {
    const client = new AbortController();
    const request = new Request(
      await requestAs(large.employer, "/api/advance-requests/all"),
      { signal: client.signal },
    );
    const { queries } = await captureQueries(async () => {
      const res = await call(allApi, request);
      client.abort();
      const text = await res.text();
      // The first chunk went out; the closing bracket never does.
      expect(text.startsWith("[{")).toBe(true);
      expect(text.endsWith("]")).toBe(false);
    });
    // The user and the first chunk (of 6 reads for the whole list).
    expect(queries).toHaveLength(2);
  });

  it("writes the same bytes as JSON.stringify of each request's public shape", async () => {
    // Texts that JSON escapes, nulls and set values, and a timestamp with microseconds.
    const [one] = await queryRows<{ id: number }>(
      db(),
      sql`select r.id from advance_requests r join employees e on e.id = r.employee_id
          where e.employer_id = ${small.employerId} order by r.id limit 1`,
    );
    await db().execute(
      sql`update advance_requests set reason = ${'quote " back \\ slash / nl \n tab \t ctl \u0001\u001f del \u007f é 😀 \u2028'},
            rejection_reason = ${"a\rb\bc\fd"}, rejection_date = timestamptz '2026-03-04 05:06:07.999999+00',
            request_date = timestamptz '1999-12-31 23:59:59.000500+00', approved_by_id = null
          where id = ${Number(one.id)}`,
    );
    const rows = await db()
      .select()
      .from(advanceRequests)
      .innerJoin(
        employees,
        sql`${employees.id} = ${advanceRequests.employeeId}`,
      )
      .where(sql`${employees.companyId} = ${small.employerId}`)
      .orderBy(
        sql`${advanceRequests.requestDate} desc, ${advanceRequests.id} desc`,
      );
    const all = await call(
      allApi,
      await requestAs(small.employer, "/api/advance-requests/all"),
    );
    expect(await all.text()).toBe(
      JSON.stringify(rows.map((row) => toPublicAdvance(row.advance_requests))),
    );
    const summaries = await call(
      summariesApi,
      await requestAs(small.employer, "/api/employer/advance-requests"),
    );
    expect(await summaries.text()).toBe(
      JSON.stringify(
        rows.map((row) => {
          const { id, status, amount, requestDate } = toPublicAdvance(
            row.advance_requests,
          );
          return { id, status, amount, requestDate };
        }),
      ),
    );
  });

  it("writes a page of pending requests as JSON.stringify of the same page's objects", async () => {
    // Texts that JSON escapes in the request and in its employee, on a pending request.
    const [one] = await queryRows<{ id: number; user_id: number }>(
      db(),
      sql`select r.id, e.user_id from advance_requests r join employees e on e.id = r.employee_id
          where e.employer_id = ${small.employerId} and r.status = 'PENDING' order by r.id limit 1`,
    );
    await db().execute(
      sql`update advance_requests set reason = ${'quote " back \\ slash \n ctl \u0001 é 😀 \u2028'},
            request_date = timestamptz '1999-12-31 23:59:59.000500+00'
          where id = ${Number(one.id)}`,
    );
    await db().execute(
      sql`update users set first_name = ${'Zoë "Z"'}, department = null where id = ${Number(one.user_id)}`,
    );
    for (const [page, pageSize] of [
      [1, 3],
      [2, 3],
      [1, 100],
      [99, 3],
    ] as const) {
      const path = `/api/advance-requests/pending?page=${page}&pageSize=${pageSize}`;
      const res = await call(pendingApi, await requestAs(small.employer, path));
      const expected = await pagePendingRequests(small.employer, {
        page,
        pageSize,
      });
      expect(await res.text()).toBe(JSON.stringify(expected.items));
      expect(res.headers.get("X-Total-Count")).toBe(String(expected.total));
    }
  });

  it("keeps microseconds and breaks ties by id at chunk boundaries", async () => {
    // Three request dates a microsecond apart for the whole company: a cursor that rounded
    // them to milliseconds (a JS Date) would lose or repeat rows at every chunk boundary.
    await db().execute(
      sql`update advance_requests set request_date = timestamptz '2026-01-01 10:00:00.000001' + (id % 3) * interval '1 microsecond'
          where employee_id in (select id from employees where employer_id = ${large.employerId})`,
    );
    await expectSqlOrder(large);
  });
});
