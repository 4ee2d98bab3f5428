// Run as a child process by tests/unit/postgres-driver-patch.test.ts: a reserved postgres.js
// connection whose server side goes away cleanly (a proxy ends it: FIN, not RST), then two
// small queries on it. The unpatched driver schedules the small write with setImmediate and
// throws `Cannot read properties of null (reading 'write')` from the timer, which ends the
// process; the patched one rejects both queries with CONNECTION_CLOSED.
// Usage: node closed-connection-writes.mjs <postgres module entry> <postgres URL>
import net from "node:net";

const [modulePath, url] = process.argv.slice(2);
const { default: postgres } = await import(modulePath);
const target = new URL(url);

const clients = new Set();
const proxy = net.createServer((client) => {
  const upstream = net.connect(Number(target.port || 5432), target.hostname);
  client.pipe(upstream).pipe(client);
  clients.add(client);
  client.on("error", () => {});
  upstream.on("error", () => {});
  client.on("close", () => upstream.destroy());
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxied = new URL(url);
proxied.hostname = "127.0.0.1";
proxied.port = String(proxy.address().port);

const sql = postgres(proxied.toString(), { max: 1, onnotice() {} });
const reserved = await sql.reserve();
await reserved`select 1`;
for (const client of clients) client.end();
await new Promise((resolve) => setTimeout(resolve, 200));

const outcome = (query) =>
  Promise.race([
    query.then(
      () => "ok",
      (error) => error.code ?? String(error),
    ),
    new Promise((resolve) => setTimeout(() => resolve("hung"), 3000)),
  ]);
const first = await outcome(reserved`select 1`);
const second = await outcome(reserved`select 1`);
console.log(JSON.stringify({ first, second }));
proxy.close();
process.exit(0);
