import fs from "node:fs";
import path from "node:path";
import { DOMAINS } from "#tests/support/domains";

// The README's layout and the decisions' index, read against the tree, so neither goes stale.

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("."))
    .map((e) => e.name);

/**
 * The paths the README's layout names, in order: a line starting at column 0 names a path
 * from the repository's root; an indented one names a path inside the last of those.
 */
function layoutPaths(readme: string): string[] {
  const section = readme.split("\n## Layout\n")[1]?.split("\n## ")[0] ?? "";
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  const paths: string[] = [];
  let parent = "";
  for (const line of block.split("\n")) {
    const match = /^( *)(\S+)\s{2,}/.exec(line);
    if (!match || !/[/.]/.test(match[2])) continue;
    const [, indent, name] = match;
    if (indent.length === 0) {
      parent = name;
      paths.push(name);
    } else if (indent.length === 2) paths.push(parent + name);
  }
  return paths;
}

describe("the README's layout", () => {
  const paths = layoutPaths(read("README.md"));

  it("is read from the README (the check itself)", () => {
    expect(
      layoutPaths(
        "x\n## Layout\n\n```\napp/models/   the domain\n  audit/      who\n             more words/\ndb/          schema\n```\n## Next\n",
      ),
    ).toEqual(["app/models/", "app/models/audit/", "db/"]);
  });

  it("names only paths that exist", () => {
    expect(paths.filter((p) => !fs.existsSync(path.join(ROOT, p)))).toEqual([]);
  });

  it("names every folder of the repository, of app/ and of tests/", () => {
    const tracked = [
      "app",
      "db",
      "docs",
      "patches",
      "public",
      "scripts",
      "tests",
    ];
    expect(
      folders(".")
        .filter((f) => tracked.includes(f))
        .sort(),
    ).toEqual(tracked.sort());
    const expected = [
      ...tracked
        .filter((f) => f !== "app" && f !== "tests")
        .map((f) => `${f}/`),
      ...folders("app").map((f) => `app/${f}/`),
      ...folders("tests").map((f) => `tests/${f}/`),
    ];
    expect(expected.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it("lists the domains of app/models, in the order they may use each other", () => {
    const listed = paths
      .filter((p) => p.startsWith("app/models/") && p !== "app/models/")
      .map((p) => p.slice("app/models/".length, -1));
    expect(listed).toEqual([...DOMAINS]);
    expect(folders("app/models").sort()).toEqual([...DOMAINS].sort());
  });
});

describe("the decisions' index", () => {
  const dir = "docs/decisions";
  const records = fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => /^\d{4}-.*\.md$/.test(f))
    .sort();

  it("numbers the records 0001, 0002, … with no gap, each headed by its number", () => {
    records.forEach((file, i) => {
      expect(file.slice(0, 4)).toBe(String(i + 1).padStart(4, "0"));
      expect(read(`${dir}/${file}`).split("\n")[0]).toMatch(
        new RegExp(`^# ${file.slice(0, 4)} — \\S`),
      );
    });
  });

  /** The record's `Status:` line (third or fourth line, after its date). */
  const statusOf = (file: string) =>
    /^Status: (.+)$/m.exec(
      read(`${dir}/${file}`).split("\n").slice(0, 6).join("\n"),
    )?.[1];

  it("gives each record its date and its status under the title", () => {
    const number = "\\d{4}";
    const status = new RegExp(
      `^(accepted|(superseded|superseded in part|amended) by ${number}( and ${number})*)$`,
    );
    for (const file of records) {
      const [, blank, date, state] = read(`${dir}/${file}`).split("\n");
      expect(blank, file).toBe("");
      expect(date, file).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/);
      expect(state.replace(/^Status: /, ""), file).toMatch(status);
    }
  });

  it("has one line per record, in order, with the record's title and any status but accepted", () => {
    const index = read(`${dir}/README.md`);
    const lines = [
      ...index.matchAll(/^- \[(\d{4})\]\(([^)]+)\) (.+?)(?: · (.+))?$/gm),
    ];
    expect(lines.map((m) => m[2])).toEqual(records);
    for (const [, number, file, title, status] of lines) {
      expect(file.startsWith(number)).toBe(true);
      expect(read(`${dir}/${file}`).split("\n")[0]).toBe(
        `# ${number} — ${title}`,
      );
      const own = statusOf(file);
      expect(status ?? "accepted", file).toBe(own);
    }
  });

  it("gives records from the template on the template's sections", () => {
    // The template (TEMPLATE.md) took effect with 0096; earlier records keep their shape.
    for (const file of records.filter((f) => Number(f.slice(0, 4)) >= 96)) {
      const headings = [...read(`${dir}/${file}`).matchAll(/^## (.+)$/gm)].map(
        (m) => m[1],
      );
      expect(headings.slice(0, 3), file).toEqual([
        "Context",
        "Decision",
        "Consequences",
      ]);
    }
  });
});
