import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import postgres from "postgres";
import { withDatabase } from "#tests/support/servers";

export { withDatabase };

// What the separate bench scripts share (npm run bench): the database URL of a bench's own
// database, a timer, and the generated section of docs/performance.md each one rewrites.

const ROOT = path.resolve(
  path.dirname(url.fileURLToPath(import.meta.url)),
  "../..",
);

/** The PostgreSQL server the benches make their databases on. */
export const BENCH_SERVER_URL =
  process.env.BENCH_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

async function onServer(run: (admin: postgres.Sql) => Promise<unknown>) {
  const admin = postgres(BENCH_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** A bench's own database, made afresh (dropped first if a run left it); its URL. */
export async function createBenchDatabase(name: string): Promise<string> {
  await onServer(async (admin) => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  });
  return withDatabase(BENCH_SERVER_URL, name);
}

/** Drops a bench's database (its connections are ended). */
export async function dropBenchDatabase(name: string): Promise<void> {
  await onServer((admin) =>
    admin.unsafe(`drop database if exists ${name} with (force)`),
  );
}

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
