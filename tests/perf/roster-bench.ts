// Part of `npm run bench`: a roster import of 10,000 rows (20 of them bad, of four kinds) for
// one company, on a fresh database `ga_bench_roster` on the PostgreSQL server: the preview
// (read, check against the company, store) and the import (the job's batches: invitations,
// their audit events and mails), each timed, with this process's peak memory sampled. Writes
// its table into docs/performance.md between the roster-bench markers.
//
//   BENCH_DATABASE_URL  PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_WRITE_DOC=0   do not rewrite the generated section of docs/performance.md
import url from "node:url";
import { eq, sql } from "drizzle-orm";
import { invitations, mailOutbox } from "#db/schema";
import {
  confirmRoster,
  getRosterImport,
  previewRoster,
  runRosterImport,
  type BadRow,
  registerUser,
} from "~/models/companies/index.server";
import { confirmEmail } from "~/models/people/index.server";
import {
  closeConnection,
  connectPostgres,
  db,
  migrate,
  setConnection,
} from "~/utils/db.server";
import {
  BENCH_SERVER_URL,
  createBenchDatabase,
  dropBenchDatabase,
  timed,
  withDatabase,
  writeDocSection,
} from "./bench-support";

const DB_NAME = "ga_bench_roster";
const ROWS = 10_000;
const BAD = 20;

/** 10,000 rows: 9,980 good ones and 20 bad ones of four kinds, spread through the file. */
export function rosterCsv(rows = ROWS, bad = BAD): string {
  const lines = ["First name,Last name,Email,Department,Employee number"];
  const kinds = [
    (i: number) => `Bad${i},Email,not-an-email-${i},Deli,`,
    (i: number) => `,Nofirst,nofirst${i}@bench-roster.example,Deli,`,
    (i: number) => `Nolast${i},,nolast${i}@bench-roster.example,Deli,`,
    // A duplicate of the first good row.
    () => `Dup,Row,person0@bench-roster.example,Deli,`,
  ];
  const every = Math.floor(rows / bad);
  let good = 0;
  for (let i = 0; i < rows; i++) {
    if (i % every === every - 1 && i / every < bad)
      lines.push(kinds[Math.floor(i / every) % kinds.length](i));
    else {
      lines.push(
        `First${good},Last${good},person${good}@bench-roster.example,Dept ${good % 8},E${good}`,
      );
      good += 1;
    }
  }
  return lines.join("\n");
}

export async function measureRosterImport() {
  await createBenchDatabase(DB_NAME);
  const conn = connectPostgres(withDatabase(BENCH_SERVER_URL, DB_NAME), 4);
  setConnection(conn);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    await migrate(conn);
    const owner = await registerUser({
      role: "EMPLOYER",
      username: "roster_owner",
      password: "Basil-Lantern-62",
      firstName: "Rho",
      lastName: "Ster",
      email: "owner@bench-roster.example",
      companyName: "Roster Bench Co",
    });
    // The owner confirms their address by the mailed link: a 10,000-row import is then within
    // the company's invitation limits.
    const [mail] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, owner.id));
    await confirmEmail(/confirm-email\?token=([\w-]+)/.exec(mail.text)![1]);
    const csv = new TextEncoder().encode(rosterCsv());
    const before = process.memoryUsage().rss;
    peak = before;
    const [preview, previewMs] = await timed(() =>
      previewRoster(owner, "roster.csv", csv),
    );
    const previewPeak = peak;
    await confirmRoster(owner, preview.id);
    peak = process.memoryUsage().rss;
    const [, importMs] = await timed(() => runRosterImport(preview.id));
    const importPeak = peak;
    const done = await getRosterImport(owner, preview.id);
    const [{ n }] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(invitations)
      .where(eq(invitations.companyId, owner.companyId!));
    const bad = preview.badRows as BadRow[];
    return {
      rows: ROWS,
      badRows: bad.length,
      badKinds: new Set(bad.map((b) => b.reason.replace(/\d+/g, "N"))).size,
      toInvite: (preview.rows as unknown[]).length,
      invited: done.invited,
      invitationsStored: Number(n),
      previewMs,
      importMs,
      previewRowsPerSecond: ROWS / (previewMs / 1000),
      importRowsPerSecond: done.invited / (importMs / 1000),
      previewPeakMb: previewPeak / 2 ** 20,
      importPeakMb: importPeak / 2 ** 20,
      baseMb: before / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
    await closeConnection();
    await dropBenchDatabase(DB_NAME);
  }
}

type Figures = Awaited<ReturnType<typeof measureRosterImport>>;

export function rosterTable(f: Figures): string {
  const ms = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const rate = (v: number) => `${Math.round(v).toLocaleString("en-US")} rows/s`;
  const mb = (v: number) => `${v.toFixed(0)} MB`;
  return [
    `## Roster import (${new Date().toISOString()})`,
    "",
    `A CSV of ${f.rows.toLocaleString("en-US")} rows (${f.badRows} bad, of ${f.badKinds} kinds: bad e-mail, missing first name, missing last name, duplicate in the file) for one company, on PostgreSQL, through the domain functions in one process (the job's own code; no HTTP). Peak memory is this process's resident set, sampled every 20 ms.`,
    "",
    "| Step | Rows | Time | Rows per second | Peak memory |",
    "| --- | ---: | ---: | ---: | ---: |",
    `| Preview (read, check, store) | ${f.rows} | ${ms(f.previewMs)} | ${rate(f.previewRowsPerSecond)} | ${mb(f.previewPeakMb)} |`,
    `| Import (invitations, audit, mails) | ${f.invited} | ${ms(f.importMs)} | ${rate(f.importRowsPerSecond)} | ${mb(f.importPeakMb)} |`,
    "",
    `Process before the preview: ${mb(f.baseMb)}. Invitations stored: ${f.invitationsStored} (every row to invite: ${f.toInvite}).`,
  ].join("\n");
}

if (import.meta.url === url.pathToFileURL(process.argv[1] ?? "").href) {
  process.env.SEED_DEMO = "false";
  const figures = await measureRosterImport();
  const table = rosterTable(figures);
  process.stdout.write(`${table}\n`);
  if (process.env.BENCH_WRITE_DOC !== "0")
    writeDocSection("roster-bench", "tests/perf/roster-bench.ts", table);
}
