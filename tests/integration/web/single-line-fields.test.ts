import { eq, sql } from "drizzle-orm";
import type * as z from "zod";
import { cardAuthorizations, companies, users } from "#db/schema";
import { action as addEmployeeAction } from "~/routes/_app.employees.add";
import { action as profileAction } from "~/routes/_app.profile";
import { action as settingsAction } from "~/routes/_app.settings";
import { action as registerApi } from "~/routes/api.register";
import { action as sandboxApi } from "~/routes/api.sandbox.card-authorizations";
import { db } from "~/utils/db.server";
import {
  addEmployeeSchema,
  employeeRegisterSchema,
  employerRegisterSchema,
  loginSchema,
} from "~/validation/auth";
import {
  sandboxAuthorizationSchema,
  simulatePurchaseSchema,
  simulateRefundSchema,
} from "~/validation/card";
import { singleLineMessage } from "~/validation/common";
import { profileSchema } from "~/validation/profile";
import { companySettingsSchema } from "~/validation/settings";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, insertCard } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Single-line text is single-line: every single-line
// field of every form and JSON body refuses control characters, bidirectional overrides and
// isolates and zero-width characters with a message naming the field, in the shared schema (so
// the browser says the same) and through the routes, which then change nothing.

// One database is enough: the refusals are the shared schemas' and the routes', made before any
// query; "nothing changed" is a plain read of the rows. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

/** One of each kind the rule refuses, with its name for the failure message. */
const FORBIDDEN: Array<[string, string]> = [
  ["CR LF", "\r\n"],
  ["LF", "\n"],
  ["CR", "\r"],
  ["tab", "\t"],
  ["NUL", "\u0000"],
  ["escape", "\u001b"],
  ["DEL", "\u007f"],
  ["C1 next line", "\u0085"],
  ["C1 CSI", "\u009b"],
  ["right-to-left override", "\u202e"],
  ["left-to-right embedding", "\u202a"],
  ["first strong isolate", "\u2068"],
  ["pop directional isolate", "\u2069"],
  ["right-to-left mark", "\u200f"],
  ["zero-width space", "\u200b"],
  ["zero-width joiner", "\u200d"],
  ["word joiner", "\u2060"],
  ["byte order mark", "\ufeff"],
  // The rest of the control, format, line and paragraph separator categories (Cc, Cf, Zl, Zp).
  ["line separator", "\u2028"],
  ["paragraph separator", "\u2029"],
  ["Arabic letter mark", "\u061c"],
  ["soft hyphen", "\u00ad"],
  ["invisible plus", "\u2064"],
  ["interlinear annotation anchor", "\ufff9"],
  ["tag letter A", "\u{e0041}"],
];

/** A value with the character inside it, and with it at the end (where trimming would hide it). */
const tainted = (value: string, char: string) => [
  `${value.slice(0, 2)}${char}${value.slice(2)}`,
  `${value}${char}`,
];

type Case = {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  fields: Record<string, string>;
};

const CASES: Case[] = [
  {
    name: "sign-in",
    schema: loginSchema,
    valid: { username: "alice", password: "password123" },
    fields: { username: "Username" },
  },
  {
    name: "employee registration",
    schema: employeeRegisterSchema,
    valid: {
      username: "nadia",
      password: "Basil-Lantern-62",
      firstName: "Nadia",
      lastName: "Reyes",
      email: "nadia@example.com",
      department: "Sales",
    },
    fields: {
      username: "Username",
      firstName: "First name",
      lastName: "Last name",
      department: "Department",
    },
  },
  {
    name: "employer registration",
    schema: employerRegisterSchema,
    valid: {
      username: "owner",
      password: "Basil-Lantern-62",
      firstName: "Olga",
      lastName: "Park",
      email: "olga@example.com",
      companyName: "Fresh Foods",
    },
    fields: { companyName: "Company name" },
  },
  {
    name: "add employee",
    schema: addEmployeeSchema,
    valid: {
      username: "newhire",
      password: "Basil-Lantern-62",
      firstName: "Nina",
      lastName: "Hale",
      email: "nina@example.com",
      department: "Ops",
    },
    fields: {
      username: "Username",
      firstName: "First name",
      lastName: "Last name",
      department: "Department",
    },
  },
  {
    name: "profile",
    schema: profileSchema,
    valid: {
      firstName: "Nadia",
      lastName: "Reyes",
      email: "nadia@example.com",
      department: "Sales",
    },
    fields: {
      firstName: "First name",
      lastName: "Last name",
      department: "Department",
    },
  },
  {
    name: "company settings",
    schema: companySettingsSchema,
    valid: {
      companyName: "Fresh Foods",
      contactEmail: "hr@example.com",
      contactPhone: "555 0100",
      maxAdvance: 500,
      approvalLimit: 0,
    },
    fields: { companyName: "Company name", contactPhone: "Contact phone" },
  },
  {
    name: "the sandbox's simulated purchase",
    schema: sandboxAuthorizationSchema,
    valid: {
      cardId: 1,
      amount: "12.50",
      merchantName: "Corner Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    },
    fields: { merchantName: "Merchant name" },
  },
  {
    name: "the card page's simulated purchase",
    schema: simulatePurchaseSchema,
    valid: {
      amount: "12.50",
      merchantName: "Corner Grocer",
      merchantCategory: "grocery_stores_supermarkets",
    },
    fields: { merchantName: "Merchant name" },
  },
  {
    name: "the sandbox's merchant refund",
    schema: simulateRefundSchema,
    valid: { amount: "2.00", merchantName: "Corner Grocer" },
    fields: { merchantName: "Merchant name" },
  },
];

describe("the shared schemas (browser and server)", () => {
  it.each(CASES)("$name: every single-line field refuses each kind", (c) => {
    expect(c.schema.safeParse(c.valid).success).toBe(true);
    for (const [field, label] of Object.entries(c.fields)) {
      for (const [kind, char] of FORBIDDEN) {
        for (const value of tainted(String(c.valid[field]), char)) {
          const parsed = c.schema.safeParse({ ...c.valid, [field]: value });
          expect(parsed.success, `${c.name} ${field} ${kind}`).toBe(false);
          const messages = parsed
            .error!.issues.filter((i) => i.path[0] === field)
            .map((i) => i.message);
          expect(messages, `${c.name} ${field} ${kind}`).toEqual([
            singleLineMessage(label),
          ]);
        }
      }
    }
  });

  it("keeps ordinary names: accents, apostrophes, hyphens, other scripts, inner spaces", () => {
    for (const name of ["José", "O'Brien", "Anne-Marie", "李 小龙", "Zoë  Ann"])
      expect(
        profileSchema.safeParse({ ...CASES[4].valid, firstName: name }).success,
        name,
      ).toBe(true);
  });
});

async function countUsers() {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(users);
  return row.n;
}

describe("through the routes: 400 with the field's message, nothing changed", () => {
  it("POST /api/register (employee and employer)", async () => {
    const before = await countUsers();
    const employee = { ...CASES[1].valid, role: "EMPLOYEE" };
    const employer = { ...CASES[2].valid, role: "EMPLOYER" };
    const attempts: Array<[Record<string, unknown>, string, string]> = [
      [{ ...employee, username: "nadia\r\nx" }, "username", "Username"],
      [
        { ...employee, firstName: "Eve\r\nBcc: injected@evil.example" },
        "firstName",
        "First name",
      ],
      [{ ...employee, lastName: "Re\u202eyes" }, "lastName", "Last name"],
      [{ ...employee, department: "Sa\u200bles" }, "department", "Department"],
      [
        { ...employer, companyName: "Fresh\nFoods" },
        "companyName",
        "Company name",
      ],
    ];
    for (const [json, field, label] of attempts) {
      const res = await call(
        registerApi,
        await requestAs(null, "/api/register", { json }),
      );
      expect(res.status, field).toBe(400);
      const body = await res.json();
      expect(body.errors[field], field).toEqual([singleLineMessage(label)]);
    }
    expect(await countUsers()).toBe(before);
  });

  it("the Add Employee form", async () => {
    const employer = await createEmployer();
    const before = await countUsers();
    const form = {
      username: "newhire",
      password: "Basil-Lantern-62",
      firstName: "Nina",
      lastName: "Hale",
      email: "nina@example.com",
      department: "Ops",
    };
    for (const [field, label] of Object.entries(CASES[3].fields)) {
      const res = await call(
        addEmployeeAction,
        await requestAs(employer, "/employees/add", {
          form: { ...form, [field]: `${form[field as keyof typeof form]}\r\n` },
        }),
      );
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(await res.json()), field).toContain(
        singleLineMessage(label),
      );
    }
    expect(await countUsers()).toBe(before);
  });

  it("the profile form", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Nadia" });
    for (const [field, label] of Object.entries(CASES[4].fields)) {
      const res = await call(
        profileAction,
        await requestAs(employee, "/profile", {
          form: {
            firstName: "Nadia",
            lastName: "Reyes",
            email: "nadia.reyes@example.com",
            department: "Sales",
            [field]: "Sa\u2066les",
          },
        }),
      );
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(await res.json()), field).toContain(
        singleLineMessage(label),
      );
    }
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.id, employee.id));
    expect(row.firstName).toBe("Nadia");
    expect(row.email).not.toBe("nadia.reyes@example.com");
  });

  it("the company settings form", async () => {
    const employer = await createEmployer({ companyName: "Acme Greens" });
    for (const [field, label] of Object.entries(CASES[5].fields)) {
      const res = await call(
        settingsAction,
        await requestAs(employer, "/settings", {
          form: {
            companyName: "Acme Greens",
            contactEmail: "hr@example.com",
            contactPhone: "555 0100",
            maxAdvance: "400",
            approvalLimit: "0",
            [field]: field === "contactPhone" ? "555\n0100" : "Acme\tGreens",
          },
        }),
      );
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(await res.json()), field).toContain(
        singleLineMessage(label),
      );
    }
    const [settings] = await db()
      .select()
      .from(companies)
      .where(eq(companies.id, employer.companyId!));
    expect(settings.companyName).toBe("Acme Greens");
    expect(settings.contactPhone).toBe("");
  });

  it("POST /api/sandbox/card-authorizations: the merchant's name", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const card = await insertCard(
      await insertAdvance(employee, { amount: "300.00", status: "APPROVED" }),
    );
    for (const merchantName of [
      "Fresh Market\r\nApproved by your bank",
      "Fresh \u202eMarket",
      "Fresh\u2028Market",
    ]) {
      const res = await call(
        sandboxApi,
        await requestAs(employee, "/api/sandbox/card-authorizations", {
          json: {
            cardId: card.id,
            amount: "5.00",
            merchantName,
            merchantCategory: "grocery_stores_supermarkets",
          },
        }),
      );
      expect(res.status, merchantName).toBe(400);
      expect((await res.json()).errors.merchantName, merchantName).toEqual([
        singleLineMessage("Merchant name"),
      ]);
    }
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(cardAuthorizations);
    expect(row.n).toBe(0);
  });
});
