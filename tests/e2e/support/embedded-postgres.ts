import net from "node:net";
import type { PGlite } from "@electric-sql/pglite";

/**
 * One PGlite served over the PostgreSQL wire protocol on 127.0.0.1, so that the app server
 * (its own process) and the tests' fixtures (Playwright's workers) share one embedded
 * database through an ordinary connection URL when no PostgreSQL server is reachable.
 *
 * PGlite is a single session. Several connections share it safely because one connection at
 * a time owns it from its first message until PGlite is idle again: the end of a simple query
 * or of an extended-protocol batch (Sync) outside a transaction block, or the end of its
 * transaction block. Other connections wait. Notifications (LISTEN/NOTIFY) are delivered to
 * the connections that listened on their channel, whichever connection's query raised them.
 */
export type EmbeddedPostgres = {
  url: string;
  close: () => Promise<void>;
};

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const SYNC = Uint8Array.from([0x53, 0, 0, 0, 4]);

type Connection = {
  id: number;
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  busy: Promise<void>;
  channels: Set<string>;
};

/** `count` zero-terminated strings from `at`. */
function cstrings(message: Buffer, at: number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const end = message.indexOf(0, at);
    out.push(message.subarray(at, end).toString());
    at = end + 1;
  }
  return out;
}

/**
 * Named prepared statements and portals live in the session, so two connections preparing the
 * same name (node-postgres names its statements, e.g. graphile-worker's) would collide: each
 * connection's names get its own prefix. Unnamed ones last one batch, which it owns anyway.
 */
function ownNames(conn: { id: number }, message: Buffer, kind: string): Buffer {
  const own = (name: string) => (name ? `c${conn.id}.${name}` : "");
  let names: string[];
  let prefix = "";
  switch (kind) {
    case "P": // Parse: statement, …
      names = cstrings(message, 5, 1);
      break;
    case "B": // Bind: portal, statement, …
      names = cstrings(message, 5, 2);
      break;
    case "D": // Describe and Close: 'S' or 'P', name
    case "C":
      prefix = String.fromCharCode(message[5]);
      names = cstrings(message, 6, 1);
      break;
    case "E": // Execute: portal, …
      names = cstrings(message, 5, 1);
      break;
    default:
      return message;
  }
  if (names.every((name) => !name)) return message;
  const head = Buffer.from(
    prefix + names.map((name) => `${own(name)}\0`).join(""),
  );
  const restAt =
    5 +
    prefix.length +
    names.reduce((n, name) => n + Buffer.byteLength(name) + 1, 0);
  const body = Buffer.concat([head, message.subarray(restAt)]);
  const out = Buffer.alloc(5 + body.length);
  out[0] = message[0];
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

export async function serveEmbeddedPostgres(
  db: PGlite,
  port = 0,
): Promise<EmbeddedPostgres> {
  const connections = new Set<Connection>();
  let lastId = 0;
  let owner: Connection | null = null;
  let waiters: Array<() => void> = [];

  async function acquire(conn: Connection) {
    while (owner && owner !== conn) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
    owner = conn;
  }

  function release(conn: Connection) {
    if (owner !== conn) return;
    owner = null;
    const wake = waiters;
    waiters = [];
    for (const resolve of wake) resolve();
  }

  /** Splits PGlite's answer into messages; notifications go to their listeners. */
  function deliver(conn: Connection, output: Buffer) {
    const keep: Buffer[] = [];
    let at = 0;
    while (at + 5 <= output.length) {
      const type = output[at];
      const end = at + 1 + output.readInt32BE(at + 1);
      const message = output.subarray(at, end);
      if (type === 0x41 /* A: NotificationResponse */) {
        const channelStart = at + 9;
        const channel = output
          .subarray(channelStart, output.indexOf(0, channelStart))
          .toString();
        for (const other of connections) {
          if (other.channels.has(channel) && !other.socket.destroyed)
            other.socket.write(message);
        }
      } else {
        keep.push(message);
      }
      at = end;
    }
    if (at < output.length) keep.push(output.subarray(at));
    if (keep.length && !conn.socket.destroyed)
      conn.socket.write(Buffer.concat(keep));
  }

  /** LISTEN/UNLISTEN in a query's text: the channels this connection wants. */
  function noteListen(conn: Connection, sql: string) {
    const match = /^\s*(un)?listen\s+(?:"((?:[^"]|"")+)"|([^\s;]+))/i.exec(sql);
    if (!match) return;
    const channel = match[2]
      ? match[2].replace(/""/g, '"')
      : match[3].toLowerCase();
    if (match[1]) {
      if (channel === "*") conn.channels.clear();
      else conn.channels.delete(channel);
    } else conn.channels.add(channel);
  }

  async function run(conn: Connection, message: Uint8Array) {
    const chunks: Uint8Array[] = [];
    await db.runExclusive(() =>
      db.execProtocolRawStream(message, {
        onRawData: (data) => chunks.push(data.slice()),
      }),
    );
    deliver(conn, Buffer.concat(chunks));
  }

  async function handle(conn: Connection, message: Buffer, kind: string) {
    await acquire(conn);
    if (kind === "Q") noteListen(conn, cstrings(message, 5, 1)[0]);
    if (kind === "P") noteListen(conn, cstrings(message, 5, 2)[1]);
    await run(conn, ownNames(conn, message, kind));
    const boundary = kind === "startup" || kind === "Q" || kind === "S";
    if (boundary && !db.isInTransaction()) release(conn);
  }

  /** A connection gone mid-work leaves PGlite as it found it: batch ended, block rolled back. */
  async function abandon(conn: Connection) {
    connections.delete(conn);
    await conn.busy.catch(() => {});
    if (owner !== conn) return;
    try {
      await db.runExclusive(() => db.execProtocolRaw(SYNC));
      if (db.isInTransaction()) await db.exec("rollback");
    } finally {
      release(conn);
    }
  }

  function onData(conn: Connection, data: Buffer) {
    conn.buffer = Buffer.concat([conn.buffer, data]);
    const messages: Array<[Buffer, string]> = [];
    for (;;) {
      const b = conn.buffer;
      if (!conn.started) {
        if (b.length < 8) break;
        const length = b.readInt32BE(0);
        const code = b.readInt32BE(4);
        if (b.length < length) break;
        conn.buffer = b.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          conn.socket.write("N");
        } else if (code === CANCEL_REQUEST) {
          conn.socket.end();
        } else {
          conn.started = true;
          messages.push([b.subarray(0, length), "startup"]);
        }
        continue;
      }
      if (b.length < 5) break;
      const length = 1 + b.readInt32BE(1);
      if (b.length < length) break;
      conn.buffer = b.subarray(length);
      messages.push([b.subarray(0, length), String.fromCharCode(b[0])]);
    }
    for (const [message, kind] of messages) {
      conn.busy = conn.busy
        .then(() =>
          // Terminate: the session is shared, so only this connection ends.
          kind === "X" ? void conn.socket.end() : handle(conn, message, kind),
        )
        .catch((error) => void conn.socket.destroy(error as Error));
    }
  }

  const server = net.createServer((socket) => {
    const conn: Connection = {
      id: ++lastId,
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      busy: Promise.resolve(),
      channels: new Set(),
    };
    connections.add(conn);
    socket.setNoDelay(true);
    socket.on("data", (data) => onData(conn, data));
    socket.on("error", () => {});
    socket.on("close", () => void abandon(conn));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/postgres`,
    close: async () => {
      for (const conn of connections) conn.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
