import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import {
  action as profileAction,
  loader as profileLoader,
} from "~/routes/_app.profile";
import { getUserById } from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { verifyPassword } from "~/utils/password.server";
import { useTestDatabase } from "#tests/support/db";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { toastCookieOf, toastOf } from "#tests/support/toasts";
import { readToast } from "~/web/toast.server";

useTestDatabase();

const base = {
  firstName: "Nia",
  lastName: "Newname",
  email: "nia@example.com",
  department: "Bakery",
  currentPassword: "",
  newPassword: "",
  confirmPassword: "",
};

async function post(
  user: Parameters<typeof requestAs>[0],
  form: Record<string, string>,
) {
  return call(profileAction, await requestAs(user, "/profile", { form }));
}

async function passwordHash(id: number) {
  const [row] = await db()
    .select({ p: users.password })
    .from(users)
    .where(eq(users.id, id));
  return row.p;
}

describe("/profile", () => {
  it("shows the profile with balance and member since", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, {
      firstName: "Ava",
      lastName: "Stone",
      department: "Deli",
      signed: false,
    });
    const res = await call(
      profileLoader,
      await requestAs(employee, "/profile"),
    );
    expect(await res.json()).toEqual({
      profile: {
        firstName: "Ava",
        lastName: "Stone",
        username: employee.username,
        email: "eddie@example.com",
        department: "Deli",
        availableBalance: "$500.00",
        memberSince: expect.stringMatching(/^[A-Z][a-z]{2} [1-9]\d?, \d{4}$/),
        // No work state recorded.
        workState: "",
      },
      // The wage-deduction authorization: none signed yet.
      authorization: null,
      authorizationWithdrawn: false,
      authorizationVersion: expect.any(String),
      // No usual net pay entered.
      netPay: null,
      // The account's own audit trail (tests/integration/audit/audit-trail.test.ts).
      activity: [
        expect.objectContaining({
          label: "Employee added",
          actorName: "Erica Employer",
          amount: "$500.00",
        }),
      ],
      // The page also lists the user's active sessions (this request's is "this device").
      sessions: [expect.objectContaining({ current: true })],
      // And the browsers trusted to sign in while the username is locked (none here).
      devices: [],
      // E-mail choices: both on until the employee turns one off.
      emailChoices: { decisions: true, deductions: true },
      // Push: no device yet; every type of the role on until turned off.
      push: {
        devices: [],
        types: [
          "advance.decided",
          "card.ready",
          "purchase.declined",
          "deduction.soon",
          "credit.coming",
        ],
        on: [
          "advance.decided",
          "card.ready",
          "purchase.declined",
          "deduction.soon",
          "credit.coming",
        ],
        vapidPublicKey: expect.stringMatching(/^[\w-]{80,}$/),
      },
      // No language chosen: the browser's decides; the page's texts.
      languageChoice: "browser",
      i18n: expect.objectContaining({ profile: expect.any(Object) }),
    });
  });

  it("saves the language preference on the user, its cookie with it; the browser's again", async () => {
    const employee = await createEmployee(await createEmployer());
    const res = await post(employee, { intent: "language", language: "es" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile");
    expect(res.headers.get("Set-Cookie")).toMatch(/(^|, )lng=es;/);
    expect((await getUserById(employee.id))?.language).toBe("es");
    // The next page is in Spanish: its figures, its texts and the toast.
    const page = await call(
      profileLoader,
      await requestAs(employee, "/profile"),
    );
    const data = await page.json();
    expect(data.languageChoice).toBe("es");
    expect(data.i18n.profile.accountSettings).toBe(
      "Configuración de la cuenta",
    );
    expect(data.profile.memberSince).toMatch(/^\d{1,2} [a-z]{3} \d{4}$/);
    const { toast } = await readToast(
      new Request("http://localhost/", {
        headers: { Cookie: toastCookieOf(res) },
      }),
      "es",
    );
    expect(toast).toMatchObject({
      title: "Idioma guardado",
      description: "Tus páginas y correos están en el idioma que elegiste.",
    });
    // None chosen: the preference is cleared and so is the cookie.
    const back = await post(employee, {
      intent: "language",
      language: "browser",
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("Set-Cookie")).toMatch(/(^|, )lng=; .*Max-Age=0/);
    expect((await getUserById(employee.id))?.language).toBeNull();
    // Anything else is refused, with the schema's message.
    const bad = await post(employee, { intent: "language", language: "fr" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).languageResult.error).toEqual({
      language: ["Choose a language"],
    });
    expect((await getUserById(employee.id))?.language).toBeNull();
  });

  it("saves names, e-mail and department without touching the password", async () => {
    const employee = await createEmployee(await createEmployer());
    const before = await passwordHash(employee.id);
    const res = await post(employee, base);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/profile");
    expect(await toastOf(res)).toMatchObject({
      title: "Profile updated",
      description: "Your profile has been saved.",
    });
    expect(await getUserById(employee.id)).toMatchObject({
      firstName: "Nia",
      lastName: "Newname",
      email: "nia@example.com",
      department: "Bakery",
      username: employee.username,
    });
    expect(await passwordHash(employee.id)).toBe(before);
    // An empty department clears it.
    await post(employee, { ...base, department: "" });
    expect((await getUserById(employee.id))?.department).toBeNull();
  });

  it("changes the password with the right current password", async () => {
    const employee = await createEmployee(await createEmployer());
    const res = await post(employee, {
      ...base,
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-pw",
      confirmPassword: "brand-new-pw",
    });
    expect(res.status).toBe(302);
    expect((await toastOf(res))?.description).toBe(
      "Your profile and password have been saved.",
    );
    expect(
      await verifyPassword("brand-new-pw", await passwordHash(employee.id)),
    ).toBe(true);
  });

  it("refuses a wrong current password and changes nothing", async () => {
    const employee = await createEmployee(await createEmployer());
    const before = await getUserById(employee.id);
    const res = await post(employee, {
      ...base,
      currentPassword: "not-it",
      newPassword: "brand-new-pw",
      confirmPassword: "brand-new-pw",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.result.error.currentPassword).toEqual([
      "Current password is incorrect",
    ]);
    // The current password's error only: no toast, no form-level copy.
    expect(body.toast).toBeUndefined();
    expect(body.result.error[""]).toBeUndefined();
    expect(await getUserById(employee.id)).toEqual(before);
  });

  it("checks length, confirmation and the current password's presence", async () => {
    const employee = await createEmployee(await createEmployer());
    const before = await getUserById(employee.id);
    const res = await post(employee, {
      ...base,
      firstName: "",
      email: "nope",
      newPassword: "123",
      confirmPassword: "1234",
    });
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error).toMatchObject({
      firstName: ["First name is required"],
      email: ["Invalid email address"],
      currentPassword: ["Enter your current password to change it"],
      newPassword: ["Password must be at least 6 characters"],
      confirmPassword: ["Passwords do not match"],
    });
    // Typed passwords are not sent back to the page.
    expect(JSON.stringify(result)).not.toContain("1234");
    expect(await getUserById(employee.id)).toEqual(before);
  });

  it("is for employees only", async () => {
    const employer = await createEmployer();
    const res = await post(employer, base);
    expect(res.status).toBe(403);
    expect((await getUserById(employer.id))?.firstName).toBe("Erica");
  });
});
