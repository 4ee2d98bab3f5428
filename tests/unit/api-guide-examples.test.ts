import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The guide's webhook verification, run as the guide itself writes it (the js block of its
// "Verifying a delivery" section, read from docs/api-guide.md), and the example receiver
// (docs/examples/webhook-receiver.mjs) started as a process: each against a valid delivery
// and forged, stale and malformed ones. A refusal is `false` or a 400, never a throw or a crash.

type Verify = (header: unknown, rawBody: string, secret: string) => boolean;

const guide = fs.readFileSync("docs/api-guide.md", "utf8");
const section = guide.slice(guide.indexOf("## 3. Verifying a delivery"));
const snippet = section.match(/```js\n([\s\S]*?)```/)![1];

function guideVerify(): Verify {
  // The snippet imports crypto as a module would; here it is handed in.
  const body = snippet.replace(/^import crypto from "node:crypto";\n/m, "");
  expect(body).not.toMatch(/^import /m);
  return new Function("crypto", `${body}\nreturn verify;`)(crypto) as Verify;
}

const SECRET = "whsec_guide_test";
const body = JSON.stringify({
  id: "evt_1",
  type: "advance_request.approved",
  created: 1,
  data: {},
});
const sign = (t: number, raw: string, secret = SECRET) =>
  `t=${t},v1=${crypto.createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

const CASES: Array<[string, () => unknown, string, boolean]> = [
  ["valid", () => sign(now(), body), body, true],
  [
    "forged (another secret)",
    () => sign(now(), body, "whsec_other"),
    body,
    false,
  ],
  ["stale (10 minutes old)", () => sign(now() - 600, body), body, false],
  ["a changed body", () => sign(now(), body), `${body} `, false],
  ["no header", () => undefined, body, false],
  ["v1=abc", () => "v1=abc", body, false],
  ["t and a short v1", () => `t=${now()},v1=abc`, body, false],
  ["t=abc", () => `t=abc,v1=${"0".repeat(64)}`, body, false],
  ["garbage", () => "nonsense", body, false],
  [
    "during a rotation, the new secret's v1 first",
    () => `${sign(now(), body)},v1=${"0".repeat(64)}`,
    body,
    true,
  ],
  [
    "during a rotation, the old secret's v1 second",
    () =>
      `${sign(now(), body, "whsec_new")},${sign(now(), body).split(",")[1]}`,
    body,
    true,
  ],
  [
    "two v1 from other secrets",
    () =>
      `${sign(now(), body, "whsec_a")},${sign(now(), body, "whsec_b").split(",")[1]}`,
    body,
    false,
  ],
  ["unsigned, not JSON", () => undefined, "<xml/>", false],
];

describe("the guide's verification snippet", () => {
  const verify = guideVerify();
  it.each(CASES)("%s", (_name, header, raw, expected) => {
    expect(verify(header(), raw, SECRET)).toBe(expected);
  });
});

describe("docs/examples/webhook-receiver.mjs", () => {
  let child: ChildProcess;
  let port = 0;
  let output = "";

  beforeAll(async () => {
    child = spawn(process.execPath, ["docs/examples/webhook-receiver.mjs"], {
      env: { ...process.env, WEBHOOK_SECRET: SECRET, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on("data", (d: Buffer) => {
        output += d.toString();
        const match = output.match(/listening on (\d+)/);
        if (match) resolve(Number(match[1]));
      });
      child.on("exit", () => reject(new Error(`receiver exited: ${output}`)));
    });
  });

  afterAll(() => {
    child.kill();
  });

  it.each(CASES)("answers %s", async (_name, header, raw, expected) => {
    const signature = header();
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      headers:
        typeof signature === "string"
          ? { "Grocery-Advance-Signature": signature }
          : {},
      body: raw,
    });
    expect(res.status, output).toBe(expected ? 200 : 400);
    expect(child.exitCode, output).toBeNull();
  });
});
