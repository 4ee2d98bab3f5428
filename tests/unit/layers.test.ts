import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { DOMAINS } from "#tests/support/domains";

// The import rule of docs/architecture.md ("Layers"), read from the source: every import,
// re-export and dynamic import() of every file under app/, db/ and scripts/ must point to its
// own layer or to one the table lets it use. Nothing below imports anything above.

const ROOT = path.resolve(import.meta.dirname, "../..");

type Layer =
  | "entry"
  | "scripts"
  | "server"
  | "routes"
  | "components"
  | "web"
  | "jobs"
  | "models"
  | "services"
  | "validation"
  | "utils"
  | "db";

const BOTTOM: Layer[] = ["validation", "services", "utils", "db"];

/** What each layer may import besides itself. */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  // app/entry.server.tsx, entry.client.tsx, root.tsx: Remix's entry points, above everything.
  entry: ["server", "routes", "components", "web", "jobs", "models", ...BOTTOM],
  // Command-line entry points: the operator's side of app/server.
  scripts: ["server", "web", "jobs", "models", ...BOTTOM],
  // Operator code: lifecycle, CLI, demo seed.
  server: ["web", "jobs", "models", ...BOTTOM],
  routes: ["components", "web", "jobs", "models", ...BOTTOM],
  // Components render what the routes hand them: they may name a model's types, never the web.
  components: ["models", "validation", "utils"],
  // The HTTP layer: sessions, guards, toasts, forms, API contracts, OpenAPI.
  web: ["models", ...BOTTOM],
  // The job queue's worker and tasks: like the web layer, a way in to the models.
  jobs: ["models", ...BOTTOM],
  models: [...BOTTOM],
  services: ["validation", "utils", "db"],
  validation: ["utils", "db"],
  utils: ["db"],
  db: [],
};

/** The layer of a file (a path relative to the repository), or null outside the rule. */
function layerOf(file: string): Layer | null {
  const parts = file.split("/");
  if (parts[0] === "db") return "db";
  if (parts[0] === "scripts") return "scripts";
  if (parts[0] !== "app") return null;
  if (parts.length === 2) return "entry";
  const folder = parts[1] as Layer;
  return folder in MAY_IMPORT ? folder : null;
}

/** The repository path an import specifier points to, or null for a package. */
function target(from: string, specifier: string): string | null {
  if (specifier.startsWith("~/"))
    return path.posix.join("app", specifier.slice(2));
  if (specifier.startsWith("#db/"))
    return path.posix.join("db", specifier.slice(4));
  if (specifier.startsWith("."))
    return path.posix.join(path.posix.dirname(from), specifier);
  return null;
}

// The domains of app/models (docs/architecture.md "Domains"), lowest first. Each imports only
// domains named before it, and only through their public face, `<domain>/index.server.ts`;
// inside a domain files import their siblings directly, never their own index (which would
// make a loop). Code outside app/models (routes, web, jobs, components, scripts, tests) reaches
// a domain only through its index too.

/** The domain of a file under app/models (its folder), or null elsewhere. */
function domainOf(file: string): string | null {
  const parts = file.split("/");
  return parts[0] === "app" && parts[1] === "models" && parts.length > 3
    ? parts[2]
    : null;
}

const isIndex = (file: string) => /\/index\.server(\.ts)?$/.test(file);

/** Every import that enters a domain other than through its index, or goes up the order. */
function domainArrows(files: { path: string; text: string }[]): Arrow[] {
  const arrows: Arrow[] = [];
  for (const file of files) {
    const own = domainOf(file.path);
    // vi.mock names a module's file to wrap it: that is not an import of the domain's inside.
    const mocked = new Set(
      [...file.text.matchAll(/vi\.mock\(\s*["']([^"']+)["']/g)].map(
        (m) => m[1],
      ),
    );
    const { importedFiles } = ts.preProcessFile(file.text, true, true);
    for (const { fileName } of importedFiles) {
      if (mocked.has(fileName)) continue;
      const to = target(file.path, fileName);
      if (!to?.startsWith("app/models/")) continue;
      const theirs = domainOf(to);
      const arrow = { from: file.path, to, specifier: fileName };
      if (!theirs || !(DOMAINS as readonly string[]).includes(theirs))
        arrows.push(arrow); // a loose file under app/models, or an unknown domain
      else if (own === theirs) {
        if (isIndex(to)) arrows.push(arrow);
      } else if (!isIndex(to)) arrows.push(arrow);
      else if (
        own &&
        DOMAINS.indexOf(theirs as (typeof DOMAINS)[number]) >=
          DOMAINS.indexOf(own as (typeof DOMAINS)[number])
      )
        arrows.push(arrow);
    }
  }
  return arrows;
}

type Arrow = { from: string; to: string; specifier: string };

/** Every import of these files that points to a layer its own may not use. */
function upwardArrows(files: { path: string; text: string }[]): Arrow[] {
  const arrows: Arrow[] = [];
  for (const file of files) {
    const own = layerOf(file.path);
    if (!own) continue;
    const { importedFiles } = ts.preProcessFile(file.text, true, true);
    for (const { fileName } of importedFiles) {
      const to = target(file.path, fileName);
      if (!to) continue;
      const theirs = layerOf(to);
      if (!theirs || theirs === own) continue;
      if (!MAY_IMPORT[own].includes(theirs))
        arrows.push({ from: file.path, to, specifier: fileName });
    }
  }
  return arrows;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), {
    withFileTypes: true,
  })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const readAll = (dirs: string[]) =>
  dirs.flatMap(sourceFiles).map((p) => ({
    path: p,
    text: fs.readFileSync(path.join(ROOT, p), "utf8"),
  }));

describe("domains: each entered through its index, lower domains only", () => {
  it("finds the arrows that break the rule (the check itself)", () => {
    const arrows = domainArrows([
      {
        path: "app/routes/approvals.tsx",
        text: 'import { approveAdvance } from "~/models/advances/approval.server";\nimport { listTeam } from "~/models/companies/index.server";',
      },
      {
        path: "app/models/advances/cancel.server.ts",
        text: 'import { findAdvance } from "./payment.server";\nimport { x } from "./index.server";\nimport { y } from "~/models/cards/index.server";\nimport { z } from "~/models/ledger/ledger.server";',
      },
      {
        path: "app/models/audit/audit.server.ts",
        text: 'import { postEntry } from "~/models/ledger/index.server";',
      },
      {
        path: "tests/integration/people/sign-in.test.ts",
        text: 'vi.mock("~/models/people/sign-in.server", () => ({}));\nimport { signIn } from "~/models/people/index.server";',
      },
      {
        path: "app/jobs/tasks.server.ts",
        text: 'import { x } from "~/models/advances/advance.server";',
      },
    ]);
    expect(arrows.map((a) => `${a.from} -> ${a.to}`)).toEqual([
      "app/routes/approvals.tsx -> app/models/advances/approval.server",
      "app/models/advances/cancel.server.ts -> app/models/advances/index.server",
      "app/models/advances/cancel.server.ts -> app/models/cards/index.server",
      "app/models/advances/cancel.server.ts -> app/models/ledger/ledger.server",
      "app/models/audit/audit.server.ts -> app/models/ledger/index.server",
      "app/jobs/tasks.server.ts -> app/models/advances/advance.server",
    ]);
  });

  it("finds none in app/, db/, scripts/ or tests/, and every model file is in a domain", () => {
    const modelFiles = sourceFiles("app/models");
    expect(modelFiles.filter((f) => !domainOf(f))).toEqual([]);
    expect([...new Set(modelFiles.map(domainOf))].sort()).toEqual(
      [...DOMAINS].sort(),
    );
    for (const domain of DOMAINS)
      expect(modelFiles).toContain(`app/models/${domain}/index.server.ts`);
    expect(
      domainArrows(readAll(["app", "db", "scripts", "tests"])).map(
        (a) => `${a.from} imports ${a.specifier}`,
      ),
    ).toEqual([]);
  });
});

describe("layers: every import points down", () => {
  it("finds an upward import when there is one (the check itself)", () => {
    const arrows = upwardArrows([
      {
        path: "app/models/advances/advance.server.ts",
        text: 'import { fieldErrors } from "~/web/api.server";\nimport { money } from "../utils/money";',
      },
      {
        path: "app/utils/cli.server.ts",
        text: 'export { runPayroll } from "~/models/payroll/payroll.server";\nconst m = await import("../server/lifecycle.server");',
      },
      {
        path: "db/seed.ts",
        text: 'import { applyApproval } from "../app/models/advances/index.server";',
      },
      {
        path: "app/routes/readyz.ts",
        text: 'import { readiness } from "~/server/lifecycle.server";',
      },
    ]);
    expect(arrows.map((a) => `${a.from} -> ${a.to}`)).toEqual([
      "app/models/advances/advance.server.ts -> app/web/api.server",
      "app/utils/cli.server.ts -> app/models/payroll/payroll.server",
      "app/utils/cli.server.ts -> app/server/lifecycle.server",
      "db/seed.ts -> app/models/advances/index.server",
      "app/routes/readyz.ts -> app/server/lifecycle.server",
    ]);
  });

  it("finds no upward import in app/, db/ or scripts/", () => {
    const files = readAll(["app", "db", "scripts"]);
    // Every file has a layer (a new folder under app/ must join the table), and every layer
    // is there: the rule is read against the real tree, not an empty one.
    expect(files.filter((f) => !layerOf(f.path)).map((f) => f.path)).toEqual(
      [],
    );
    const seen = new Set(files.map((f) => layerOf(f.path)));
    for (const layer of Object.keys(MAY_IMPORT)) expect(seen).toContain(layer);
    expect(
      upwardArrows(files).map((a) => `${a.from} imports ${a.specifier}`),
    ).toEqual([]);
  });
});

// The tables' owners (docs/architecture.md "Tables, raw SQL and the rules in triggers"): each
// table is defined in db/schema/<domain>.ts, the file of the domain that owns it. A domain's
// code names only its own tables and those of the domains before it in the order: in the query
// builder (a table imported from the schema) and in raw SQL (a table's name in the text of a
// `sql` template). A read or write of a higher domain's table is that domain's function,
// called from above.

/** A table's name in code and in SQL → its name in SQL and its domain. */
type Owners = Map<string, { table: string; domain: string }>;

/** The domain of a schema file: `<domain>.ts`, or `<domain>-<part>.ts` for a table that stands
 * apart from its domain's other tables (companies-base.ts: the company, which people's tables
 * reference). */
const schemaDomain = (file: string) =>
  path.posix.basename(file, ".ts").split("-")[0];

/** Every table of the schema files and the domain whose file defines it. */
function tableOwners(files: { path: string; text: string }[]): Owners {
  const owners: Owners = new Map();
  for (const file of files) {
    const domain = schemaDomain(file.path);
    for (const m of file.text.matchAll(
      /export const (\w+) = pgTable\(\s*"(\w+)"/g,
    )) {
      owners.set(m[1], { table: m[2], domain });
      owners.set(m[2], { table: m[2], domain });
    }
  }
  return owners;
}

type Crossing = { from: string; table: string; owner: string };

/** Every table a domain's file names (imported from the schema, or in a `sql` template's text)
 * that belongs to a domain after its own. */
function tableCrossings(
  files: { path: string; text: string }[],
  owners: Owners,
): Crossing[] {
  const rank = (domain: string) =>
    DOMAINS.indexOf(domain as (typeof DOMAINS)[number]);
  const crossings: Crossing[] = [];
  for (const file of files) {
    const own = domainOf(file.path);
    if (!own) continue;
    const named = new Set<string>();
    const source = ts.createSourceFile(
      file.path,
      file.text,
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      // import { users } from "#db/schema": the builder's table (a type-only import is a row's
      // shape, not a query).
      if (
        ts.isImportDeclaration(node) &&
        ts.isStringLiteral(node.moduleSpecifier) &&
        /(^#db|\/db)\/schema(\/index)?$/.test(node.moduleSpecifier.text) &&
        !node.importClause?.isTypeOnly
      ) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements)
            if (!element.isTypeOnly)
              named.add((element.propertyName ?? element.name).text);
      }
      // sql`… from users join …`: the words of the template's text (not its ${values}).
      if (
        ts.isTaggedTemplateExpression(node) &&
        node.tag.getText(source) === "sql"
      ) {
        const template = node.template;
        const texts = ts.isNoSubstitutionTemplateLiteral(template)
          ? [template.text]
          : [
              template.head.text,
              ...template.templateSpans.map((s) => s.literal.text),
            ];
        for (const text of texts)
          for (const word of text.match(/\b[a-z_]+\b/g) ?? []) named.add(word);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const tables = new Map<string, string>(); // a table's name in SQL → its domain
    for (const name of named) {
      const owner = owners.get(name);
      if (owner && rank(owner.domain) > rank(own))
        tables.set(owner.table, owner.domain);
    }
    for (const [table, owner] of tables)
      crossings.push({ from: file.path, table, owner });
  }
  return crossings;
}

/**
 * Crossings still to move ("file: table"), each a table of a higher domain named in a lower
 * one: the query moves into the owning domain's function, called from above, or the table to
 * the domain that really owns it. The test fails on a crossing not in this list, and on an
 * entry here that no longer crosses, so the list only shrinks.
 */
const CROSSINGS_TO_MOVE: string[] = [
  // The advances read the schedule for the limits (when the last advance was repaid, what the
  // next paycheck already owes); repayments are above them, and the limits' callers (filing a
  // request, the quote, /request) are called by the routes, so no higher domain passes it yet.
  "app/models/advances/limits.server.ts: payroll_deductions",
  // The ledger's available balance (max advance − reserved − owed) reads the company's max
  // advance and the approved requests without a card, and is stored on the employee; a credit's
  // payback reads the payouts' runs and the company's next pay date, and the card's close
  // (cards, below payroll) tells it in its own transaction.
  "app/models/ledger/figures.server.ts: employees",
  "app/models/ledger/figures.server.ts: credit_payouts",
  "app/models/ledger/figures.server.ts: payroll_runs",
  "app/models/ledger/figures.server.ts: companies",
  "app/models/ledger/ledger.server.ts: companies",
  "app/models/ledger/ledger.server.ts: advance_requests",
  "app/models/ledger/ledger.server.ts: employees",
];

describe("tables: a domain names only its own tables and lower domains'", () => {
  const schemaFiles = () =>
    sourceFiles("db/schema")
      .filter((f) => !/\/(index|columns)\.ts$/.test(f))
      .map((p) => ({
        path: p,
        text: fs.readFileSync(path.join(ROOT, p), "utf8"),
      }));

  it("every table is defined in the file of one domain", () => {
    const files = schemaFiles();
    const unknown = files
      .map((f) => schemaDomain(f.path))
      .filter((d) => !(DOMAINS as readonly string[]).includes(d));
    expect(unknown).toEqual([]);
    // Nothing but domain files defines a table (index.ts re-exports, columns.ts has helpers).
    for (const p of ["db/schema/index.ts", "db/schema/columns.ts"])
      expect(fs.readFileSync(path.join(ROOT, p), "utf8")).not.toMatch(
        /pgTable\(/,
      );
    const owners = tableOwners(files);
    expect(owners.get("users")?.domain).toBe("people");
    expect(owners.get("payrollDeductions")?.domain).toBe("repayments");
    expect(owners.get("companies")?.domain).toBe("companies");
    expect(owners.size).toBeGreaterThan(40);
  });

  it("finds a table named above its domain (the check itself)", () => {
    const owners = tableOwners(schemaFiles());
    const crossings = tableCrossings(
      [
        {
          path: "app/models/ledger/figures.server.ts",
          text: [
            'import { journalEntries, users } from "#db/schema";',
            'import type { VirtualCard } from "#db/schema";',
            "const a = sql`select sum(p.amount) from ledger_postings p join journal_entries e on e.id = p.entry_id`;",
            "const b = sql<number>`select count(*) from virtual_cards c where c.id = ${id}`;",
          ].join("\n"),
        },
        {
          path: "app/models/reports/report.server.ts",
          text: 'import { users } from "#db/schema";\nconst c = sql`select 1 from virtual_cards`;',
        },
        {
          path: "app/web/auth.server.ts",
          text: "const d = sql`select 1 from virtual_cards`;",
        },
      ],
      owners,
    );
    expect(crossings.map((c) => `${c.from}: ${c.table} (${c.owner})`)).toEqual([
      "app/models/ledger/figures.server.ts: users (people)",
      "app/models/ledger/figures.server.ts: virtual_cards (cards)",
    ]);
  });

  it("finds none in app/models beyond the crossings still to move", () => {
    const owners = tableOwners(schemaFiles());
    const found = tableCrossings(readAll(["app/models"]), owners).map(
      (c) => `${c.from}: ${c.table}`,
    );
    expect(found.filter((c) => !CROSSINGS_TO_MOVE.includes(c))).toEqual([]);
    expect(CROSSINGS_TO_MOVE.filter((c) => !found.includes(c))).toEqual([]);
  });
});
