import fc from "fast-check";
import type { User } from "#db/schema";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { insertAdvance } from "#tests/support/data";
import {
  employeeOf,
  releaseReservations,
  rowCounts,
} from "#tests/support/rows";
import { refusalMessage } from "#tests/support/toasts";
import { fuzzRuns } from "#tests/support/fuzz";
import * as appActivity from "~/routes/_app.activity";
import * as activityCsv from "~/routes/activity[.]csv";
import * as apiApprove from "~/routes/api.advance-requests.$id.approve";
import * as apiDecline from "~/routes/api.advance-requests.$id.decline";
import * as apiCancel from "~/routes/api.advance-requests.$id.cancel";
import * as appHistory from "~/routes/_app.history";
import * as apiAll from "~/routes/api.advance-requests.all";
import * as apiOwnRequests from "~/routes/api.advance-requests.employee";
import * as apiPending from "~/routes/api.advance-requests.pending";
import * as apiRequests from "~/routes/api.advance-requests";
import * as apiEmployee from "~/routes/api.employee";
import * as apiEmployees from "~/routes/api.employees";
import * as apiEmployerRequests from "~/routes/api.employer.advance-requests";
import * as apiLogin from "~/routes/api.login";
import * as apiLogout from "~/routes/api.logout";
import * as apiDeductions from "~/routes/api.payroll-deductions.upcoming";
import * as apiRegister from "~/routes/api.register";
import * as apiUser from "~/routes/api.user";
import * as apiCards from "~/routes/api.virtual-cards";
import * as appApprovals from "~/routes/_app.approvals";
import * as appEmployees from "~/routes/_app.employees._index";
import * as appEmployeesAdd from "~/routes/_app.employees.add";
import * as appEmployeeDetails from "~/routes/_app.employees.$id";
import * as appCheckout from "~/routes/_app.checkout";
import * as apiIntent from "~/routes/api.create-payment-intent";
import * as apiCard from "~/routes/api.create-grocery-card";
import * as appPayroll from "~/routes/_app.payroll";
import * as apiPayrollRuns from "~/routes/api.payroll-runs";
import * as apiPayrollResults from "~/routes/api.payroll-runs.$id.results";
import * as apiPaySchedule from "~/routes/api.pay-schedule";
import { createPayrollRun } from "~/models/payroll/index.server";
import { getSessionUser } from "~/models/people/index.server";
import * as appProfile from "~/routes/_app.profile";
import * as appRequest from "~/routes/_app.request";
import * as appSettings from "~/routes/_app.settings";
import * as auth from "~/routes/auth";
import * as howItWorks from "~/routes/how-it-works";
import * as logout from "~/routes/logout";
import { getSessionToken } from "~/web/session.server";

// Bad input: generated bodies for every POST endpoint and form action — wrong types,
// missing and extra fields, huge strings, unicode (NUL, lone surrogates, RTL, emoji), nested
// objects, malformed JSON, wrong content types. Never a 5xx (a thrown error is Remix's 500);
// every refusal carries a message; a refusal changes no row count.
//
// Password hashing is swapped for a cheap stand-in in this file only: scrypt costs ~100 ms a
// call here, and thousands of well-formed sign-ins would take minutes. The input handling
// under test is the same; scrypt itself is exercised by auth.test.ts.
vi.mock("~/utils/password.server", () => {
  const encode = (password: string) =>
    `plain$${Buffer.from(password).toString("base64")}`;
  return {
    hashPassword: async (password: string) => encode(password),
    verifyPassword: async (password: string, stored: string) =>
      encode(password) === stored,
    dummyPasswordHash: async () => encode("\u0001dummy"),
  };
});

// One database is enough: what a refused input changes is a row count, and input handling
// runs before any query; the text each database refuses has its own tests on both. (.ci/run
// runs it on PostgreSQL only.)
useTestDatabase();
// A thousand bodies per endpoint (`npm run test:fuzz`) take a few seconds alone, and several
// times that while other test files run beside this one.
vi.setConfig({ testTimeout: 120_000 });

const RUNS = fuzzRuns({ ci: 100, deep: 1000 });
let generatedInputs = 0;

// ---- Generators ------------------------------------------------------------------------------

const HUGE = "x".repeat(70_000);
const HUGE_UNICODE = "𝔊ü".repeat(12_000);

const awkward = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202eevil",
  "\ufeff300",
  "Eve\r\nBcc: injected@evil.example",
  "Nadia\u2066Reyes\u2069",
  "zero\u200bwidth",
  "😀".repeat(60),
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0",
  "0",
  "1e309",
  "2e2",
  "300.001",
  "300.1",
  " 300 ",
  "0x1F4",
  "٣٠٠",
  "３００",
  "300,00",
  "$300",
  "9".repeat(400),
  "2147483648",
  "99999999999999999999",
  "' or 1=1 --",
  "'); drop table users; --",
  "<script>alert(1)</script>",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "true",
  "on",
  "[]",
  "{}",
  "%00",
  "a".repeat(101),
  "a".repeat(501),
  "a".repeat(5_000),
  "user@example.com",
  "not-an-email",
);

const text = fc.oneof(
  { weight: 4, arbitrary: awkward },
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, HUGE_UNICODE) },
);

const { value: anyValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 3 }),
  ),
}));

/**
 * Characters that break careless code: NUL, a lone surrogate, RTL override, quotes, and every
 * kind single-line fields refuse (line breaks, C0 and C1 controls, bidirectional overrides and
 * isolates, zero-width characters)...
 */
const POISON = fc.constantFrom(
  "\u0000",
  "\n",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
  "\u202a",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u200d",
  "\u2060",
  "\ud800",
  "\udc00",
  "\u202e",
  "\ufeff",
  "😀",
  "'",
  '"',
  "\\",
  "%00",
  "\r\n",
  "\t",
  " ",
  "a".repeat(600),
);

/** A valid value with a poison character spliced in (as text, whatever its type was). */
function corrupt(valid: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.tuple(valid, POISON, fc.nat()).map(([value, poison, at]) => {
    const base = String(value);
    const i = at % (base.length + 1);
    return base.slice(0, i) + poison + base.slice(i);
  });
}

type Fields = Record<string, fc.Arbitrary<unknown>>;

/** Own properties, even for keys such as "__proto__". */
function assign(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * An object body: either every known field present or not, valid or not, plus stray fields;
 * or a valid body with exactly one field replaced or removed (which reaches the deeper checks
 * that a random mix rarely gets past the first field's).
 */
function objectBody(fields: Fields): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const entries = keys.map((key) =>
    fc
      .option(fc.oneof(fields[key], anyValue), { nil: undefined, freq: 3 })
      .map((value) => [key, value] as const),
  );
  const mix = fc
    .tuple(
      fc.tuple(...entries),
      fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 }),
    )
    .map(([known, extra]) => {
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(extra))
        assign(body, key, value);
      for (const [key, value] of known)
        if (value !== undefined) assign(body, key, value);
      return body;
    });
  if (keys.length === 0) return mix;
  const oneChanged = fc
    .tuple(
      fc.record(fields as Record<string, fc.Arbitrary<unknown>>),
      fc.constantFrom(...keys).chain((key) =>
        fc.tuple(
          fc.constant(key),
          fc.option(fc.oneof(anyValue, corrupt(fields[key])), {
            nil: undefined,
            freq: 6,
          }),
        ),
      ),
    )
    .map(([valid, [key, replacement]]) => {
      const body: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(valid)) assign(body, k, v);
      if (replacement === undefined) delete body[key];
      else assign(body, key, replacement);
      return body;
    });
  return fc.oneof(mix, oneChanged);
}

const malformedJson = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.json().map((json) => json.slice(0, Math.max(0, json.length - 1))),
  fc.constantFrom(
    "{",
    '{"amount":',
    "[]",
    "[1,2]",
    "null",
    "1",
    '"text"',
    "true",
    "{'amount': 300}",
    '{"amount": 300,}',
    "\ufeff{}",
    '{"__proto__": {"role": "EMPLOYER"}, "amount": "300"}',
    '{"constructor": {"prototype": {"admin": true}}}',
    "[".repeat(20_000),
    '{"a":'.repeat(5_000),
    `{"reason": "${HUGE}"}`,
  ),
);

const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "application/json; charset=latin1",
  "garbage",
  "",
];

type RawBody = { contentType?: string; body: BodyInit | null };

/** A JSON endpoint's body: mostly JSON objects, also malformed text and wrong types. */
function jsonBodies(fields: Fields): fc.Arbitrary<RawBody> {
  const object = objectBody(fields);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: object.map((o) => ({
        contentType: "application/json",
        body: JSON.stringify(o),
      })),
    },
    {
      weight: 2,
      arbitrary: malformedJson.map((t) => ({
        contentType: "application/json",
        body: t,
      })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(object, fc.constantFrom(...WRONG_TYPES))
        .map(([o, contentType]) => ({
          contentType: contentType || undefined,
          body: JSON.stringify(o),
        })),
    },
    { weight: 1, arbitrary: fc.constant({ body: null }) },
  );
}

type FormFields = Record<string, fc.Arbitrary<string>>;

/**
 * A form's fields as name/value pairs: known ones (valid or not, repeated) and strays; or a
 * valid form with exactly one field replaced or left out.
 */
function formPairs(fields: FormFields): fc.Arbitrary<[string, string][]> {
  const keys = Object.keys(fields);
  const entries = keys.map((key) =>
    fc
      .array(fc.oneof({ weight: 2, arbitrary: fields[key] }, text), {
        minLength: 0,
        maxLength: 2,
      })
      .map((values) => values.map((v) => [key, v] as [string, string])),
  );
  const mix = fc
    .tuple(
      fc.tuple(...entries),
      fc.array(fc.tuple(text, text), { maxLength: 2 }),
    )
    .map(([known, extra]) => [...known.flat(), ...extra]);
  const oneChanged = fc
    .tuple(
      fc.record(fields),
      fc.constantFrom(...keys).chain((key) =>
        fc.tuple(
          fc.constant(key),
          fc.option(fc.oneof(text, corrupt(fields[key])), {
            nil: undefined,
            freq: 6,
          }),
        ),
      ),
    )
    .map(([valid, [key, replacement]]) =>
      Object.entries(valid).flatMap(([k, v]): [string, string][] =>
        k !== key
          ? [[k, v]]
          : replacement === undefined
            ? []
            : [[k, replacement]],
      ),
    );
  return fc.oneof(mix, oneChanged);
}

/** A form action's body: url-encoded or multipart forms, and everything that is not a form. */
function formBodies(fields: FormFields): fc.Arbitrary<RawBody> {
  const pairs = formPairs(fields);
  return fc.oneof(
    {
      weight: 6,
      arbitrary: pairs.map((p) => ({
        contentType: "application/x-www-form-urlencoded",
        body: new URLSearchParams(p).toString(),
      })),
    },
    {
      weight: 2,
      arbitrary: pairs.map((p) => {
        const form = new FormData();
        for (const [k, v] of p) form.append(k, v);
        return { body: form };
      }),
    },
    {
      weight: 1,
      arbitrary: pairs.map((p) => {
        const form = new FormData();
        for (const [k, v] of p) form.append(k, new Blob([v]), "upload.txt");
        return { body: form };
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ maxLength: 40 }), fc.constantFrom(...WRONG_TYPES))
        .map(([raw, contentType]) => ({
          contentType: contentType || undefined,
          body: raw,
        })),
    },
    {
      weight: 1,
      arbitrary: pairs.map((p) => ({
        contentType: "application/json",
        body: JSON.stringify(Object.fromEntries(p)),
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {
          contentType: "application/x-www-form-urlencoded",
          body: "%%%&&==%zz&amount=%E0%A4%A",
        },
        { contentType: "application/x-www-form-urlencoded", body: HUGE },
        {
          contentType: "multipart/form-data; boundary=abc",
          body: '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
        },
        { contentType: undefined, body: null },
      ),
    },
  );
}

// ---- The check ---------------------------------------------------------------------------------

type Handler = Parameters<typeof call>[0];
type Target = {
  handler: Handler;
  path: string;
  params?: Record<string, string>;
  user: User | null;
  /** POST unless said (PUT /api/pay-schedule). */
  method?: string;
};

/**
 * Posts one generated body and checks the rules: no 5xx and no thrown error; a refusal (4xx)
 * carries a message and leaves every row count as it was.
 */
async function postAndCheck(
  target: Target,
  raw: RawBody,
  kind: "api" | "page",
) {
  generatedInputs++;
  const headers: Record<string, string> = {};
  if (raw.contentType !== undefined) headers["Content-Type"] = raw.contentType;
  if (target.user && !SESSION_ENDING.test(target.path)) {
    headers["Cookie"] = await sessionCookie(target.user);
  }
  const request = await requestAs(
    headers["Cookie"] ? null : target.user,
    target.path,
    { method: target.method ?? "POST", headers, body: raw.body },
  );
  const before = (countsBefore ??= await rowCounts());
  const res = await call(target.handler, request, target.params ?? {});
  expect(res.status, "a server error").toBeLessThan(500);
  if (res.status < 400) {
    // An accepted input may change rows and end sessions: both are read afresh next time.
    countsBefore = undefined;
    liveSessions.clear();
    return;
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (kind === "api") {
    expect(body, `not JSON: ${text.slice(0, 100)}`).toMatchObject({
      message: expect.any(String),
    });
    expect((body as { message: string }).message.length).toBeGreaterThan(0);
  } else {
    expect(
      refusalMessage(body),
      `no message: ${text.slice(0, 200)}`,
    ).toBeTruthy();
  }
  countsBefore = await rowCounts();
  expect(countsBefore, "a refusal changed the data").toEqual(before);
}

/**
 * The row counts as the last check left them: a refusal changes nothing (that is checked), so
 * its counts after are the next input's counts before; an accepted input clears them.
 */
let countsBefore: Record<string, number> | undefined;
/** Users whose cached session was found live since the last accepted input (none ended). */
const liveSessions = new Set<number>();

/** Paths whose success ends the caller's own session: they get a fresh one every time. */
const SESSION_ENDING = /logout/;
const sessions = new Map<number, string>();

/**
 * One session per user for the whole file, instead of a new session row for every generated
 * input: what is under test is the input handling, and a session that some input revoked is
 * noticed (it is checked again after every accepted input, the only kind that can end one) and
 * replaced.
 */
async function sessionCookie(user: User): Promise<string> {
  const cached = sessions.get(user.id);
  if (cached && liveSessions.has(user.id)) return cached;
  liveSessions.add(user.id);
  if (cached && (await sessionIsLive(cached))) return cached;
  const request = await requestAs(user, "/");
  const cookie = request.headers.get("Cookie")!;
  sessions.set(user.id, cookie);
  return cookie;
}

/** A GET as the user, on their file-wide session. */
async function cachedRequest(user: User | null, path: string) {
  if (!user) return requestAs(null, path);
  return requestAs(null, path, {
    headers: { Cookie: await sessionCookie(user) },
  });
}

async function sessionIsLive(cookie: string): Promise<boolean> {
  const token = await getSessionToken(
    new Request("http://localhost/", { headers: { Cookie: cookie } }),
  );
  return token !== null && (await getSessionUser(token)) !== null;
}

function run(
  arbitrary: fc.Arbitrary<{ target: Target; raw: RawBody }>,
  kind: "api" | "page",
) {
  // The set-up of a test may have changed rows and sessions.
  countsBefore = undefined;
  liveSessions.clear();
  return fc.assert(
    fc.asyncProperty(arbitrary, ({ target, raw }) =>
      postAndCheck(target, raw, kind),
    ),
    { numRuns: RUNS },
  );
}

// ---- Data ----------------------------------------------------------------------------------------

let employer: User;
let otherEmployer: User;
let employee: User;
let employeeId: number;
const pendingIds: number[] = [];

beforeAll(async () => {
  employer = await createEmployer();
  otherEmployer = await createEmployer();
  employee = await createEmployee(employer);
  employeeId = (await employeeOf(employee)).id;
  const other = await createEmployee(otherEmployer);
  for (let i = 0; i < 5; i++) {
    pendingIds.push((await insertAdvance(employee, { amount: "200.00" })).id);
    pendingIds.push((await insertAdvance(other, { amount: "200.00" })).id);
  }
});

afterAll(() => {
  console.info(
    `bad input: ${generatedInputs} generated inputs, no 5xx, every refusal with a message`,
  );
});

const validAmount = fc.constantFrom("200", "250.50", "300.00", "500");
/** A username nobody has yet (almost always). */
const newUsername = fc.stringMatching(/^[a-z][a-z0-9_]{3,12}$/);
const validId = () => fc.constantFrom(...pendingIds.map(String));
const anyActor = () =>
  fc.constantFrom<User | null>(employee, employee, employee, employer, null);
const anyEmployerActor = () =>
  fc.constantFrom<User | null>(employer, employer, employer, employee, null);

/** An id as a URL path segment (a browser sends a lone surrogate as U+FFFD). */
const pathPart = (id: string) =>
  encodeURIComponent(
    id.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      "\ufffd",
    ),
  );

const ids = () =>
  fc.oneof(
    validId(),
    text,
    fc.integer().map(String),
    fc.constantFrom("0", "-1", "1.5", "1e3", "2147483648", "%20", "00001"),
  );

// ---- Properties: the JSON API --------------------------------------------------------------------

describe("bad input never breaks the API", () => {
  it("POST /api/advance-requests", async () => {
    await releaseReservations(employee);
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: apiRequests.action,
          path: "/api/advance-requests",
          user,
        })),
        raw: jsonBodies({
          employeeId: fc.constantFrom(employeeId, String(employeeId)),
          amount: fc.oneof(validAmount, fc.constantFrom(200, 350.5)),
          reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
          repaymentPeriods: fc.constantFrom(1, 2, 3),
        }),
      }),
      "api",
    );
  });

  it("POST /api/advance-requests/{id}/approve", async () => {
    await run(
      fc.record({
        target: fc.tuple(anyEmployerActor(), ids()).map(([user, id]) => ({
          handler: apiApprove.action,
          path: `/api/advance-requests/${pathPart(id)}/approve`,
          params: { id },
          user,
        })),
        raw: jsonBodies({ reason: fc.string({ maxLength: 20 }) }),
      }),
      "api",
    );
  });

  it("POST /api/advance-requests/{id}/decline", async () => {
    await run(
      fc.record({
        target: fc.tuple(anyEmployerActor(), ids()).map(([user, id]) => ({
          handler: apiDecline.action,
          path: `/api/advance-requests/${pathPart(id)}/decline`,
          params: { id },
          user,
        })),
        raw: jsonBodies({
          reason: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null)),
        }),
      }),
      "api",
    );
  });

  it("POST /api/register (self-registration)", async () => {
    await run(
      fc.record({
        target: fc.constant({
          handler: apiRegister.action,
          path: "/api/register",
          user: null,
        }),
        raw: jsonBodies({
          username: newUsername,
          password: fc.constantFrom(TEST_PASSWORD, "Basil-Lantern-62"),
          firstName: fc.constantFrom("Ann", "Zoë"),
          lastName: fc.constantFrom("Lee", "O'Neil"),
          email: fc.constantFrom("ann@example.com"),
          role: fc.constantFrom("EMPLOYEE", "EMPLOYER"),
          department: fc.constantFrom("Bakery"),
          companyName: fc.constantFrom("Foods Co"),
        }),
      }),
      "api",
    );
  });

  it("POST /api/register with employerId (an employer adds an employee)", async () => {
    await run(
      fc.record({
        target: anyEmployerActor().map((user) => ({
          handler: apiRegister.action,
          path: "/api/register",
          user,
        })),
        raw: jsonBodies({
          employerId: fc.constantFrom(otherEmployer.id, String(employer.id)),
          username: newUsername,
          password: fc.constantFrom(TEST_PASSWORD),
          firstName: fc.constantFrom("Ann"),
          lastName: fc.constantFrom("Lee"),
          email: fc.constantFrom("ann@example.com"),
          department: fc.constantFrom("Bakery"),
        }),
      }),
      "api",
    );
  });

  it("POST /api/login", async () => {
    await run(
      fc.record({
        target: fc.constant({
          handler: apiLogin.action,
          path: "/api/login",
          user: null,
        }),
        raw: jsonBodies({
          username: fc.constantFrom(employee.username, "nobody"),
          password: fc.constantFrom(TEST_PASSWORD),
          remember: fc.constantFrom(true, false, "on"),
          code: fc.constantFrom("123456", "abcde-fghij"),
        }),
      }),
      "api",
    );
  });

  it("POST /api/logout", async () => {
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: apiLogout.action,
          path: "/api/logout",
          user,
        })),
        raw: jsonBodies({}),
      }),
      "api",
    );
  });

  it("POST to the read-only endpoints (405 with a message)", async () => {
    const readOnly: [string, Handler][] = [
      ["/api/user", apiUser.action],
      ["/api/employee", apiEmployee.action],
      ["/api/employees", apiEmployees.action],
      ["/api/virtual-cards", apiCards.action],
      ["/api/advance-requests/employee", apiOwnRequests.action],
      ["/api/advance-requests/pending", apiPending.action],
      ["/api/advance-requests/all", apiAll.action],
      ["/api/employer/advance-requests", apiEmployerRequests.action],
      ["/api/payroll-deductions/upcoming", apiDeductions.action],
    ];
    await run(
      fc.record({
        target: fc
          .tuple(fc.constantFrom(...readOnly), anyActor())
          .map(([[path, handler], user]) => ({ handler, path, user })),
        raw: jsonBodies({ id: fc.integer() }),
      }),
      "api",
    );
  });
});

// ---- Properties: the form actions ----------------------------------------------------------------

describe("bad input never breaks a form action", () => {
  it("POST /auth (sign in and both registrations)", async () => {
    await run(
      fc.record({
        target: fc.constant({
          handler: auth.action,
          path: "/auth",
          user: null,
        }),
        raw: formBodies({
          intent: fc.constantFrom(
            "login",
            "mfa",
            "register-employee",
            "register-employer",
          ),
          code: fc.constantFrom("123456", "abcde-fghij"),
          username: fc.oneof(fc.constant(employee.username), newUsername),
          password: fc.constantFrom(TEST_PASSWORD),
          remember: fc.constantFrom("on", "true"),
          redirectTo: fc.constantFrom("/history", "/"),
          firstName: fc.constantFrom("Ann"),
          lastName: fc.constantFrom("Lee"),
          email: fc.constantFrom("ann@example.com"),
          department: fc.constantFrom("Bakery"),
          companyName: fc.constantFrom("Foods Co"),
        }),
      }),
      "page",
    );
  });

  it("POST /request", async () => {
    await releaseReservations(employee);
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: appRequest.action,
          path: "/request",
          user,
        })),
        raw: formBodies({
          amount: validAmount,
          reason: fc.string({ maxLength: 20 }),
          repaymentPeriods: fc.constantFrom("1", "2", "3"),
          terms: fc.constantFrom("on"),
          paymentMethod: fc.constantFrom("existing", "new"),
          accountType: fc.constantFrom("checking", "savings"),
          routingNumber: fc.constantFrom("123456789"),
          accountNumber: fc.constantFrom("1234567", "12345678901234567"),
        }),
      }),
      "page",
    );
  });

  it("POST /approvals (approve and decline)", async () => {
    await run(
      fc.record({
        target: anyEmployerActor().map((user) => ({
          handler: appApprovals.action,
          path: "/approvals",
          user,
        })),
        raw: formBodies({
          intent: fc.constantFrom("approve", "decline"),
          requestId: validId(),
          reason: fc.string({ maxLength: 20 }),
          redirectTo: fc.constantFrom("/", "/approvals"),
        }),
      }),
      "page",
    );
  });

  it("POST /employees/add", async () => {
    await run(
      fc.record({
        target: anyEmployerActor().map((user) => ({
          handler: appEmployeesAdd.action,
          path: "/employees/add",
          user,
        })),
        raw: formBodies({
          username: newUsername,
          password: fc.constantFrom(TEST_PASSWORD),
          firstName: fc.constantFrom("Ann"),
          lastName: fc.constantFrom("Lee"),
          email: fc.constantFrom("ann@example.com"),
          department: fc.constantFrom("Bakery", ""),
          // Strays a forger might add: both are ignored.
          employerId: fc.constantFrom(String(otherEmployer.id)),
          role: fc.constantFrom("EMPLOYER"),
        }),
      }),
      "page",
    );
  });

  it("POST /settings", async () => {
    await run(
      fc.record({
        target: anyEmployerActor().map((user) => ({
          handler: appSettings.action,
          path: "/settings",
          user,
        })),
        raw: formBodies({
          companyName: fc.constantFrom("Acme", "Zoë's Foods"),
          contactEmail: fc.constantFrom("hr@example.com", ""),
          contactPhone: fc.constantFrom("555-0100", "+1 (555) 010-0000 x12"),
          maxAdvance: fc.constantFrom("500", "350.5"),
          approvalLimit: fc.constantFrom("200", "0"),
          processingFee: fc.constantFrom("0"),
          notifyNewRequests: fc.constantFrom("on"),
          notifyMonthlyReports: fc.constantFrom("on"),
          notifySystemUpdates: fc.constantFrom("on"),
        }),
      }),
      "page",
    );
  });

  it("POST /profile", async () => {
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: appProfile.action,
          path: "/profile",
          user,
        })),
        raw: formBodies({
          firstName: fc.constantFrom("Eddie"),
          lastName: fc.constantFrom("Employee"),
          email: fc.constantFrom("eddie@example.com"),
          department: fc.constantFrom("Produce", ""),
          currentPassword: fc.constantFrom(TEST_PASSWORD),
          newPassword: fc.constantFrom(TEST_PASSWORD),
          confirmPassword: fc.constantFrom(TEST_PASSWORD),
        }),
      }),
      "page",
    );
  });

  it("POST /profile and /settings: the session list and two-factor forms", async () => {
    await run(
      fc.record({
        target: fc
          .tuple(
            fc.constantFrom(
              ["/profile", appProfile.action] as const,
              ["/settings", appSettings.action] as const,
            ),
            anyActor(),
          )
          .map(([[path, handler], user]) => ({ handler, path, user })),
        raw: formBodies({
          intent: fc.constantFrom(
            "sign-out-others",
            "revoke-session",
            "mfa-start",
            "mfa-confirm",
            "mfa-cancel",
            "mfa-disable",
          ),
          sessionId: fc.constantFrom("1", "999999"),
          code: fc.constantFrom("123456", "abcde-fghij"),
          password: fc.constantFrom(TEST_PASSWORD),
        }),
      }),
      "page",
    );
  });

  it("POST /checkout, /api/create-payment-intent and /api/create-grocery-card", async () => {
    await releaseReservations(employee);
    const approved = await insertAdvance(employee, {
      amount: "250.00",
      status: "APPROVED",
    });
    const requestId = fc.oneof(
      fc.constantFrom(approved.id, String(approved.id)),
      ids(),
    );
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: apiIntent.action,
          path: "/api/create-payment-intent",
          user,
        })),
        raw: jsonBodies({
          amount: fc.oneof(fc.constantFrom("250.00", 250), validAmount),
          advanceRequestId: requestId,
        }),
      }),
      "api",
    );
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: apiCard.action,
          path: "/api/create-grocery-card",
          user,
        })),
        raw: jsonBodies({ advanceRequestId: requestId }),
      }),
      "api",
    );
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: appCheckout.action,
          path: `/checkout?amount=250.00&requestId=${approved.id}`,
          user,
        })),
        raw: formBodies({
          intent: fc.constantFrom("pay", "issue-card"),
          amount: fc.constantFrom("250.00"),
          requestId: fc.constantFrom(String(approved.id)),
          cardNumber: fc.constantFrom(
            "4242 4242 4242 4242",
            "4000 0000 0000 0002",
          ),
          expiry: fc.constantFrom("12 / 30", "01/2031"),
          cvc: fc.constantFrom("123"),
        }),
      }),
      "page",
    );
  });

  it("POST /payroll and POST /logout", async () => {
    await run(
      fc.record({
        target: fc
          .tuple(
            fc.constantFrom<[string, Handler]>(
              ["/payroll", appPayroll.action],
              ["/logout", logout.action],
            ),
            anyEmployerActor(),
          )
          .map(([[path, handler], user]) => ({ handler, path, user })),
        raw: formBodies({ confirm: fc.constantFrom("on", "true") }),
      }),
      "page",
    );
  });
});

// ---- The money after the card: runs, results, pay schedule, offboarding ---------------------------

const payDates = () =>
  fc.oneof(
    text,
    fc.constantFrom("2026-11-01", "2099-01-01", "2026-02-30", "", "26-11-01"),
  );
const collected = () =>
  fc.oneof(
    text,
    fc.constantFrom("1.00", "0", "-1", "1e9", "0.001", "99999999.99"),
    fc.constantFrom(1, -5, 0.5),
  );

describe("bad input never breaks the payroll, the pay schedule or offboarding", () => {
  it("POST /api/payroll-runs, /api/payroll-runs/{id}/results and PUT /api/pay-schedule", async () => {
    const { run: payrollRun } = await createPayrollRun(employer, {
      payDate: "2026-01-15",
    });
    const runIds = () => fc.oneof(fc.constant(String(payrollRun.id)), ids());
    await run(
      fc.record({
        target: fc
          .tuple(
            fc.constantFrom<["runs" | "results" | "schedule", Handler]>(
              ["runs", apiPayrollRuns.action],
              ["results", apiPayrollResults.action],
              ["schedule", apiPaySchedule.action],
            ),
            anyEmployerActor(),
            runIds(),
          )
          .map(([[kind, handler], user, id]) => ({
            handler,
            user,
            ...(kind === "runs"
              ? { path: "/api/payroll-runs" }
              : kind === "results"
                ? {
                    path: `/api/payroll-runs/${pathPart(id)}/results`,
                    params: { id },
                  }
                : { path: "/api/pay-schedule", method: "PUT" }),
          })),
        raw: jsonBodies({
          payDate: payDates(),
          frequency: fc.oneof(
            text,
            fc.constantFrom("WEEKLY", "MONTHLY", "SEMIMONTHLY", "DAILY"),
          ),
          nextPayDate: payDates(),
          results: fc.oneof(
            fc.constant([]),
            text,
            fc
              .array(
                fc.record({
                  deductionId: fc.oneof(fc.integer(), text),
                  collectedAmount: collected(),
                }),
                { maxLength: 3 },
              )
              // Plain JSON values (the body is JSON; the generator also corrupts them as text).
              .map((list) => JSON.parse(JSON.stringify(list)) as unknown),
          ),
        }),
      }),
      "api",
    );
  });

  it("POST /payroll (a run's results), /settings (pay schedule) and /employees/:id (offboard)", async () => {
    const { run: payrollRun } = await createPayrollRun(employer, {
      payDate: "2026-01-16",
    });
    // Someone to offboard: a valid post offboards them (a success, not a refusal).
    const leavers: string[] = [];
    for (let i = 0; i < 3; i++)
      leavers.push(
        String((await employeeOf(await createEmployee(employer))).id),
      );
    await run(
      fc.record({
        target: fc
          .tuple(
            fc.constantFrom("payroll", "settings", "offboard"),
            anyEmployerActor(),
            fc.oneof(fc.constantFrom(...leavers), ids()),
          )
          .map(([kind, user, id]) => ({
            user,
            ...(kind === "payroll"
              ? { handler: appPayroll.action, path: "/payroll" }
              : kind === "settings"
                ? { handler: appSettings.action, path: "/settings" }
                : {
                    handler: appEmployeeDetails.action,
                    path: `/employees/${pathPart(id)}`,
                    params: { id },
                  }),
          })),
        raw: formBodies({
          intent: fc.constantFrom(
            "collect-all",
            "result",
            "upload",
            "pay-schedule",
          ),
          runId: fc.oneof(fc.constant(String(payrollRun.id)), ids()),
          deductionId: fc.oneof(fc.integer().map(String), text),
          collectedAmount: collected().map(String),
          frequency: fc.constantFrom("WEEKLY", "MONTHLY", "DAILY", ""),
          nextPayDate: payDates(),
          lastPayDate: payDates(),
          confirm: fc.constantFrom("on", "true", ""),
        }),
      }),
      "page",
    );
  });
});

// ---- Query strings: the loaders that read them ---------------------------------------------------

describe("bad query strings never break a page", () => {
  it("GET /employees, /employees/:id, /approvals, /checkout, /auth, /how-it-works, /activity and /activity.csv", async () => {
    const pages: [string, Handler, User | null][] = [
      ["/employees", appEmployees.loader, employer],
      ["/approvals", appApprovals.loader, employer],
      ["/checkout", appCheckout.loader, employee],
      ["/auth", auth.loader, null],
      ["/how-it-works", howItWorks.loader, null],
      ["/activity", appActivity.loader, employer],
      ["/activity.csv", activityCsv.loader, employer],
    ];
    const query = fc.array(
      fc.tuple(
        fc.constantFrom(
          "q",
          "page",
          "decline",
          "dialog",
          "amount",
          "requestId",
          "redirectTo",
          "tab",
          "as",
          "date",
          "payDate",
          "employee",
          "action",
        ),
        fc.oneof(
          text.filter((t) => t.length < 3_000),
          corrupt(fc.constantFrom("Ann", "2", "300", "/history", "register")),
        ),
      ),
      { maxLength: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        query,
        ids(),
        async ([path, handler, user], pairs, id) => {
          generatedInputs++;
          const search = new URLSearchParams(pairs).toString();
          const res = await call(
            handler,
            await cachedRequest(user, `${path}?${search}`),
          );
          expect(res.status).toBeLessThan(500);
          const details = await call(
            appEmployeeDetails.loader,
            await cachedRequest(employer, `/employees/${pathPart(id)}`),
            { id },
          );
          expect([200, 404]).toContain(details.status);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// ---- The cases the generators found, pinned -------------------------------------------------------

describe("text PostgreSQL cannot store", () => {
  it("refuses a NUL character or a lone surrogate with 400 and a message, writing nothing", async () => {
    const before = await rowCounts();
    const register = (firstName: string) =>
      requestAs(null, "/api/register", {
        json: {
          username: "zoe_surrogate",
          password: TEST_PASSWORD,
          firstName,
          lastName: "Lee",
          email: "zoe@example.com",
          role: "EMPLOYEE",
        },
      });
    for (const [firstName, message] of [
      ["Zoë\udc00", "Text must be valid Unicode."],
      ["Zo\ud800ë", "Text must be valid Unicode."],
      ["Zo\u0000ë", "Text cannot contain null characters."],
    ]) {
      const res = await call(apiRegister.action, await register(firstName));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
    const login = await call(
      apiLogin.action,
      await requestAs(null, "/api/login", {
        json: { username: "a\u0000b", password: "x" },
      }),
    );
    expect(login.status).toBe(400);

    const form = await call(
      appRequest.action,
      await requestAs(employee, "/request", {
        form: { amount: "200", terms: "on", reason: "milk\u0000" },
      }),
    );
    expect(form.status).toBe(400);
    expect(await form.json()).toEqual({
      message: "Text cannot contain null characters.",
    });

    const search = await call(
      appEmployees.loader,
      await requestAs(employer, "/employees?q=%00"),
    );
    expect(search.status).toBe(200);
    expect(await rowCounts()).toEqual(before);
  });
});

// Cancelling last: a generated valid cancel really cancels one of the pending requests, which
// the properties above still want pending.
describe("bad input never breaks cancelling", () => {
  it("POST /api/advance-requests/{id}/cancel", async () => {
    await run(
      fc.record({
        target: fc.tuple(anyActor(), ids()).map(([user, id]) => ({
          handler: apiCancel.action,
          path: `/api/advance-requests/${pathPart(id)}/cancel`,
          params: { id },
          user,
        })),
        raw: jsonBodies({ reason: fc.string({ maxLength: 20 }) }),
      }),
      "api",
    );
  });

  it("POST /history (Cancel request)", async () => {
    await run(
      fc.record({
        target: anyActor().map((user) => ({
          handler: appHistory.action,
          path: "/history",
          user,
        })),
        raw: formBodies({
          intent: fc.constantFrom("cancel"),
          requestId: validId(),
          redirectTo: fc.constantFrom("/", "/history", "https://evil.example"),
        }),
      }),
      "page",
    );
  });
});
