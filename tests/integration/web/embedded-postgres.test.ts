import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import postgres from "postgres";
import { PGLITE_OPTIONS } from "~/utils/db.server";
import {
  serveEmbeddedPostgres,
  type EmbeddedPostgres,
} from "#tests/e2e/support/embedded-postgres";

// The embedded database the end-to-end tests fall back on: one PGlite, several connections
// from two client libraries (postgres.js as the app, node-postgres as graphile-worker).

let pglite: PGlite;
let served: EmbeddedPostgres;
let clients: Array<{ end: () => Promise<unknown> }> = [];

beforeAll(async () => {
  pglite = await PGlite.create(PGLITE_OPTIONS);
  served = await serveEmbeddedPostgres(pglite);
  const setup = postgres(served.url, { max: 1, onnotice: () => {} });
  await setup`create table t (id serial primary key, v int)`;
  await setup.end();
});

afterAll(async () => {
  for (const client of clients) await client.end();
  await served.close();
  await pglite.close();
});

function sql() {
  const client = postgres(served.url, { max: 4, onnotice: () => {} });
  clients.push(client);
  return client;
}

async function pgClient() {
  const client = new pg.Client({ connectionString: served.url });
  await client.connect();
  clients.push(client);
  return client;
}

test("concurrent connections never see half of another's transaction", async () => {
  const writer = sql();
  const reader = sql();
  const work: Promise<unknown>[] = [];
  for (let i = 0; i < 40; i++) {
    work.push(
      writer.begin(async (tx) => {
        await tx`insert into t (v) values (${i})`;
        await new Promise((r) => setTimeout(r, 2));
        await tx`insert into t (v) values (${i})`;
      }),
    );
    work.push(
      reader`select count(*)::int as n from t where v = ${i}`.then(([row]) =>
        expect([0, 2]).toContain(row.n),
      ),
    );
  }
  await Promise.all(work);
  const [row] = await reader`select count(*)::int as n from t`;
  expect(row.n).toBe(80);
});

test("a failed transaction rolls back and the session goes on", async () => {
  const client = sql();
  await expect(
    client.begin(async (tx) => {
      await tx`insert into t (v) values (-1)`;
      await tx`select no_such_column from t`;
    }),
  ).rejects.toThrow(/no_such_column/);
  const [row] = await client`select count(*)::int as n from t where v = -1`;
  expect(row.n).toBe(0);
});

test("a connection dropped inside a transaction leaves nothing behind", async () => {
  const raw = await pgClient();
  await raw.query("begin");
  await raw.query("insert into t (v) values (-2)");
  await raw.end();
  clients = clients.filter((c) => c !== raw);
  const [row] = await sql()`select count(*)::int as n from t where v = -2`;
  expect(row.n).toBe(0);
});

test("two connections may prepare statements of the same name", async () => {
  const first = await pgClient();
  const second = await pgClient();
  const query = (client: pg.Client, value: number) =>
    client.query({
      name: "doubled",
      text: "select $1::int * 2 as y",
      values: [value],
    });
  expect((await query(first, 21)).rows).toEqual([{ y: 42 }]);
  expect((await query(second, 5)).rows).toEqual([{ y: 10 }]);
  expect((await query(first, 1)).rows).toEqual([{ y: 2 }]);
});

test("a notification reaches the connections that listen on its channel", async () => {
  const listener = sql();
  const other = await pgClient();
  const got: string[] = [];
  await listener.listen("app_events", (payload) => got.push(`app:${payload}`));
  await other.query('listen "jobs:insert"');
  other.on("notification", (n) => got.push(`${n.channel}:${n.payload}`));
  const notifier = sql();
  await notifier`select pg_notify('app_events', 'hello')`;
  await notifier`select pg_notify('jobs:insert', 'job')`;
  await notifier`select pg_notify('nobody', 'lost')`;
  await expect.poll(() => got.sort()).toEqual(["app:hello", "jobs:insert:job"]);
});
