import { useTestDatabase } from "#tests/support/db";
import { createEmployer } from "#tests/support/factories";
import { pageText, renderPage } from "#tests/support/app-pages";

// One database is enough: its one row is the signed-in employer; what is checked is the markup
// the server renders, the same on either database.

// What the sidebar and the sign-in form are made of, in the HTML the server sends (the same
// with or without JavaScript): each sidebar entry's icon from the navigation's sprite, and
// which of the sign-in form's fields are required. What a browser does with them (the Menu
// control, the Tab order, the brand colour) is in tests/e2e/navigation.spec.ts.

useTestDatabase();

// The first render imports every route module (renderPage's handler): under the hook's timeout.
beforeAll(() => renderPage(null, "/auth"));

const attribute = (attrs: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

/** The attributes of the input a label names: by its `for`, or the one inside it. */
function inputLabelled(html: string, label: string): string {
  for (const [, attrs = "", inner = ""] of html.matchAll(
    /<label\b([^>]*)>([\s\S]*?)<\/label>/g,
  )) {
    if (pageText(inner) !== label) continue;
    const id = attribute(attrs, "for");
    const input = id
      ? new RegExp(`<input\\b([^>]*\\sid="${id}"[^>]*)>`).exec(html)
      : /<input\b([^>]*)>/.exec(inner);
    if (input) return input[1];
  }
  throw new Error(`no input labelled ${label}`);
}

it("sidebar entries carry icons from the navigation's sprite", async () => {
  const { status, html } = await renderPage(await createEmployer(), "/");
  expect(status).toBe(200);
  const nav = /<nav\b[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/.exec(
    html,
  )?.[1];
  expect(nav).toBeDefined();
  const entries = new Map(
    [...nav!.matchAll(/<(a|button)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((m) => [
      pageText(m[2]),
      m[2],
    ]),
  );
  for (const name of [
    "Dashboard",
    "Approve Requests",
    "Employees",
    "Payroll",
    "Reports",
    "Settings",
    "Logout",
  ]) {
    const entry = entries.get(name);
    expect(entry, name).toBeDefined();
    const icon = /<svg\b([^>]*)>([\s\S]*?)<\/svg>/.exec(entry!);
    expect(icon, name).not.toBeNull();
    expect(attribute(icon![1], "aria-hidden"), name).toBe("true");
    const use = /<use\b([^>]*)>/.exec(icon![2]);
    expect(attribute(use?.[1] ?? "", "href"), name).toMatch(
      /^\/nav-icons\.svg#[a-z-]+$/,
    );
  }
});

it("the optional 'Remember me' is not required; the sign-in form needs only its fields", async () => {
  const { status, html } = await renderPage(null, "/auth");
  expect(status).toBe(200);
  const remember = inputLabelled(html, "Remember me");
  expect(attribute(remember, "type")).toBe("checkbox");
  expect(remember).not.toMatch(/\srequired\b/);
  expect(inputLabelled(html, "Username")).toMatch(/\srequired=""/);
});
