import { companyOwners } from "~/models/people/index.server";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { subDays } from "date-fns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "#db/schema";
import { deliverWebhook } from "~/models/integrations/index.server";
import { seedDemo } from "~/server/seed.server";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { startAppServer, type AppServer } from "#tests/support/app-server";
import { useTestDatabase } from "#tests/support/db";
import { freePort } from "#tests/support/servers";

// docs/api-guide.md run as written: every ```sh block of the guide's own text, in order, each
// command run by bash with the real curl against the app served on a port of 127.0.0.1 (its
// database the demo company, seeded two weeks back so a deduction is due today, as on a pay
// date). The guide's placeholders (`KEY=ga_…`, `REQUEST=5`, …) take the values of the answers
// before them, as a reader would fill them in, and its example receiver address is the example
// receiver (docs/examples/webhook-receiver.mjs) started with the endpoint's secret. Each answer
// the guide shows under a command (`# {…}`, `# 402 {…}`) is checked: the status (2xx when none
// is shown) and the shape: every field shown is there with the same type, an upper-case value
// (a status) or a value without `…` in a field named like a message is the same, and `"ga_…"`
// means a string starting `ga_`. Fields the guide does not show may be there too (a version
// may add fields). The ```js block is run by tests/unit/api-guide-examples.test.ts.

// One database is enough: what is checked is that the guide's commands and answers are right; each
// answer comes from a domain function (and the webhook from the delivery job) that has its tests on
// both. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

const exec = promisify(execFile);
const GUIDE = fs.readFileSync("docs/api-guide.md", "utf8");
const RECEIVER_URL = "https://payroll.example.com/hooks";

type Block = { lang: string; text: string; heading: string };

/** The guide's fenced blocks, each with the section heading above it. */
function blocks(): Block[] {
  const found: Block[] = [];
  let heading = "";
  const lines = GUIDE.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith("## ")) heading = line.slice(3);
    const open = /^```(\w*)$/.exec(line);
    if (!open) continue;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i]);
    found.push({ lang: open[1], text: body.join("\n"), heading });
  }
  return found;
}

type Step =
  | { kind: "assign"; names: Array<[string, string]>; line: string }
  | {
      kind: "run";
      command: string;
      shown?: { status?: number; body: unknown; text: string };
    };

/** A block's commands (continued lines joined), assignments and the answers shown under them. */
function steps(block: string): Step[] {
  const out: Step[] = [];
  const lines = block.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trim();
    if (!line) continue;
    if (line.startsWith("#")) {
      const answer = /^#\s*(\d{3}\s+)?([[{].*)$/.exec(line);
      const last = out.at(-1);
      if (!answer || last?.kind !== "run" || last.shown) continue;
      let text = answer[2];
      while (parseShown(text) === undefined && lines[i + 1]?.startsWith("#"))
        text += lines[++i].replace(/^#\s*/, "");
      const body = parseShown(text);
      expect(body, `the answer shown: ${text}`).toBeDefined();
      last.shown = {
        status: answer[1] ? Number(answer[1]) : undefined,
        body,
        text,
      };
      continue;
    }
    while (line.endsWith("\\"))
      line = `${line.slice(0, -1)} ${lines[++i].trim()}`;
    const assign = /^((?:[A-Z_]+=\S+\s*)+)(#.*)?$/.exec(line);
    if (assign) {
      out.push({
        kind: "assign",
        line,
        names: assign[1]
          .trim()
          .split(/\s+/)
          .map((a) => a.split("=", 2) as [string, string]),
      });
    } else out.push({ kind: "run", command: line });
  }
  return out;
}

const ANY_ARRAY = "\u0000any array";

/** An answer as the guide shows it: JSON with `…` for what varies. */
function parseShown(text: string): unknown {
  const json = text
    .replace(/\[…\]/g, JSON.stringify(ANY_ARRAY))
    .replace(/,\s*…\s*(?=[,}\]])/g, "")
    .replace(/([{[])\s*…\s*,/g, "$1");
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Where an answer differs from the shape the guide shows ([] when it does not). */
function shapeErrors(shown: unknown, got: unknown, at = "$"): string[] {
  if (shown === ANY_ARRAY)
    return Array.isArray(got) ? [] : [`${at}: not an array`];
  if (shown === null) return got === null ? [] : [`${at}: not null`];
  if (Array.isArray(shown)) {
    if (!Array.isArray(got)) return [`${at}: not an array`];
    if (shown.length && !got.length) return [`${at}: empty`];
    return shown.length ? shapeErrors(shown[0], got[0], `${at}[0]`) : [];
  }
  if (typeof shown === "object") {
    if (typeof got !== "object" || got === null || Array.isArray(got))
      return [`${at}: not an object`];
    return Object.entries(shown).flatMap(([key, value]) =>
      key in got
        ? shapeErrors(
            value,
            (got as Record<string, unknown>)[key],
            `${at}.${key}`,
          )
        : [`${at}.${key}: missing`],
    );
  }
  if (typeof shown !== typeof got)
    return [`${at}: ${JSON.stringify(got)} is not a ${typeof shown}`];
  if (typeof shown === "string") {
    const s = got as string;
    if (shown.includes("…")) {
      const [head, tail] = shown.split("…");
      return s.startsWith(head) && s.endsWith(tail)
        ? []
        : [`${at}: ${JSON.stringify(s)} is not ${JSON.stringify(shown)}`];
    }
    if (/^[A-Z_]+$|^[a-z_]+$/.test(shown) || at.endsWith(".message"))
      return s === shown ? [] : [`${at}: ${JSON.stringify(s)}, shown ${shown}`];
    if (/^\d+\.\d\d$/.test(shown) && !/^\d+\.\d\d$/.test(s))
      return [`${at}: ${s} is not an amount`];
    if (/^\d{4}-\d\d-\d\d$/.test(shown) && !/^\d{4}-\d\d-\d\d$/.test(s))
      return [`${at}: ${s} is not a date`];
  }
  if (typeof shown === "boolean" && shown !== got)
    return [`${at}: ${String(got)}, shown ${String(shown)}`];
  return [];
}

let server: AppServer;
let receiver: ChildProcess | undefined;
let receiverPort: number;
let receiverLog = "";
let dir: string;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "true";
  resetEnvCache();
  await seedDemo(db(), subDays(new Date(), 14));
  server = await startAppServer();
  receiverPort = await freePort();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-guide-"));
});

afterAll(async () => {
  receiver?.kill();
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
});

/** The example receiver, listening where the guide's endpoint address now points. */
async function startReceiver(secret: string) {
  const child = spawn(
    process.execPath,
    ["docs/examples/webhook-receiver.mjs"],
    {
      env: {
        ...process.env,
        WEBHOOK_SECRET: secret,
        PORT: String(receiverPort),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  receiver = child;
  child.stderr!.on("data", (d: Buffer) => (receiverLog += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      receiverLog += d.toString();
      if (/listening on \d+/.test(receiverLog)) resolve();
    });
    child.on("exit", () =>
      reject(new Error(`receiver exited: ${receiverLog}`)),
    );
  });
}

/** Sends every pending delivery now, as the job queue would: each must be accepted. */
async function deliverPending(): Promise<number> {
  const pending = await db()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"))
    .orderBy(webhookDeliveries.id);
  for (const { id } of pending)
    expect(await deliverWebhook(id, companyOwners), receiverLog).toBe(
      "delivered",
    );
  return pending.length;
}

type Answer = { command: string; status: number; body: unknown };
const answers: Answer[] = [];

/** The latest answer of a command naming `fragment`. */
function answerOf(fragment: RegExp): Record<string, unknown> & unknown[] {
  const found = [...answers].reverse().find((a) => fragment.test(a.command));
  expect(found, `an answer of ${fragment}`).toBeDefined();
  return found!.body as Record<string, unknown> & unknown[];
}

type Row = Record<string, unknown>;

// What each placeholder of the guide stands for, read from the answers before it.
const PLACEHOLDERS: Record<string, () => unknown> = {
  B: () => server.url,
  KEY: () => answerOf(/\/api\/api-keys$/).key,
  REQUEST: () =>
    (answerOf(/\/api\/advance-requests\/pending/) as Row[]).find(
      (r) => (r.employee as Row).firstName === "Carol",
    )?.id,
  RUN: () => answerOf(/\/api\/payroll-runs$/).id,
  DEDUCTION: () =>
    ((answerOf(/\/api\/payroll-runs$/).deductions as Row[])[0] ?? {}).id,
  E: () => answerOf(/\/api\/webhook-endpoints$/).id,
  DELIVERY: () => (answerOf(/\/deliveries\?/) as Row[])[0]?.id,
  APPROVED: () => answerOf(/\/approve$/).id,
  AMOUNT: () => answerOf(/\/approve$/).amount,
  CARD: () => answerOf(/\/api\/create-grocery-card$/).id,
};

describe("docs/api-guide.md", () => {
  it("has only sh blocks run here and the one js block the verification test runs", () => {
    const langs = blocks().map((b) => b.lang);
    expect(langs.filter((l) => l !== "sh")).toEqual(["js"]);
    expect(blocks().find((b) => b.lang === "js")!.heading).toBe(
      "3. Verifying a delivery",
    );
  });

  it("runs every curl command as written, in order, each answering what the guide shows", async () => {
    const vars: Record<string, string> = {};
    const hdrs = path.join(dir, "headers");
    let ran = 0;
    let delivered = 0;
    for (const block of blocks().filter((b) => b.lang === "sh")) {
      for (const step of steps(block.text)) {
        if (step.kind === "assign") {
          for (const [name] of step.names) {
            const value = PLACEHOLDERS[name]?.();
            expect(value, `a value for ${name} (${step.line})`).toBeDefined();
            vars[name] = String(value);
          }
          continue;
        }
        const command = step.command.replaceAll(
          RECEIVER_URL,
          `http://127.0.0.1:${receiverPort}/hooks`,
        );
        expect(command, block.heading).toMatch(/^curl /);
        const script = `curl() { command curl -D ${JSON.stringify(hdrs)} -w '\\n%{http_code}' "$@"; }\n${command}`;
        const { stdout } = await exec("bash", ["-c", script], {
          cwd: dir,
          env: { ...process.env, ...vars },
        });
        const cut = stdout.lastIndexOf("\n");
        const status = Number(stdout.slice(cut + 1));
        const text = stdout.slice(0, cut);
        const body: unknown = text ? JSON.parse(text) : null;
        const where = `${block.heading}: ${step.command}\n→ ${status} ${text}`;
        if (step.shown?.status) expect(status, where).toBe(step.shown.status);
        else expect(status, where).toBeLessThan(300);
        expect(status, where).toBeGreaterThanOrEqual(200);
        if (step.shown)
          expect(shapeErrors(step.shown.body, body), where).toEqual([]);
        // Every answer says the version it is in (section 6).
        expect(fs.readFileSync(hdrs, "utf8"), where).toMatch(
          /^grocery-advance-version: \d{4}-\d\d-\d\d\r?$/im,
        );
        answers.push({ command: step.command, status, body });
        ran++;
        // The endpoint's secret goes to the receiver, which starts where the guide points it.
        const secret = (body as Row | null)?.secret;
        if (typeof secret === "string" && !receiver)
          await startReceiver(secret);
        if (receiver) delivered += await deliverPending();
      }
    }
    expect(ran).toBeGreaterThanOrEqual(20);
    // Every event the guide's steps caused reached the example receiver, which verified it.
    expect(delivered).toBeGreaterThan(3);
    const valid = receiverLog.match(/signature valid/g) ?? [];
    expect(valid.length, receiverLog).toBe(delivered);
    expect(receiverLog).not.toMatch(/refused/);
  });
});
