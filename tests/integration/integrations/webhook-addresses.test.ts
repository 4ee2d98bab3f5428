import { companyOwners } from "~/models/people/index.server";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints, type User } from "#db/schema";
import { requestAdvance } from "~/models/advances/index.server";
import {
  createWebhookEndpoint,
  deliverWebhook,
} from "~/models/integrations/index.server";
import * as endpointsRoute from "~/routes/api.webhook-endpoints.($id)";
import * as settingsApiRoute from "~/routes/_app.settings_.api";
import {
  isPublicAddress,
  nonPublicRange,
  type ResolvedAddress,
  type Resolver,
} from "~/services/webhooks/addresses.server";
import { db } from "~/utils/db.server";
import { resetEnvCache } from "~/utils/env.server";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// Webhook addresses: with private networks not allowed, every form of every
// non-public range is refused when an endpoint is registered (the JSON API and /settings/api,
// one domain function) and again when a delivery connects, on the address connected to — a
// literal in the URL, or what the one lookup answered for a name (the resolver is injected:
// this machine has no outside DNS). A refused or failed attempt reads in plain words.

useTestDatabase();

type Handler = Parameters<typeof call>[0];

/** Counts every TCP connection made to it (nothing should reach it). */
let listener: net.Server;
let listenerPort: number;
let connections = 0;
/** A real HTTP receiver, for the deliveries that should arrive. */
let receiver: http.Server;
let receiverPort: number;
let received = 0;

let owner: User;

const PRIVATE_IPV4 = [
  "127.0.0.1", // loopback
  "127.255.255.254",
  "10.0.0.1", // private
  "172.16.0.1",
  "172.31.255.254",
  "192.168.1.1",
  "169.254.169.254", // link-local (cloud metadata)
  "100.64.0.1", // CGNAT
  "100.127.255.254",
  "224.0.0.1", // multicast
  "239.255.255.250",
  "0.0.0.0", // unspecified / this network
  "0.1.2.3",
  "255.255.255.255", // broadcast
  "240.0.0.1", // reserved
  "192.0.0.8", // IETF protocol assignments
  "192.0.2.1", // documentation
  "198.18.0.1", // benchmarking
  "198.51.100.1",
  "203.0.113.1",
];

/** Every IPv6 form that carries a non-public address, and IPv6's own non-public ranges. */
const PRIVATE_IPV6 = [
  // IPv4-mapped, as the review sent them and as the URL parser rewrites them.
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "0:0:0:0:0:ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:172.16.0.1",
  "::ffff:192.168.1.1",
  "::ffff:100.64.0.1",
  "::ffff:224.0.0.1",
  "::ffff:0.0.0.0",
  "::ffff:255.255.255.255",
  // IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d).
  "::ffff:0:127.0.0.1",
  "::ffff:0:7f00:1",
  "::127.0.0.1",
  "::a00:1",
  // NAT64 64:ff9b::/96 with a private IPv4 inside; local-use NAT64 64:ff9b:1::/48.
  "64:ff9b::127.0.0.1",
  "64:ff9b::a00:1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::a00:1",
  // 6to4 2002::/16 and Teredo 2001::/32.
  "2002:7f00:1::1",
  "2002:a00:1::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  // Loopback, unspecified, link-local, unique-local, site-local, multicast.
  "::1",
  "::",
  "fe80::1",
  "febf::1",
  "fc00::1",
  "fd12:3456:789a::1",
  "fec0::1",
  "ff02::1",
  "ff0e::1",
  // Documentation, discard-only, ORCHIDv2, outside global unicast.
  "2001:db8::1",
  "100::1",
  "2001:20::1",
  "4000::1",
];

const PUBLIC = [
  "93.184.216.34",
  "8.8.8.8",
  "2606:2800:220:1::1",
  "2a00:1450:4001:80b::200e",
  "::ffff:93.184.216.34",
  "64:ff9b::93.184.216.34",
];

const bracket = (address: string) =>
  address.includes(":") ? `[${address}]` : address;

/** A resolver that answers `addresses` for every name, counting its calls. */
function answering(addresses: string[] | (() => string[])) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const list = typeof addresses === "function" ? addresses() : addresses;
    return list.map((address): ResolvedAddress => ({
      address,
      family: net.isIPv6(address) ? 6 : 4,
    }));
  };
  return { resolve, calls };
}

function allowPrivate(value: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = String(value);
  resetEnvCache();
}

async function postEndpoint(url: string) {
  return call(
    endpointsRoute.action as Handler,
    await requestAs(owner, "/api/webhook-endpoints", {
      json: { url, events: ["advance_request.created"] },
    }),
  );
}

/** An endpoint and one pending delivery to it, the URL written as the row (no registration). */
async function deliveryTo(url: string) {
  allowPrivate(true);
  const endpoint = await createWebhookEndpoint(owner, {
    url: `http://127.0.0.1:${receiverPort}/placeholder`,
    events: ["advance_request.created"],
  });
  await db()
    .update(webhookEndpoints)
    .set({ url })
    .where(eq(webhookEndpoints.id, endpoint.id));
  await requestAdvance(await createEmployee(owner), {
    amount: "200.00",
    reason: null,
    repaymentPeriods: 1,
  });
  const [delivery] = await db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id));
  return delivery.id;
}

async function attemptsOf(deliveryId: number) {
  const [row] = await db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  return row.attempts;
}

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  // Both stacks: an IPv4-mapped or IPv6 address would reach it too.
  await new Promise<void>((resolve) => listener.listen(0, "::", resolve));
  listenerPort = (listener.address() as AddressInfo).port;
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", resolve),
  );
  receiverPort = (receiver.address() as AddressInfo).port;
  process.env.WEBHOOK_TIMEOUT_MS = "500";
  owner = await createEmployer({ companyName: "Address Co" });
});

afterEach(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  resetEnvCache();
  // A company holds at most 10 endpoints: each test starts with none.
  await db().delete(webhookEndpoints);
});

afterAll(async () => {
  delete process.env.WEBHOOK_TIMEOUT_MS;
  resetEnvCache();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise((resolve) => listener.close(resolve));
});

describe("webhook addresses", () => {
  it("classifies every non-public range, in every IPv6 form that carries one", () => {
    for (const address of [...PRIVATE_IPV4, ...PRIVATE_IPV6])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of PUBLIC)
      expect(nonPublicRange(address), address).toBeNull();
    expect(nonPublicRange("::ffff:7f00:1")).toBe("ipv4Mapped loopback");
    expect(nonPublicRange("64:ff9b::a00:1")).toBe("nat64 private");
    expect(nonPublicRange("localhost")).toBe("invalid");
  });

  it("refuses at registration, through the API and /settings/api, every private address however written", async () => {
    const refused = [
      // The review's requests, verbatim.
      "https://[::ffff:127.0.0.1]:3605/",
      "https://[0:0:0:0:0:ffff:7f00:1]:3605/",
      "https://[::ffff:0:127.0.0.1]:3605/",
      // IPv4 written as a number or in hex: the URL parser makes them 127.0.0.1.
      "https://2130706433/",
      "https://0x7f.1/",
      "https://localhost/",
      "https://hooks.localhost/",
      ...[...PRIVATE_IPV4, ...PRIVATE_IPV6].map(
        (a) => `https://${bracket(a)}/hook`,
      ),
    ];
    for (const url of refused) {
      const res = await postEndpoint(url);
      expect(res.status, url).toBe(400);
      const body = (await res.json()) as { errors?: { url?: string[] } };
      expect(body.errors?.url, url).toEqual([
        "The endpoint may not be a private address",
      ]);
    }
    // The settings page's form: the same domain function, the message under the field.
    for (const url of refused.slice(0, 3)) {
      const res = await call(
        settingsApiRoute.action as Handler,
        await requestAs(owner, "/settings/api", {
          form: {
            intent: "add-endpoint",
            url,
            events: "advance_request.created",
          },
        }),
      );
      expect(res.status, url).toBe(400);
      expect(JSON.stringify(await res.json()), url).toContain(
        "The endpoint may not be a private address",
      );
    }
    const rows = await db()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, owner.companyId!));
    expect(rows).toEqual([]);

    // Public addresses, and an IPv6 form of a public IPv4, are taken.
    for (const address of PUBLIC) {
      const res = await postEndpoint(`https://${bracket(address)}/hook`);
      expect(res.status, address).toBe(201);
    }
  });

  it("refuses at registration a public-looking name that resolves to a private address", async () => {
    for (const address of [...PRIVATE_IPV4, ...PRIVATE_IPV6]) {
      const { resolve, calls } = answering([address]);
      const error = await appErrorOf(
        createWebhookEndpoint(
          owner,
          {
            url: "https://hooks.example.com/hook",
            events: ["card.issued"],
          },
          { resolve },
        ),
      );
      expect(error.status, address).toBe(400);
      expect(error.message, address).toBe(
        "The endpoint may not be a private address",
      );
      expect(calls, address).toEqual(["hooks.example.com"]);
    }
    // One private answer among public ones is enough to refuse.
    const mixed = answering(["93.184.216.34", "10.0.0.1"]);
    await expect(
      createWebhookEndpoint(
        owner,
        { url: "https://hooks.example.com/hook", events: ["card.issued"] },
        { resolve: mixed.resolve },
      ),
    ).rejects.toThrow("The endpoint may not be a private address");
    // Public answers, or none yet, are taken (delivery checks again every time).
    const fine = answering(["93.184.216.34", "2606:2800:220:1::1"]);
    await createWebhookEndpoint(
      owner,
      { url: "https://hooks.example.com/hook", events: ["card.issued"] },
      { resolve: fine.resolve },
    );
    const unresolved: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), {
        code: "ENOTFOUND",
      });
    };
    await createWebhookEndpoint(
      owner,
      { url: "https://not-yet.example.com/hook", events: ["card.issued"] },
      { resolve: unresolved },
    );
  });

  it("never connects to an IPv4-mapped loopback literal in the stored URL", async () => {
    for (const host of [
      "[::ffff:7f00:1]",
      "[0:0:0:0:0:ffff:7f00:1]",
      "[::ffff:127.0.0.1]",
    ]) {
      const id = await deliveryTo(`https://${host}:${listenerPort}/hook`);
      allowPrivate(false);
      connections = 0;
      expect(await deliverWebhook(id, companyOwners), host).toBe("retry");
      expect(connections, host).toBe(0);
      expect((await attemptsOf(id)).map((a) => a.error)).toEqual([
        "private_address",
      ]);
    }
  });

  it("refuses at connection time a public-looking name that resolves to any private address, asking once", async () => {
    const id = await deliveryTo(`https://hooks.example.com:${listenerPort}/`);
    allowPrivate(false);
    connections = 0;
    for (const address of [...PRIVATE_IPV4, ...PRIVATE_IPV6]) {
      const { resolve, calls } = answering([address]);
      expect(
        await deliverWebhook(id, companyOwners, { resolve }),
        address,
      ).toBe("retry");
      expect(calls, address).toEqual(["hooks.example.com"]);
    }
    expect(connections).toBe(0);
    const attempts = await attemptsOf(id);
    expect(attempts).toHaveLength(PRIVATE_IPV4.length + PRIVATE_IPV6.length);
    expect(new Set(attempts.map((a) => a.error))).toEqual(
      new Set(["private_address"]),
    );

    // A name that answers public first and loopback afterwards (DNS rebinding) is looked up
    // once; the connection goes to the address checked, never to the later answer.
    let answered = 0;
    const rebinding = answering(() =>
      answered++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"],
    );
    await deliverWebhook(id, companyOwners, { resolve: rebinding.resolve });
    expect(rebinding.calls).toEqual(["hooks.example.com"]);
    expect(connections).toBe(0);
  });

  it("connects to the very address the one lookup answered (private networks allowed)", async () => {
    const id = await deliveryTo(
      `http://hooks.example.test:${receiverPort}/pinned`,
    );
    allowPrivate(true);
    received = 0;
    let answered = 0;
    const rebinding = answering(() =>
      answered++ === 0 ? ["127.0.0.1"] : ["192.0.2.1"],
    );
    expect(
      await deliverWebhook(id, companyOwners, { resolve: rebinding.resolve }),
    ).toBe("delivered");
    expect(rebinding.calls).toEqual(["hooks.example.test"]);
    expect(received).toBe(1);
  });

  it("shows an owner a failed attempt in plain words, in English and Spanish, never the socket's message", async () => {
    // A port nothing listens on: connection refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) =>
      closed.listen(0, "127.0.0.1", resolve),
    );
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refusedId = await deliveryTo(`http://127.0.0.1:${closedPort}/`);
    expect(await deliverWebhook(refusedId, companyOwners)).toBe("retry");
    // A listener that never answers: timed out.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) =>
      silent.listen(0, "127.0.0.1", resolve),
    );
    const silentPort = (silent.address() as AddressInfo).port;
    const hangId = await deliveryTo(`http://127.0.0.1:${silentPort}/`);
    expect(await deliverWebhook(hangId, companyOwners)).toBe("retry");
    silent.close();
    // A name that resolves to nothing: host not found.
    const missingId = await deliveryTo(`http://hooks.example.test:1/`);
    const nothing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), {
        code: "ENOTFOUND",
      });
    };
    expect(
      await deliverWebhook(missingId, companyOwners, { resolve: nothing }),
    ).toBe("retry");
    expect((await attemptsOf(refusedId))[0].error).toBe("connection_refused");
    expect((await attemptsOf(hangId))[0].error).toBe("timed_out");
    expect((await attemptsOf(missingId))[0].error).toBe("host_not_found");
    // An attempt recorded before this rule with the socket's own message.
    await db()
      .update(webhookDeliveries)
      .set({
        attempts: [
          {
            at: new Date().toISOString(),
            status: null,
            error: `connect ECONNREFUSED 127.0.0.1:${closedPort}`,
            ms: 1,
          },
        ],
      })
      .where(eq(webhookDeliveries.id, missingId));

    const page = async (language: string) => {
      const res = await call(
        settingsApiRoute.loader as Handler,
        await requestAs(owner, "/settings/api", {
          headers: { "Accept-Language": language },
        }),
      );
      const data = (await res.json()) as {
        deliveries: Array<{ id: number; attempts: string[] }>;
      };
      const of = (id: number) =>
        data.deliveries.find((d) => d.id === id)!.attempts;
      return {
        all: JSON.stringify(data.deliveries.map((d) => d.attempts)),
        refused: of(refusedId),
        hang: of(hangId),
        legacy: of(missingId),
      };
    };
    const en = await page("en");
    expect(en.refused).toEqual(["connection refused"]);
    expect(en.hang).toEqual(["timed out"]);
    expect(en.legacy).toEqual(["connection failed"]);
    const es = await page("es");
    expect(es.refused).toEqual(["conexión rechazada"]);
    expect(es.hang).toEqual(["se agotó el tiempo de espera"]);
    expect(es.legacy).toEqual(["falló la conexión"]);
    for (const text of [en.all, es.all]) {
      expect(text).not.toMatch(/ECONNREFUSED|ETIMEDOUT|ENOTFOUND|connect /);
      expect(text).not.toContain(`:${closedPort}`);
      expect(text).not.toContain(`:${silentPort}`);
    }
  });
});
