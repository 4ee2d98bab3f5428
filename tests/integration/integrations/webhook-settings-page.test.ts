import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  users,
  webhookDeliveries,
  webhookEndpoints,
  type User,
} from "#db/schema";
import {
  ENDPOINT_DISABLED_FOR_TEST,
  TEST_EVENT_MESSAGE,
  WEBHOOK_DELIVERY_NOT_FOUND,
} from "~/models/integrations/index.server";
import * as page from "~/routes/_app.settings_.api_.webhooks.$id";
import { db } from "~/utils/db.server";
import { ROLE_FORBIDDEN } from "~/utils/company-roles";
import { EVENTS_REQUIRED, WEBHOOK_URL_INVALID } from "~/validation/api-keys";
import { useTestDatabase } from "#tests/support/db";
import { call, createEmployer, requestAs } from "#tests/support/factories";
import { toastOf } from "#tests/support/toasts";

// /settings/api/webhooks/:id, through its loader and action as a browser without JavaScript
// posts to it: the delivery log (paged, errors in plain words in the reader's language), a
// redelivery, a test event, changes, a rotated secret, why a disabled endpoint is disabled, and
// the refusals: an admin or approver (403), another company's endpoint or delivery (404).

// One database is enough: what is checked is the endpoint's page, its loader and action and their
// refusals; the deliveries it lists and sends are the webhook domain's, tested on both. (.ci/run
// runs it on PostgreSQL only.)
useTestDatabase();

type Handler = Parameters<typeof call>[0];
type LoaderData =
  Awaited<ReturnType<typeof page.loader>> extends {
    json(): Promise<infer T>;
  }
    ? T
    : never;

let owner: User;
let other: User;

beforeAll(async () => {
  owner = await createEmployer({ companyName: "Console Co" });
  other = await createEmployer({ companyName: "Console Other" });
});

const attempt = (status: number | null, error: string | null) => ({
  at: new Date().toISOString(),
  status,
  error,
  ms: 30,
});

/** An endpoint of `boss`'s company with `failed` failed deliveries and one delivered, oldest first. */
async function endpointWithLog(boss: User, failed = 1, disabled = false) {
  const [endpoint] = await db()
    .insert(webhookEndpoints)
    .values({
      companyId: boss.companyId!,
      url: "https://hooks.example.com/console",
      events: ["card.issued"],
      secret: "whsec_original",
      description: "Card sync",
      consecutiveFailures: disabled ? 10 : failed,
      failingSince: new Date(Date.now() - 30 * 3_600_000),
      disabledAt: disabled ? new Date() : null,
    })
    .returning();
  const rows = [
    ...Array.from({ length: failed }, (_, i) => ({
      endpointId: endpoint.id,
      companyId: boss.companyId!,
      eventId: `evt_failed_${endpoint.id}_${i}`,
      type: "card.issued",
      payload: "{}",
      status: "failed" as const,
      attempts: [attempt(null, "connection_refused"), attempt(500, null)],
    })),
    {
      endpointId: endpoint.id,
      companyId: boss.companyId!,
      eventId: `evt_ok_${endpoint.id}`,
      type: "card.issued",
      payload: "{}",
      status: "delivered" as const,
      attempts: [attempt(204, null)],
      deliveredAt: new Date(),
    },
  ];
  const deliveries = await db()
    .insert(webhookDeliveries)
    .values(rows)
    .returning({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
    });
  return { endpoint, deliveries };
}

const path = (id: number, query = "") => `/settings/api/webhooks/${id}${query}`;

async function load(user: User, id: number, query = "") {
  return call(page.loader as Handler, await requestAs(user, path(id, query)), {
    id: String(id),
  });
}

async function post(user: User, id: number, form: Record<string, string>) {
  return call(
    page.action as Handler,
    await requestAs(user, path(id), { form }),
    { id: String(id) },
  );
}

async function endpointRow(id: number) {
  const [row] = await db()
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  return row;
}

async function deliveriesOf(endpointId: number) {
  return db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id);
}

describe("/settings/api/webhooks/:id", () => {
  it("shows the delivery log newest first, paged, with the last answer in plain words", async () => {
    const { endpoint } = await endpointWithLog(owner, 21);
    const res = await load(owner, endpoint.id);
    expect(res.status).toBe(200);
    const data = (await res.json()) as LoaderData;
    expect(data.log).toMatchObject({ page: 1, pageCount: 2 });
    expect(data.log.rows).toHaveLength(20);
    expect(data.log.rows[0]).toMatchObject({
      type: "card.issued",
      eventId: `evt_ok_${endpoint.id}`,
      status: "delivered",
      attempts: 1,
      lastAnswer: "HTTP 204",
      lastFailed: false,
      nextText: null,
    });
    expect(data.log.rows[1]).toMatchObject({
      status: "failed",
      attempts: 2,
      lastAnswer: "the endpoint answered HTTP 500",
      lastFailed: true,
    });
    expect(data.endpoint.disabled).toBeNull();
    expect(data.endpoint.addedText).toMatch(/API version 2026-11-28/);

    const second = (await (
      await load(owner, endpoint.id, "?page=2")
    ).json()) as LoaderData;
    expect(second.log.page).toBe(2);
    expect(second.log.rows).toHaveLength(2);
    // A page past the end is the last one.
    const past = (await (
      await load(owner, endpoint.id, "?page=9")
    ).json()) as LoaderData;
    expect(past.log.page).toBe(2);

    // In the reader's language.
    await db()
      .update(users)
      .set({ language: "es" })
      .where(eq(users.id, owner.id));
    try {
      const es = (await (await load(owner, endpoint.id)).json()) as LoaderData;
      expect(es.log.rows[1].lastAnswer).toBe("el endpoint respondió HTTP 500");
      expect(es.endpoint.addedText).toMatch(/versión 2026-11-28/);
    } finally {
      await db()
        .update(users)
        .set({ language: null })
        .where(eq(users.id, owner.id));
    }
  });

  it("says why a disabled endpoint is disabled and how to enable it; Enable does", async () => {
    const { endpoint } = await endpointWithLog(owner, 1, true);
    const data = (await (await load(owner, endpoint.id)).json()) as LoaderData;
    expect(data.endpoint.enabled).toBe(false);
    expect(data.endpoint.disabled?.why).toMatch(
      /its last 10 deliveries failed, in a row, since .*10 times in a row over at least 24 hours/,
    );
    // A test event is refused while it is disabled, with the reason, and nothing is sent.
    const test = await post(owner, endpoint.id, { intent: "send-test" });
    expect(test.status).toBe(302);
    expect((await toastOf(test))?.description).toBe(ENDPOINT_DISABLED_FOR_TEST);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);

    const enabled = await post(owner, endpoint.id, {
      intent: "enable-endpoint",
    });
    expect(enabled.status).toBe(302);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      disabledAt: null,
      consecutiveFailures: 0,
    });

    // Turned off by the form: said so, not counted as failures.
    const off = await post(owner, endpoint.id, {
      intent: "edit-endpoint",
      url: endpoint.url,
      events: "card.issued",
      description: "Card sync",
    });
    expect(off.status).toBe(302);
    const after = (await (await load(owner, endpoint.id)).json()) as LoaderData;
    expect(after.endpoint.disabled?.why).toMatch(/^Turned off .* by a change/);
  });

  it("changes the url, events, description and enabled; refuses bad input with the schema's messages, unchanged", async () => {
    const { endpoint } = await endpointWithLog(owner);
    const bad = await post(owner, endpoint.id, {
      intent: "edit-endpoint",
      url: "not a url",
      description: "",
      enabled: "on",
    });
    expect(bad.status).toBe(400);
    const reply = (await bad.json()) as {
      editResult: { error: Record<string, string[]> };
    };
    expect(reply.editResult.error.url).toEqual([WEBHOOK_URL_INVALID]);
    expect(reply.editResult.error.events).toEqual([EVENTS_REQUIRED]);
    expect(await endpointRow(endpoint.id)).toMatchObject({
      url: endpoint.url,
      events: ["card.issued"],
      description: "Card sync",
    });

    const ok = await post(owner, endpoint.id, {
      intent: "edit-endpoint",
      url: "https://hooks.example.com/moved",
      events: "deduction.collected",
      description: "",
      enabled: "on",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(path(endpoint.id));
    expect((await toastOf(ok))?.title).toBe("Endpoint changed");
    expect(await endpointRow(endpoint.id)).toMatchObject({
      url: "https://hooks.example.com/moved",
      events: ["deduction.collected"],
      description: null,
      disabledAt: null,
    });
  });

  it("sends a test event, redelivers a delivery of this endpoint only, and rotates the secret (shown once)", async () => {
    const { endpoint, deliveries } = await endpointWithLog(owner);
    const test = await post(owner, endpoint.id, { intent: "send-test" });
    expect(test.status).toBe(302);
    expect((await toastOf(test))?.title).toBe("Test event queued");
    const ping = (await deliveriesOf(endpoint.id)).at(-1)!;
    expect(ping.type).toBe("ping");
    expect(JSON.parse(ping.payload)).toMatchObject({
      type: "ping",
      data: { endpointId: endpoint.id, message: TEST_EVENT_MESSAGE },
    });

    const again = await post(owner, endpoint.id, {
      intent: "redeliver",
      deliveryId: String(deliveries[0].id),
    });
    expect(again.status).toBe(302);
    expect((await toastOf(again))?.title).toBe("Delivery queued");
    const resent = (await deliveriesOf(endpoint.id)).at(-1)!;
    expect(resent).toMatchObject({
      eventId: deliveries[0].eventId,
      status: "pending",
    });

    // A delivery of another of the company's endpoints is not this page's.
    const { deliveries: elsewhere } = await endpointWithLog(owner);
    const count = (await deliveriesOf(endpoint.id)).length;
    const refused = await post(owner, endpoint.id, {
      intent: "redeliver",
      deliveryId: String(elsewhere[0].id),
    });
    expect((await toastOf(refused))?.description).toBe(
      WEBHOOK_DELIVERY_NOT_FOUND,
    );
    expect(await deliveriesOf(endpoint.id)).toHaveLength(count);

    const rotated = await post(owner, endpoint.id, { intent: "rotate-secret" });
    expect(rotated.status).toBe(200);
    const body = (await rotated.json()) as {
      rotated: { secret: string; overlapEndsText: string };
    };
    expect(body.rotated.secret).toMatch(/^whsec_/);
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({
      secret: body.rotated.secret,
      previousSecret: "whsec_original",
    });
    expect(row.previousSecretExpiresAt!.getTime() - Date.now()).toBeGreaterThan(
      23.9 * 3_600_000,
    );
    // Never again: the page shows when the old secret stops signing, not the secret.
    const later = await load(owner, endpoint.id);
    const text = await later.text();
    expect(text).not.toContain(body.rotated.secret);
    expect((JSON.parse(text) as LoaderData).endpoint.overlapText).toMatch(
      /^The previous secret signs too until /,
    );
  });

  it("refuses an admin and an approver (403) and another company (404), changing nothing", async () => {
    const { endpoint, deliveries } = await endpointWithLog(owner);
    for (const role of ["ADMIN", "APPROVER"] as const) {
      const member = await createEmployer();
      await db()
        .update(users)
        .set({ companyId: owner.companyId, companyRole: role })
        .where(eq(users.id, member.id));
      const [asMember] = await db()
        .select()
        .from(users)
        .where(eq(users.id, member.id));
      const seen = await load(asMember, endpoint.id);
      expect(seen.status).toBe(403);
      const forms: Array<Record<string, string>> = [
        { intent: "send-test" },
        { intent: "rotate-secret" },
        { intent: "redeliver", deliveryId: String(deliveries[0].id) },
        {
          intent: "edit-endpoint",
          url: "https://evil.example.com/",
          events: "card.issued",
        },
      ];
      for (const form of forms) {
        const res = await post(asMember, endpoint.id, form);
        expect(res.status).toBe(403);
        expect(await res.text()).toContain(ROLE_FORBIDDEN.team);
      }
    }
    expect((await load(other, endpoint.id)).status).toBe(404);
    expect((await load(owner, 0)).status).toBe(404);
    const strangers: Array<Record<string, string>> = [
      { intent: "rotate-secret" },
      { intent: "send-test" },
      { intent: "redeliver", deliveryId: String(deliveries[0].id) },
    ];
    for (const form of strangers) {
      const stranger = await post(other, endpoint.id, form);
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toEqual({
        message: "Webhook endpoint not found",
      });
    }
    expect(await endpointRow(endpoint.id)).toMatchObject({
      url: endpoint.url,
      secret: "whsec_original",
    });
    expect(
      await db()
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpoint.id),
            eq(webhookDeliveries.status, "pending"),
          ),
        ),
    ).toEqual([]);
  });
});
