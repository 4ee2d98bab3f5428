import type { AddressInfo } from "node:net";
import http, { type Server } from "node:http";
import express from "express";
import { createRemixRequest } from "@remix-run/express/dist/server";
// scripts/ is compiled on its own at build time (scripts/tsconfig.build.json), outside the
// app's aliases, so none reaches it.
// eslint-disable-next-line no-restricted-imports
import {
  BODY_TOO_LARGE,
  CROSS_SITE,
  DEFAULT_BODY_LIMIT,
  NOT_JSON,
  allowedHostNames,
  bodyLimit,
  jsonBodiesOnly,
  knownHostsOnly,
  privateNoStore,
  sameOriginOnly,
  UNKNOWN_HOST,
} from "../../../scripts/http-guards";

// The server's guards in front of Remix (scripts/http-guards.ts), each mounted on a small
// Express app like scripts/server.ts mounts them, with a downstream handler that reads the
// whole body and says how many bytes it got. The same rules against the real server, with
// 50 MB chunked bodies and the process's memory, are in tests/ops/http-guards.spec.ts.

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginOnly(app));
  app.use(jsonBodiesOnly());
  app.use(bodyLimit());
  app.use(privateNoStore());
  app.get("/public", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=300");
    res.send("public");
  });
  app.get("/page", (_req, res) => res.send("page"));
  app.get("/api/thing", (_req, res) => res.json({ ok: true }));
  app.get("/sign-in", (_req, res) => {
    res.setHeader("Set-Cookie", "__session=abc; Path=/; HttpOnly");
    res.send("signed in");
  });
  app.all("*", (req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => (bytes += chunk.length));
    req.on("end", () => {
      if (!res.headersSent) res.json({ bytes });
    });
    req.on("error", () => undefined);
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = (path: string, init: RequestInit = {}) =>
  fetch(`${base}${path}`, { method: "POST", ...init });

async function* chunks(total: number, size = 16 * 1024) {
  for (let sent = 0; sent < total; sent += size)
    yield Buffer.alloc(Math.min(size, total - sent), 97);
}

const chunked = (path: string, total: number, type: string) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": type },
    body: chunks(total) as unknown as BodyInit,
    duplex: "half",
  } as RequestInit);

describe("body size limit", () => {
  it("lets a body within the limit through to the handler untouched, chunked or not", async () => {
    const plain = await post("/auth", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a".repeat(DEFAULT_BODY_LIMIT),
    });
    expect(await plain.json()).toEqual({ bytes: DEFAULT_BODY_LIMIT });
    const streamed = await chunked(
      "/api/login",
      DEFAULT_BODY_LIMIT,
      "application/json",
    );
    expect(await streamed.json()).toEqual({ bytes: DEFAULT_BODY_LIMIT });
  });

  it("answers 413 with a JSON message for /api and a page for a form, chunked bodies too", async () => {
    const api = await chunked(
      "/api/login",
      DEFAULT_BODY_LIMIT + 1,
      "application/json",
    );
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ message: BODY_TOO_LARGE });

    const form = await chunked(
      "/auth",
      2 * 1024 * 1024,
      "application/x-www-form-urlencoded",
    );
    expect(form.status).toBe(413);
    expect(form.headers.get("content-type")).toContain("text/html");
    expect(await form.text()).toContain(BODY_TOO_LARGE);
  });

  it("refuses a declared Content-Length over the limit before reading it", async () => {
    const res = await post("/api/register", {
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(DEFAULT_BODY_LIMIT + 10),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: BODY_TOO_LARGE });
  });

  it("gives the provider's webhook its own, larger limit", async () => {
    const within = await chunked(
      "/api/stripe/webhook",
      256 * 1024,
      "application/json",
    );
    expect(await within.json()).toEqual({ bytes: 256 * 1024 });
    const over = await chunked(
      "/api/stripe/webhook",
      1024 * 1024,
      "application/json",
    );
    expect(over.status).toBe(413);
  });

  it("gives a roster upload its larger limit on the page and on its data URL", async () => {
    for (const path of ["/employees/import", "/employees/import.data?index"]) {
      const within = await chunked(path, 1024 * 1024, "multipart/form-data");
      expect(await within.json(), path).toEqual({ bytes: 1024 * 1024 });
    }
    const other = await chunked(
      "/employees/add.data",
      1024 * 1024,
      "multipart/form-data",
    );
    expect(other.status).toBe(413);
  });
});

describe("cross-site requests", () => {
  const form = {
    "Content-Type": "application/x-www-form-urlencoded",
  };

  it.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["a foreign Referer and no Origin", { Referer: "https://evil.example/x" }],
  ])("refuses a post marked %s with 403", async (_name, headers) => {
    const page = await post("/request", {
      headers: { ...form, ...headers },
      body: "amount=300",
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(CROSS_SITE);
    const api = await post("/api/logout", { headers });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: CROSS_SITE });
  });

  it.each([
    [
      "same-origin browser headers",
      (host: string) => ({
        "Sec-Fetch-Site": "same-origin",
        Origin: `http://${host}`,
      }),
    ],
    [
      "Sec-Fetch-Site: none (typed by the user)",
      () => ({
        "Sec-Fetch-Site": "none",
      }),
    ],
    [
      "a same-host Referer and no Origin",
      (host: string) => ({
        Referer: `http://${host}/request`,
      }),
    ],
    ["no browser headers at all (an outside API caller)", () => ({})],
  ])("lets through %s", async (_name, headersFor) => {
    const host = new URL(base).host;
    const res = await post("/request", {
      headers: { ...form, ...headersFor(host) },
      body: "amount=300",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: 10 });
  });

  it("never checks a GET", async () => {
    const res = await fetch(`${base}/page`, {
      headers: {
        "Sec-Fetch-Site": "cross-site",
        Origin: "https://evil.example",
      },
    });
    expect(res.status).toBe(200);
  });
});

describe("JSON content type", () => {
  it.each([
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
  ])("refuses a %s body to a JSON endpoint with 415", async (type) => {
    const res = await post("/api/login", {
      headers: { "Content-Type": type },
      body: '{"username":"a","password":"b"}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: NOT_JSON });
  });

  it("refuses a body with no content type", async () => {
    const res = await post("/api/login", {
      body: new Blob(['{"username":"a"}']),
    });
    expect(res.status).toBe(415);
  });

  it("accepts application/json (with a charset) and a bodiless post", async () => {
    const json = await post("/api/login", {
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: "{}",
    });
    expect(await json.json()).toEqual({ bytes: 2 });
    const bodiless = await post("/api/logout");
    expect(bodiless.status).toBe(200);
  });

  it("leaves page forms alone", async () => {
    const res = await post("/auth", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(res.status).toBe(200);
  });
});

describe("Cache-Control on personal responses", () => {
  const signedIn = { Cookie: "theme=x; __session=abc" };

  it("marks every response to a signed-in request private, no-store", async () => {
    for (const path of ["/page", "/page.data", "/api/thing"]) {
      const res = await fetch(`${base}${path}`, { headers: signedIn });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });

  it("marks every /api response and the one that sets the session cookie", async () => {
    const api = await fetch(`${base}/api/thing`);
    expect(api.headers.get("cache-control")).toBe("private, no-store");
    const signIn = await fetch(`${base}/sign-in`);
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves anonymous public pages with their own caching", async () => {
    const page = await fetch(`${base}/page`);
    expect(page.headers.get("cache-control")).toBeNull();
    const declared = await fetch(`${base}/public`);
    expect(declared.headers.get("cache-control")).toBe("public, max-age=300");
  });
});

describe("known hosts only", () => {
  // fetch() cannot set Host, so these requests are made with node:http.
  function getWithHost(
    port: number,
    path: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path, headers },
        (res) => {
          let body = "";
          res.on("data", (chunk: Buffer) => (body += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  async function serverWith(
    names: string[],
    trustProxy: boolean,
  ): Promise<{ port: number; close: () => Promise<void> }> {
    const app = express();
    if (trustProxy) app.set("trust proxy", 1);
    app.use(knownHostsOnly(names));
    app.all("*", (_req, res) => res.json({ ok: true }));
    const listening = app.listen(0);
    await new Promise((resolve) => listening.once("listening", resolve));
    return {
      port: (listening.address() as AddressInfo).port,
      close: () =>
        new Promise((resolve) => {
          listening.closeAllConnections();
          listening.close(() => resolve());
        }),
    };
  }

  it("knows APP_URL's host, the loopback names and ALLOWED_HOSTS", () => {
    expect(
      allowedHostNames({
        APP_URL: "https://App.Example.com/base",
        ALLOWED_HOSTS: " a.example , .corp.example,",
      }),
    ).toEqual([
      "localhost",
      "127.0.0.1",
      "[::1]",
      "app.example.com",
      "a.example",
      ".corp.example",
    ]);
    expect(allowedHostNames({})).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  it("refuses an unknown Host with 400, as JSON under /api and as a page elsewhere", async () => {
    const names = allowedHostNames({
      APP_URL: "https://app.example.com",
      ALLOWED_HOSTS: "a.example,.corp.example",
    });
    const server = await serverWith(names, false);
    try {
      for (const host of [
        "evil.example",
        "app.example.com.evil.example",
        "corp.example.evil",
        "localhost.evil.example",
      ]) {
        const api = await getWithHost(server.port, "/api/thing", {
          Host: host,
        });
        expect(api.status, host).toBe(400);
        expect(JSON.parse(api.body)).toEqual({ message: UNKNOWN_HOST });
        const page = await getWithHost(server.port, "/forgot-password", {
          Host: `${host}:3000`,
        });
        expect(page.status, host).toBe(400);
        expect(page.body).toContain(UNKNOWN_HOST);
      }
      for (const host of [
        "localhost:3000",
        "127.0.0.1",
        "[::1]:3000",
        "APP.example.com",
        "a.example",
        "corp.example",
        "hr.corp.example:8443",
      ]) {
        const res = await getWithHost(server.port, "/page", { Host: host });
        expect(res.status, host).toBe(200);
      }
      // The health probes answer whatever address a load balancer uses.
      const probe = await getWithHost(server.port, "/healthz", {
        Host: "10.1.2.3:3000",
      });
      expect(probe.status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("counts X-Forwarded-Host only behind a trusted proxy", async () => {
    const names = allowedHostNames({ APP_URL: "https://app.example.com" });
    const direct = await serverWith(names, false);
    const proxied = await serverWith(names, true);
    try {
      // Without TRUST_PROXY the forwarded host is a client's claim: the Host header decides,
      // and a forwarded host that is not ours is refused all the same.
      expect(
        (
          await getWithHost(direct.port, "/page", {
            Host: "evil.example",
            "X-Forwarded-Host": "app.example.com",
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await getWithHost(direct.port, "/page", {
            Host: "localhost",
            "X-Forwarded-Host": "evil.example",
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await getWithHost(direct.port, "/page", {
            Host: "localhost",
            "X-Forwarded-Host": "app.example.com",
          })
        ).status,
      ).toBe(200);
      // Behind the proxy the forwarded host is the one the browser asked for.
      expect(
        (
          await getWithHost(proxied.port, "/page", {
            Host: "10.0.0.5",
            "X-Forwarded-Host": "app.example.com",
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await getWithHost(proxied.port, "/page", {
            Host: "localhost",
            "X-Forwarded-Host": "evil.example",
          })
        ).status,
      ).toBe(400);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it("answers a forwarded host that does not match 400, never the adapter's 500", async () => {
    const names = allowedHostNames({ APP_URL: "https://app.example.com" });
    for (const trustProxy of [false, true]) {
      // Downstream, the request URL built as Remix's Express adapter builds it for the app.
      const app = express();
      if (trustProxy) app.set("trust proxy", 1);
      app.use(knownHostsOnly(names));
      app.all("*", (req, res, next) => {
        try {
          res.json({ url: createRemixRequest(req, res).url });
        } catch (error) {
          next(error);
        }
      });
      const listening = app.listen(0);
      await new Promise((resolve) => listening.once("listening", resolve));
      const { port } = listening.address() as AddressInfo;
      try {
        for (const forwarded of [
          "app.example.com:70000",
          "localhost:99999",
          "evil.example:3000",
          "app.example.com, evil.example:70000",
          "app.example.com/x",
          "user@app.example.com",
          "",
        ]) {
          const res = await getWithHost(port, "/page", {
            Host: "localhost:3000",
            "X-Forwarded-Host": forwarded,
          });
          expect(res.status, `${trustProxy} ${forwarded}`).toBe(400);
          expect(res.body).toContain(UNKNOWN_HOST);
        }
        const ok = await getWithHost(port, "/page", {
          Host: "localhost:3000",
          "X-Forwarded-Host": "app.example.com:8443",
        });
        expect(ok.status).toBe(200);
      } finally {
        listening.closeAllConnections();
        await new Promise((resolve) => listening.close(resolve));
      }
    }
  });
});
