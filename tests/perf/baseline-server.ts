// The raw baseline of `npm run bench`: a bare node:http server that runs exactly the employer
// dashboard's SQL (loadEmployerDashboard, the function the page's loader calls) and answers
// JSON. No Remix, no session, no rendering, no compression: what the database work alone
// allows. GET /<employer username> answers that employer's dashboard data.
import http from "node:http";
import { loadEmployerDashboard } from "~/models/reports/index.server";
import { benchEmployers } from "./bench-employers";

const { port, employers } = await benchEmployers();

const server = http.createServer((req, res) => {
  const user = employers.get((req.url ?? "/").slice(1));
  if (!user) {
    res.writeHead(404).end();
    return;
  }
  loadEmployerDashboard(user).then(
    (data) => {
      const body = JSON.stringify(data);
      res.writeHead(200, {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(body),
      });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(500).end(String(error));
    },
  );
});
server.keepAliveTimeout = 60_000;
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  process.stdout.write(`baseline listening on ${actual}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
