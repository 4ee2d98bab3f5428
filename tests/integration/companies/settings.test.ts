import { eq } from "drizzle-orm";
import { companies, employees, type User } from "#db/schema";
import {
  getCompanySettings,
  updateCompanySettings,
} from "~/models/companies/index.server";
import { getUserById } from "~/models/people/index.server";
import {
  action as settingsAction,
  loader as settingsLoader,
} from "~/routes/_app.settings";
import { subscribe, type AppEvent } from "~/services/events.server";
import { db } from "~/utils/db.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import type { CompanySettingsInput } from "~/validation/settings";

useTestDatabase();

const validForm = {
  companyName: "Fresh Foods Co.",
  contactEmail: "hr@freshfoods.example",
  contactPhone: "+1 (555) 010-2030",
  maxAdvance: "400",
  approvalLimit: "250.50",
  notifyNewRequests: "on",
  notifySystemUpdates: "on",
};

const validInput: CompanySettingsInput = {
  companyName: "Fresh Foods Co.",
  contactEmail: "",
  contactPhone: "",
  maxAdvance: 450,
  approvalLimit: 100,
  notifyNewRequests: true,
  notifyMonthlyReports: true,
  notifySystemUpdates: false,
  companyPaysFee: false,
};

async function settingsRow(employer: User) {
  const [row] = await db()
    .select()
    .from(companies)
    .where(eq(companies.id, employer.companyId!));
  return row;
}

async function post(
  user: Parameters<typeof requestAs>[0],
  form: Record<string, string>,
) {
  return call(settingsAction, await requestAs(user, "/settings", { form }));
}

describe("/settings loader", () => {
  it("shows the company's settings at the defaults, with the employee count", async () => {
    const employer = await createEmployer({ companyName: "Acme Greens" });
    await createEmployee(employer);
    await createEmployee(employer);
    const res = await call(
      settingsLoader,
      await requestAs(employer, "/settings"),
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.settings).toMatchObject({
      companyName: "Acme Greens",
      contactEmail: "erica@example.com",
      contactPhone: "",
      maxAdvance: "500.00",
      approvalLimit: "200.00",
      processingFee: "15.99",
      notifyNewRequests: true,
      notifyMonthlyReports: true,
      notifySystemUpdates: false,
    });
    expect(data.employeeCount).toBe(2);
    expect(data.supportEmail).toEqual(expect.stringContaining("@"));
  });

  it("refuses employees (403) and sends anonymous visitors to /auth", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const denied = await call(
      settingsLoader,
      await requestAs(employee, "/settings"),
    );
    expect(denied.status).toBe(403);
    const anon = await call(settingsLoader, await requestAs(null, "/settings"));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings");
  });
});

describe("saving settings", () => {
  it("saves every field, keeps the fee, and redirects with 'Settings saved'", async () => {
    const employer = await createEmployer();
    const res = await post(employer, { ...validForm, processingFee: "1.00" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/settings");
    expect(res.headers.get("Set-Cookie")).toMatch(/toast=/);
    expect(await settingsRow(employer)).toMatchObject({
      companyName: "Fresh Foods Co.",
      contactEmail: "hr@freshfoods.example",
      contactPhone: "+1 (555) 010-2030",
      maxAdvance: "400.00",
      approvalLimit: "250.50",
      processingFee: "15.99",
      notifyNewRequests: true,
      notifyMonthlyReports: false,
      notifySystemUpdates: true,
    });
    // The dashboard greets by the user's company name: it follows.
    const user = await getUserById(employer.id);
    expect(user).toMatchObject({
      companyName: "Fresh Foods Co.",
      maxAdvanceLimit: "400.00",
    });
  });

  it("accepts an empty contact email and phone, and a limit of 0 or equal to the max", async () => {
    const employer = await createEmployer();
    const res = await post(employer, {
      companyName: "Plain Co",
      contactEmail: "",
      contactPhone: "",
      maxAdvance: "200",
      approvalLimit: "200",
    });
    expect(res.status).toBe(302);
    expect(await settingsRow(employer)).toMatchObject({
      contactEmail: "",
      contactPhone: "",
      maxAdvance: "200.00",
      approvalLimit: "200.00",
      notifyNewRequests: false,
      notifyMonthlyReports: false,
      notifySystemUpdates: false,
    });
    const zero = await post(employer, {
      companyName: "Plain Co",
      maxAdvance: "500",
      approvalLimit: "0",
    });
    expect(zero.status).toBe(302);
    expect((await settingsRow(employer)).approvalLimit).toBe("0.00");
  });

  it("caps new employees' balance at the saved max advance", async () => {
    const employer = await createEmployer();
    await post(employer, {
      ...validForm,
      maxAdvance: "350",
      approvalLimit: "0",
    });
    const employee = await createEmployee(employer);
    const [row] = await db()
      .select()
      .from(employees)
      .where(eq(employees.userId, employee.id));
    expect(row.availableBalance).toBe("350.00");
  });

  const invalid: Array<[string, Record<string, string>, string, string]> = [
    [
      "an empty company name",
      { companyName: "  " },
      "companyName",
      "Company name is required",
    ],
    [
      "a bad contact email",
      { contactEmail: "not-an-email" },
      "contactEmail",
      "Invalid email address",
    ],
    [
      "a long phone",
      { contactPhone: "1".repeat(31) },
      "contactPhone",
      "Contact phone must be at most 30 characters",
    ],
    [
      "letters in the phone",
      { contactPhone: "call me" },
      "contactPhone",
      "Enter a valid phone number",
    ],
    [
      "a max advance under $200",
      { maxAdvance: "199.99" },
      "maxAdvance",
      "Maximum advance must be at least $200.00",
    ],
    [
      "a max advance over $500",
      { maxAdvance: "500.01" },
      "maxAdvance",
      "Maximum advance cannot exceed $500.00",
    ],
    [
      "three decimals",
      { maxAdvance: "300.555" },
      "maxAdvance",
      "Use at most 2 decimal places",
    ],
    [
      "a missing max advance",
      { maxAdvance: "" },
      "maxAdvance",
      "Enter the maximum advance in dollars",
    ],
    [
      "a non-numeric limit",
      { approvalLimit: "lots" },
      "approvalLimit",
      "Enter the auto-approval limit in dollars",
    ],
    [
      "a negative limit",
      { approvalLimit: "-1" },
      "approvalLimit",
      "Auto-approval limit cannot be negative",
    ],
    [
      "a limit above the max advance",
      { maxAdvance: "300", approvalLimit: "300.01" },
      "approvalLimit",
      "Auto-approval limit cannot exceed the maximum advance",
    ],
  ];

  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name} with a message and changes nothing`, async () => {
      const employer = await createEmployer();
      const before = await settingsRow(employer);
      const res = await post(employer, { ...validForm, ...change });
      expect(res.status).toBe(400);
      const data = await res.json();
      expect(data.result.error[field]).toEqual([message]);
      expect(await settingsRow(employer)).toEqual(before);
      expect((await getUserById(employer.id))?.companyName).toBe(
        employer.companyName,
      );
    });
  }

  it("refuses employees with 403 and changes nothing", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const before = await settingsRow(employer);
    const res = await post(employee, validForm);
    expect(res.status).toBe(403);
    expect(await settingsRow(employer)).toEqual(before);
    await expect(
      updateCompanySettings(employee, validInput),
    ).rejects.toMatchObject({ status: 403 });
    const anon = await post(null, validForm);
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("changes only the acting employer's company", async () => {
    const employer = await createEmployer();
    const other = await createEmployer({ companyName: "Other Co" });
    const otherBefore = await settingsRow(other);
    await post(employer, validForm);
    expect(await settingsRow(other)).toEqual(otherBefore);
    expect((await getUserById(other.id))?.companyName).toBe("Other Co");
  });

  it("re-checks the limit against the max advance in the domain function", async () => {
    const employer = await createEmployer();
    await expect(
      updateCompanySettings(employer, {
        ...validInput,
        maxAdvance: 300,
        approvalLimit: 400,
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Auto-approval limit cannot exceed the maximum advance",
    });
    await expect(
      updateCompanySettings(employer, { ...validInput, maxAdvance: 600 }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await getCompanySettings(employer.companyId!)).maxAdvance).toBe(
      "500.00",
    );
  });

  it("publishes settings.updated to the employer", async () => {
    const employer = await createEmployer();
    const received = new Promise<AppEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no event")), 5000);
      void subscribe(employer.id, (event) => {
        clearTimeout(timer);
        resolve(event);
      });
    });
    // Let the subscription (LISTEN on PostgreSQL) start before publishing.
    await new Promise((r) => setTimeout(r, 200));
    await updateCompanySettings(employer, validInput);
    expect(await received).toMatchObject({
      type: "settings.updated",
      to: [employer.id],
    });
  });
});
