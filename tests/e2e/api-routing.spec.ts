import type { APIRequestContext } from "@playwright/test";
import type { User } from "#db/schema";
import { createUserSessionHeader } from "~/web/session.server";
import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, test } from "./support/fixtures";

// Over HTTP against the built app: what Remix's routing answers for /api paths no endpoint
// serves, and for a method an endpoint does not take. JSON every time, for everyone. Only
// Playwright's request client, no browser: nothing here is drawn or run in a page.

/** The signed session cookie the login action would set for this user. */
async function cookieOf(user: User, baseURL: string): Promise<string> {
  const header = await createUserSessionHeader(
    new Request(baseURL),
    { userId: user.id, role: user.role },
    false,
  );
  return header.split(";")[0];
}

const JSON_POST = (origin: string, cookie = "") => ({
  headers: {
    "Content-Type": "application/json",
    Origin: origin,
    ...(cookie ? { Cookie: cookie } : {}),
  },
  data: {},
  maxRedirects: 0,
});

test.describe("/api routing", () => {
  test("an unknown /api path is a JSON 404, signed out or in", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const anonymous = await request.get("/api/nope", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(404);
    expect(anonymous.headers()["content-type"]).toContain("application/json");
    expect(await anonymous.json()).toEqual({ message: "Not found" });
    const deeper = await request.post(
      "/api/advance-requests/1/nope",
      JSON_POST(origin),
    );
    expect(deeper.status()).toBe(404);
    expect(await deeper.json()).toEqual({ message: "Not found" });

    const cookie = await cookieOf(
      await createEmployee(await createEmployer()),
      baseURL!,
    );
    for (const res of [
      await request.get("/api/nope", {
        maxRedirects: 0,
        headers: { Cookie: cookie },
      }),
      await request.post("/api/nope", JSON_POST(origin, cookie)),
    ]) {
      expect(res.status()).toBe(404);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Not found" });
    }
  });

  test("a method the endpoint does not take is a JSON 405 with Allow, signed out or in", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const check = async (
      res: Awaited<ReturnType<APIRequestContext["get"]>>,
      allow: string,
    ) => {
      expect(res.status()).toBe(405);
      expect(res.headers()["allow"]).toBe(allow);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Method not allowed" });
    };
    for (const signedIn of [false, true]) {
      const cookie = signedIn
        ? await cookieOf(await createEmployer(), baseURL!)
        : "";
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      const get = { maxRedirects: 0, headers };
      await check(await request.get("/api/login", get), "POST");
      await check(
        await request.get("/api/advance-requests/1/approve", get),
        "POST",
      );
      await check(
        await request.post("/api/user", JSON_POST(origin, cookie)),
        "GET",
      );
      await check(
        await request.post("/api/events", JSON_POST(origin, cookie)),
        "GET",
      );
      await check(
        await request.fetch("/api/advance-requests/1/approve", {
          ...JSON_POST(origin, cookie),
          method: "PUT",
        }),
        "POST",
      );
    }
  });
});
