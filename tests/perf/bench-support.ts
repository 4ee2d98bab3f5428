import fs from "node:fs";
import path from "node:path";
import url from "node:url";
export { withDatabase } from "#tests/support/servers";

// What the separate bench scripts share (npm run bench): the database URL of a bench's own
// database, a timer, and the generated section of docs/performance.md each one rewrites.

const ROOT = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "../..",
);

/** Runs `run` and returns its result with the milliseconds it took. */
export async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await run();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
}

/**
 * Writes `table` into docs/performance.md between the `<name>:start` and `<name>:end` markers,
 * or appends the section (under `heading`, if given) the first time. `npm run bench` formats
 * the file with Prettier afterwards.
 */
export function writeDocSection(
  name: string,
  script: string,
  table: string,
  heading?: string,
) {
  const file = path.join(ROOT, "docs/performance.md");
  const doc = fs.readFileSync(file, "utf8");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n<!-- Written by npm run bench (${script}); do not edit by hand. -->\n\n${table}\n\n${end}`;
  const next = doc.includes(start)
    ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${doc.trimEnd()}\n\n${heading ? `${heading}\n\n` : ""}${section}\n`;
  fs.writeFileSync(file, next);
}
