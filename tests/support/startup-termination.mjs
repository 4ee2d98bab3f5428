// Run as a child process by tests/unit/postgres-driver-patch.test.ts: the server ends a new
// postgres.js connection while the driver fetches the array types (its first statement on
// every connection, `fetch_types`), as `pg_terminate_backend` or a failover's demotion does:
// an ErrorResponse 57P01, then the socket closes. A proxy does it to the first connection only;
// the driver reconnects through it to the real server. Prints what the application's query
// got and which rejections no code handled.
// The unpatched driver 3.4.9 replays the old connection's 57P01 onto the query and leaves its
// own startup query's rejection unhandled (porsager/postgres#1223, #1192); the patched one
// answers the query on the new connection.
// Usage: node startup-termination.mjs <postgres module entry> <postgres URL>
import net from "node:net";

const [modulePath, url] = process.argv.slice(2);
const { default: postgres } = await import(modulePath);
const target = new URL(url);

const unhandled = [];
process.on("unhandledRejection", (error) =>
  unhandled.push(error?.code ?? String(error)),
);

/** PostgreSQL's ErrorResponse for a terminated backend. */
function terminated() {
  const fields = [
    ["S", "FATAL"],
    ["V", "FATAL"],
    ["C", "57P01"],
    ["M", "terminating connection due to administrator command"],
  ];
  const body = Buffer.concat([
    ...fields.map(([k, v]) => Buffer.from(`${k}${v}\0`)),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write("E", 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

let connections = 0;
const proxy = net.createServer((client) => {
  const first = connections++ === 0;
  const upstream = net.connect(Number(target.port || 5432), target.hostname);
  client.on("error", () => {});
  upstream.on("error", () => {});
  upstream.pipe(client);
  client.on("data", (chunk) => {
    if (first && chunk.includes("typarray")) {
      upstream.destroy();
      client.end(terminated());
      return;
    }
    upstream.write(chunk);
  });
  client.on("close", () => upstream.destroy());
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const proxied = new URL(url);
proxied.hostname = "127.0.0.1";
proxied.port = String(proxy.address().port);

const sql = postgres(proxied.toString(), { max: 1, onnotice() {} });
let answer;
try {
  const [row] = await sql`select 1 as x`;
  answer = row.x;
} catch (error) {
  answer = error.code ?? String(error);
}
await new Promise((resolve) => setTimeout(resolve, 200));
console.log(JSON.stringify({ answer, connections, unhandled }));
await sql.end({ timeout: 1 });
proxy.close();
process.exit(0);
