// A webhook receiver that verifies Grocery-Advance-Signature (docs/api-guide.md).
// Run: WEBHOOK_SECRET=whsec_… node docs/examples/webhook-receiver.mjs
import crypto from "node:crypto";
import http from "node:http";

const secret = process.env.WEBHOOK_SECRET ?? "";

function verified(header, body) {
  const parts = Object.fromEntries(
    String(header)
      .split(",")
      .map((p) => p.split("=")),
  );
  const expected = crypto
    .createHmac("sha256", secret)
    .update(`${parts.t}.${body}`)
    .digest("hex");
  const fresh = Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
  return (
    fresh &&
    typeof parts.v1 === "string" &&
    parts.v1.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected))
  );
}

http
  .createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const ok = verified(req.headers["grocery-advance-signature"], body);
      const event = JSON.parse(body);
      console.log(
        `${event.type} ${event.id} signature ${ok ? "valid" : "INVALID"}`,
      );
      res.writeHead(ok ? 200 : 400).end();
    });
  })
  .listen(Number(process.env.PORT ?? 4000), "127.0.0.1");
