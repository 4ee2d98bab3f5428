import type { Page } from "@playwright/test";
import { RESOURCES, type Namespace } from "~/utils/i18n.server";
import type { Catalogue } from "~/utils/i18n";
import {
  createEmployee,
  createEmployer,
  TEST_PASSWORD,
  uniqueName,
} from "#tests/support/factories";
import { getUserById, hashToken } from "~/models/people/index.server";
import { inviteEmployee } from "~/models/companies/index.server";
import { eq } from "drizzle-orm";
import { invitations } from "#db/schema";
import { db } from "~/utils/db.server";
import { insertAdvance } from "#tests/support/data";
import { authenticatorCode } from "#tests/support/security";
import {
  attachScreenshot,
  expect,
  isNoJs,
  test,
  messageText,
} from "./support/fixtures";
import {
  createLayoutWorld,
  LAYOUT_PAGES,
  type LayoutWorld,
} from "./support/layout-pages";

// The product in Spanish, with JavaScript (project js) and without (project no-js).
//
// CONVERTED: every page, with the namespaces it renders. On each, in Spanish, no English text of
// those catalogues may be left on the page (visible text, and accessible names in aria-label and
// title), nor a catalogue key shown as it is. Every page of the layout guard's list must be here
// (a new page is written with its texts in the catalogues), and is opened in Spanish at 375 px:
// no text may overflow its box, and a screenshot is attached.

const CONVERTED: Record<string, Namespace[]> = {
  "sign-in": ["common", "auth"],
  register: ["common", "auth"],
  "register-employer": ["common", "auth"],
  "forgot-password": ["common", "auth"],
  "reset-password-expired": ["common", "auth"],
  "confirm-email-expired": ["common", "auth"],
  "not-found": ["common"],
  "employee-dashboard": ["common", "dashboard"],
  history: ["common", "history", "story"],
  "access-denied": ["common"],
  profile: ["common", "profile"],
  request: ["common", "request", "disclosure"],
  complaints: ["common", "complaints"],
  "complaint-queue": ["common", "complaints"],
  "regulator-report": ["common", "regulator"],
  "payroll-connection": ["common", "settings"],
  checkout: ["common", "checkout", "disclosure"],
  "payment-success": ["common", "checkout"],
  card: ["common", "cards"],
  "how-it-works": ["common", "pages"],
  terms: ["common", "pages"],
  "employer-dashboard": ["common", "employer", "approvals", "employees"],
  approvals: ["common", "approvals"],
  "decline-dialog": ["common", "approvals"],
  employees: ["common", "employees", "invitations"],
  "invite-employee": ["common", "invitations"],
  "add-employee": ["common", "employees"],
  "employee-details": ["common", "employees"],
  "roster-import": ["common", "employees"],
  "roster-preview": ["common", "employees"],
  settings: ["common", "settings", "sessions"],
  join: ["common", "invitations"],
  outbox: ["common", "outbox"],
  team: ["common", "settings", "invitations"],
  api: ["common", "settings"],
  "webhook-endpoint": ["common", "settings"],
  payroll: ["common", "payroll"],
  "payroll-run": ["common", "payroll"],
  activity: ["common", "activity"],
  reports: ["common", "reports"],
};

const EXTRA_PAGES: Array<{
  name: string;
  role: "public" | "employee" | "employer";
  path: (world: LayoutWorld) => string;
}> = [
  {
    name: "register-employer",
    role: "public",
    path: () => "/auth?tab=register&as=employer",
  },
  { name: "access-denied", role: "employee", path: () => "/approvals" },
];

/** Every English entry of the namespaces whose Spanish differs, cut at its placeholders. */
function englishTexts(namespaces: Namespace[]): string[] {
  const texts = new Set<string>();
  const walk = (en: Catalogue, es: Catalogue) => {
    for (const [key, value] of Object.entries(en)) {
      const other = es[key];
      if (typeof value === "string") {
        if (value === other) continue;
        for (const part of value.split(/{{[^}]*}}|<\w+>/)) {
          const fixed = part.trim().replace(/[.:,!?]+$/, "");
          if (fixed.length >= 4) texts.add(fixed);
        }
      } else if (typeof other === "object") walk(value, other);
    }
  };
  for (const ns of namespaces)
    walk(RESOURCES.en[ns] as Catalogue, RESOURCES.es[ns] as Catalogue);
  return [...texts];
}

/**
 * The English catalogue texts still on the page (as whole words). `names` are people's names
 * on the page, not texts ("Eddie Employee" is not the word "Employee" left in English).
 */
async function englishLeft(
  page: Page,
  namespaces: Namespace[],
  names: string[] = [],
) {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label],[title]")]
      .flatMap((el) => [
        el.getAttribute("aria-label"),
        el.getAttribute("title"),
      ])
      .filter(Boolean);
    return [document.body.innerText, document.title, ...attributes].join("\n");
  });
  const visible = names.reduce((t, name) => t.split(name).join(" "), shown);
  // E-mail addresses are data too ("….approver@example.com" is not the word "approver").
  const texts = visible.replace(/[\w.+-]+@[\w.-]+/g, " ");
  return englishTexts(namespaces).filter((text) =>
    new RegExp(
      `(?<![\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`,
      "u",
    ).test(texts),
  );
}

/** Every catalogue key with a dot ("security.heading"), as a page would show a key it lacks. */
const DOTTED_KEYS = (() => {
  const keys = new Set<string>();
  const walk = (catalogue: Catalogue, prefix: string) => {
    for (const [key, value] of Object.entries(catalogue)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === "string") {
        if (prefix)
          keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ""));
      } else walk(value, path);
    }
  };
  for (const [ns, catalogue] of Object.entries(RESOURCES.en))
    if (ns !== "messages") walk(catalogue as Catalogue, "");
  return [...keys];
})();

/**
 * Catalogue keys shown as they are (a namespace the page's loader did not hand it). Code is
 * data: a webhook event written `card.closed` is not the key card.closed.
 */
async function keysShown(page: Page) {
  const text = await page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll("code, script, style"))
      code.remove();
    return body.textContent ?? "";
  });
  return DOTTED_KEYS.filter((key) =>
    new RegExp(`(?<![\\w.])${key.replace(/\./g, "\\.")}(?![\\w.])`).test(text),
  );
}

/** Elements whose own text is wider than their box (and that do not scroll on purpose). */
async function overflowing(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (!el.getClientRects().length) continue;
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!ownText) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      // Cut on purpose with an ellipsis (a long department name in a chart's label column).
      if (style.textOverflow === "ellipsis") continue;
      // Visually hidden text (Tailwind's sr-only: a 1 px clipped box) is for screen readers.
      if (el.closest(".sr-only") && style.clip !== "auto") continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        out.push(
          `${el.tagName.toLowerCase()} "${el.innerText.slice(0, 60)}" ${el.scrollWidth} > ${el.clientWidth}`,
        );
    }
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      out.push(
        `the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`,
      );
    return out;
  });
}

test.describe("in Spanish", () => {
  test.use({ locale: "es-US", viewport: { width: 375, height: 800 } });

  test("every page: html lang, no English left on converted pages, no text overflowing at 375 px", async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(180_000);
    const world = await createLayoutWorld();
    const pages = [...LAYOUT_PAGES, ...EXTRA_PAGES];
    for (const role of ["public", "employee", "employer"] as const) {
      if (role === "employee") await loginAs(world.employee);
      if (role === "employer") await loginAs(world.employer);
      for (const target of pages.filter((p) => p.role === role)) {
        await test.step(target.name, async () => {
          const response = await page.goto(target.path(world));
          expect(response?.status(), `${target.name} loads`).toBeLessThan(500);
          await page.waitForLoadState("load");
          await expect(page.locator("html")).toHaveAttribute("lang", "es");
          const namespaces = CONVERTED[target.name];
          if (namespaces)
            expect(
              await englishLeft(page, namespaces, [
                world.employee.lastName,
                world.employer.lastName,
                // The company's name is data ("Acme Groceries Inc." is not the app's short
                // name "Groceries").
                "Acme Groceries Inc.",
                // A webhook endpoint's description, written by the company.
                "Payroll system (deductions and cards)",
              ]),
              `English left on ${target.name}`,
            ).toEqual([]);
          expect(await keysShown(page), `keys shown on ${target.name}`).toEqual(
            [],
          );
          expect(
            await overflowing(page),
            `text overflowing on ${target.name}`,
          ).toEqual([]);
          // Attached to the report, and kept in the test's output folder (JPEG, as the layout
          // guard's: a full-page PNG of every page costs seconds a run).
          await attachScreenshot(page, `es-${target.name}-375`, {
            quality: 60,
            path: test.info().outputPath(`es-${target.name}-375.jpg`),
          });
        });
      }
    }
    expect(
      Object.keys(CONVERTED).filter(
        (name) => !pages.some((p) => p.name === name),
      ),
      "every converted page is visited",
    ).toEqual([]);
    expect(
      pages.map((p) => p.name).filter((name) => !(name in CONVERTED)),
      "every page is in Spanish",
    ).toEqual([]);
  });

  test("sign-in: the schema's and the server's messages, and the toast, in Spanish", async ({
    page,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Rosa" });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(messageText(page, "Campo obligatorio: Usuario")).toBeVisible();
    await expect(messageText(page, "Falta la contraseña")).toBeVisible();
    await page.getByLabel("Usuario").fill(employee.username);
    await page.getByLabel("Contraseña").fill("not-the-password");
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("No se pudo iniciar sesión")).toBeVisible();
    await expect(
      messageText(page, "Usuario o contraseña incorrectos."),
    ).toBeVisible();
    await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Sesión iniciada")).toBeVisible();
    await expect(page.getByText("¡Hola de nuevo, Rosa!")).toBeVisible();
  });
});

test.describe("the employer side in Spanish", () => {
  test.use({ locale: "es-US" });

  test("the team page, the invite form's language and the outbox say what they hold", async ({
    page,
    loginAs,
  }) => {
    await loginAs(await createEmployer());
    await page.goto("/settings/team");
    await expect(page.getByText("El único dueño")).toBeVisible();
    await expect(page.getByLabel("Idioma de la invitación")).toHaveValue("en");
    await page.getByLabel("Idioma de la invitación").selectOption("es");
    await page.getByLabel("Correo electrónico").fill("nueva@example.com");
    await page.getByRole("button", { name: "Enviar invitación" }).click();
    await expect(page.getByText("Invitación enviada").first()).toBeVisible();
    await page.goto("/outbox");
    await expect(
      page.getByRole("heading", { name: "Correos recibidos y enviados" }),
    ).toBeVisible();
    // The invitation went in the language chosen for the invitee.
    await expect(
      page.getByText(/te invita a Grocery Advance/).first(),
    ).toBeVisible();
  });

  test("approve and decline: the buttons, the dialog and the toasts", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, {
      firstName: "Marisol",
      lastName: "Vega",
    });
    await insertAdvance(employee, { amount: "210.00" });
    await insertAdvance(employee, { amount: "220.00" });
    await loginAs(employer);
    await page.goto("/approvals");
    await expect(
      page.getByRole("heading", { name: "Aprobar solicitudes" }),
    ).toBeVisible();
    await page
      .getByRole("button", { name: "Aprobar la solicitud de Marisol Vega" })
      .first()
      .click();
    await expect(page.getByText("Solicitud aprobada")).toBeVisible();
    await expect(
      page.getByText(
        /^Se aprobó el adelanto de \$2[12]0\.00 de Marisol Vega\.$/,
      ),
    ).toBeVisible();
    await page
      .getByRole("link", { name: "Rechazar la solicitud de Marisol Vega" })
      .click();
    const dialog = page.getByRole("dialog", {
      name: "Rechazar solicitud de adelanto",
    });
    await dialog
      .getByLabel("Motivo del rechazo (opcional)")
      .fill("Fuera del presupuesto");
    await dialog.getByRole("button", { name: "Rechazar solicitud" }).click();
    await expect(page.getByText("Solicitud rechazada")).toBeVisible();
    await expect(
      page.getByText(
        /^Se rechazó el adelanto de \$2[12]0\.00 de Marisol Vega\.$/,
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        "No hay solicitudes pendientes de aprobación en este momento.",
      ),
    ).toBeVisible();
  });
});

test.describe("Settings › Security in Spanish", () => {
  test.use({ locale: "es-US" });

  test("two-factor sign-in: set up, a wrong code, the recovery codes, and turned off", async ({
    page,
    loginAs,
  }) => {
    const employer = await createEmployer();
    await loginAs(employer);
    await page.goto("/settings");
    const security = page.locator("#security");
    await expect(
      security.getByRole("heading", { name: "Seguridad" }),
    ).toBeVisible();
    await expect(security.getByText("Sesiones activas").first()).toBeVisible();
    await security
      .getByRole("button", { name: "Configurar la verificación en dos pasos" })
      .click();
    await expect(
      security.getByRole("img", {
        name: "Código QR para tu app de autenticación",
      }),
    ).toBeVisible();
    const manualKey = (await security
      .getByTestId("mfa-manual-key")
      .textContent())!.replace(/\s/g, "");
    await security.getByLabel("Código de la app").fill("000000");
    await security
      .getByRole("button", { name: "Activar la verificación en dos pasos" })
      .click();
    await expect(
      messageText(security, "Código de verificación incorrecto o ya usado."),
    ).toBeVisible();
    const code = (steps: number) => authenticatorCode(manualKey, steps);
    await security.getByLabel("Código de la app").fill(code(0));
    await security
      .getByRole("button", { name: "Activar la verificación en dos pasos" })
      .click();
    const codes = security.getByRole("list", {
      name: "Códigos de recuperación",
    });
    await expect(codes.getByRole("listitem")).toHaveCount(10);
    await expect(
      page.getByText("La verificación en dos pasos está activada").first(),
    ).toBeVisible();

    await page.goto("/settings");
    await expect(security).toContainText(
      "Te quedan 10 de 10 códigos de recuperación.",
    );
    expect(
      await englishLeft(page, ["common", "settings", "sessions"]),
      "English left on /settings with two-factor on",
    ).toEqual([]);
    await security
      .getByLabel("Contraseña", { exact: true })
      .fill(TEST_PASSWORD);
    await security
      .getByLabel("Código de la app (o un código de recuperación)")
      .fill(code(1));
    await security
      .getByRole("button", { name: "Desactivar la verificación en dos pasos" })
      .click();
    await expect(
      page.getByText("La verificación en dos pasos está desactivada").first(),
    ).toBeVisible();
    await expect(
      page.getByText("Ahora inicias sesión solo con tu contraseña."),
    ).toBeVisible();
  });
});

test.describe("the language switch", () => {
  test("on /join the invitee switches to Spanish, creates the account in Spanish, and the account keeps it", async ({
    page,
  }) => {
    const employer = await createEmployer({
      companyName: uniqueName("Mercado"),
    });
    const invited = await inviteEmployee(employer, {
      firstName: "Lucía",
      lastName: "Ramos",
      email: `${uniqueName("lucia")}@example.com`,
    });
    const token = uniqueName("join-es");
    await db()
      .update(invitations)
      .set({ tokenHash: hashToken(token) })
      .where(eq(invitations.id, invited.id));
    await page.goto(`/join/${token}`);
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/join$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", { name: `Únete a ${employer.companyName}` }),
    ).toBeVisible();
    // The shared schema's messages in Spanish, before and after a server round trip.
    await page
      .getByRole("button", { name: "Crear la cuenta y unirme" })
      .click();
    await expect(messageText(page, "Campo obligatorio: Usuario")).toBeVisible();
    const username = uniqueName("lucia");
    await page.getByLabel("Usuario").fill(username);
    await page.getByLabel("Contraseña").fill(TEST_PASSWORD);
    await page
      .getByRole("button", { name: "Crear la cuenta y unirme" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText("Te damos la bienvenida", { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Tu cuenta está lista, Lucía.")).toBeVisible();
    const [row] = await db()
      .select({ id: invitations.acceptedUserId })
      .from(invitations)
      .where(eq(invitations.id, invited.id));
    expect((await getUserById(row.id!))?.language).toBe("es");
  });

  test("on /auth it changes the page's language without a sign-in, both ways", async ({
    page,
    context,
  }) => {
    await page.goto("/auth?tab=register");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", { name: "Crea una cuenta de empleado" }),
    ).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "lng")?.value).toBe("es");
    await page.getByRole("button", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(
      page.getByRole("heading", { name: "Create an employee account" }),
    ).toBeVisible();
  });

  test("signed in, it saves the user's preference, which a new browser follows after sign-in", async ({
    page,
    loginAs,
    browser,
    baseURL,
  }, testInfo) => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, { firstName: "Lupe" });
    await loginAs(employee);
    await page.goto("/history");
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("link", { name: "Historial" })).toBeAttached();
    expect((await getUserById(employee.id))?.language).toBe("es");

    // Another browser, English by its headers: Spanish once the user has signed in.
    const other = await browser.newContext({
      baseURL,
      locale: "en-US",
      javaScriptEnabled: !isNoJs(testInfo.project.name),
    });
    const second = await other.newPage();
    await second.goto("/auth");
    await expect(second.locator("html")).toHaveAttribute("lang", "en");
    await second.getByLabel("Username").fill(employee.username);
    await second.getByLabel("Password").fill(TEST_PASSWORD);
    await second.getByRole("button", { name: "Sign In" }).click();
    await expect(second).toHaveURL(/\/$/);
    await expect(second.locator("html")).toHaveAttribute("lang", "es");
    await expect(second.getByText("¡Hola de nuevo, Lupe!")).toBeVisible();
    await other.close();
  });

  test("the profile's language form saves Spanish, and then the browser's language again", async ({
    page,
    loginAs,
  }) => {
    const employee = await createEmployee(await createEmployer());
    await loginAs(employee);
    await page.goto("/profile");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByLabel("Español").check();
    await page.getByRole("button", { name: "Save language" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByText("Idioma guardado").first()).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Mi perfil" }),
    ).toBeVisible();
    expect((await getUserById(employee.id))?.language).toBe("es");

    // None chosen: the browser's language (this one's is English) decides again.
    await page.getByLabel("El idioma de mi navegador").check();
    await page.getByRole("button", { name: "Guardar idioma" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Language saved").first()).toBeVisible();
    expect((await getUserById(employee.id))?.language).toBeNull();
  });
});

test.describe("the JSON API", () => {
  test("messages follow Accept-Language; statuses, codes and field names do not change", async ({
    request,
  }, testInfo) => {
    test.skip(
      isNoJs(testInfo.project.name),
      "one run is enough: no page, the same requests in either project",
    );
    const spanish = await request.post("/api/login", {
      headers: { "Accept-Language": "es-MX,es;q=0.9" },
      data: {},
    });
    const english = await request.post("/api/login", {
      headers: { "Accept-Language": "en-US" },
      data: {},
    });
    expect(spanish.status()).toBe(400);
    expect(english.status()).toBe(400);
    const es = (await spanish.json()) as {
      message: string;
      errors: Record<string, string[]>;
    };
    const en = (await english.json()) as typeof es;
    expect(Object.keys(es.errors).sort()).toEqual(
      Object.keys(en.errors).sort(),
    );
    expect(en.errors.username).toEqual(["Username is required"]);
    expect(es.errors.username).toEqual(["Campo obligatorio: Usuario"]);
    expect(es.errors.password).toEqual(["Falta la contraseña"]);

    const anonymous = await request.get("/api/user", {
      headers: { "Accept-Language": "es" },
    });
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({
      message: "Se requiere iniciar sesión",
    });
  });
});
