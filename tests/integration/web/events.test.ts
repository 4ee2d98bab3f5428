import { loader as eventsLoader } from "~/routes/api.events";
import { publish, subscribe, type AppEvent } from "~/services/events.server";
import { openEventStreamCount } from "~/services/event-stream.server";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

useTestDatabase();

async function waitFor<T>(check: () => T | undefined, ms = 3000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("events", () => {
  it("delivers an event only to the users it is addressed to", async () => {
    const seenA: AppEvent[] = [];
    const seenB: AppEvent[] = [];
    const offA = await subscribe(1001, (e) => seenA.push(e));
    const offB = await subscribe(1002, (e) => seenB.push(e));
    await publish("request.created", [1001, 1003], { requestId: 7 });
    await waitFor(() => (seenA.length ? true : undefined));
    await publish("request.approved", [1002], { requestId: 8 });
    await waitFor(() => (seenB.length ? true : undefined));
    expect(seenA.map((e) => e.type)).toEqual(["request.created"]);
    expect(seenA[0].requestId).toBe(7);
    expect(seenB.map((e) => e.type)).toEqual(["request.approved"]);
    offA();
    offB();
  });

  it("streams a signed-in user's own events over SSE and nobody else's", async () => {
    const employer = await createEmployer();
    const alice = await createEmployee(employer);
    const bob = await createEmployee(employer);
    const controller = new AbortController();
    const request = await requestAs(alice, "/api/events", {
      signal: controller.signal,
    });
    const res = await call(eventsLoader, request);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe(
      "text/event-stream; charset=utf-8",
    );
    expect(res.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const pump = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    await waitFor(() => (text.includes("event: ready") ? true : undefined));
    expect(text).toContain("retry: 3000");
    await publish("request.approved", [bob.id], { requestId: 41 });
    await publish("request.approved", [alice.id], { requestId: 42 });
    await waitFor(() => (text.includes('"requestId":42') ? true : undefined));
    expect(text).not.toContain('"requestId":41');
    expect(openEventStreamCount()).toBeGreaterThan(0);
    controller.abort();
    await pump;
    expect(openEventStreamCount()).toBe(0);
  });

  it("answers 401 to anonymous callers", async () => {
    const res = await call(eventsLoader, await requestAs(null, "/api/events"));
    expect(res.status).toBe(401);
  });
});
