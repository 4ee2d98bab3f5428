// A webhook receiver that verifies Grocery-Advance-Signature (docs/api-guide.md).
// Run: WEBHOOK_SECRET=whsec_… node docs/examples/webhook-receiver.mjs
import crypto from "node:crypto";
import http from "node:http";

const secret = process.env.WEBHOOK_SECRET ?? "";

/** Whether a delivery is ours and fresh; false (never a throw) for anything malformed. */
function verify(header, rawBody, secret) {
  const parts = String(header ?? "")
    .split(",")
    .map((p) => [
      p.slice(0, p.indexOf("=")).trim(),
      p.slice(p.indexOf("=") + 1),
    ]);
  const t = parts.find(([k]) => k === "t")?.[1] ?? "";
  if (!/^\d+$/.test(t) || Math.abs(Date.now() / 1000 - Number(t)) >= 300)
    return false;
  const expected = Buffer.from(
    crypto.createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex"),
  );
  // After a secret rotation each delivery carries one v1 per secret for 24 hours: any may match.
  return parts.some(([k, v]) => {
    const given = Buffer.from(k === "v1" ? v : "");
    return (
      given.length === expected.length &&
      crypto.timingSafeEqual(given, expected)
    );
  });
}

const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    // Verify first: an unsigned, forged or stale body is refused without being parsed.
    if (!verify(req.headers["grocery-advance-signature"], body, secret)) {
      console.log("refused: signature INVALID");
      res.writeHead(400).end();
      return;
    }
    let event;
    try {
      event = JSON.parse(body);
    } catch {
      console.log("refused: signed, but not JSON");
      res.writeHead(400).end();
      return;
    }
    console.log(`${event.type} ${event.id} signature valid`);
    res.writeHead(200).end();
  });
});
server.listen(Number(process.env.PORT ?? 4000), "127.0.0.1", () => {
  console.log(`listening on ${server.address().port}`);
});
