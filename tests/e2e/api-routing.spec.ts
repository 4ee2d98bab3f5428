import { createEmployee, createEmployer } from "#tests/support/factories";
import { expect, test } from "./support/fixtures";

// Over HTTP against the built app: what Remix's routing answers for /api paths no endpoint
// serves, and for a method an endpoint does not take. JSON every time, for everyone.

const JSON_POST = (origin: string) => ({
  headers: { "Content-Type": "application/json", Origin: origin },
  data: {},
  maxRedirects: 0,
});

test.describe("/api routing", () => {
  test("an unknown /api path is a JSON 404, signed out or in", async ({
    page,
    loginAs,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const anonymous = await page.request.get("/api/nope", { maxRedirects: 0 });
    expect(anonymous.status()).toBe(404);
    expect(anonymous.headers()["content-type"]).toContain("application/json");
    expect(await anonymous.json()).toEqual({ message: "Not found" });
    const deeper = await page.request.post(
      "/api/advance-requests/1/nope",
      JSON_POST(origin),
    );
    expect(deeper.status()).toBe(404);
    expect(await deeper.json()).toEqual({ message: "Not found" });

    await loginAs(await createEmployee(await createEmployer()));
    for (const res of [
      await page.request.get("/api/nope", { maxRedirects: 0 }),
      await page.request.post("/api/nope", JSON_POST(origin)),
    ]) {
      expect(res.status()).toBe(404);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Not found" });
    }
  });

  test("a method the endpoint does not take is a JSON 405 with Allow, signed out or in", async ({
    page,
    loginAs,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const check = async (
      res: Awaited<ReturnType<typeof page.request.get>>,
      allow: string,
    ) => {
      expect(res.status()).toBe(405);
      expect(res.headers()["allow"]).toBe(allow);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Method not allowed" });
    };
    for (const signedIn of [false, true]) {
      if (signedIn) await loginAs(await createEmployer());
      await check(
        await page.request.get("/api/login", { maxRedirects: 0 }),
        "POST",
      );
      await check(
        await page.request.get("/api/advance-requests/1/approve", {
          maxRedirects: 0,
        }),
        "POST",
      );
      await check(
        await page.request.post("/api/user", JSON_POST(origin)),
        "GET",
      );
      await check(
        await page.request.post("/api/events", JSON_POST(origin)),
        "GET",
      );
      await check(
        await page.request.fetch("/api/advance-requests/1/approve", {
          ...JSON_POST(origin),
          method: "PUT",
        }),
        "POST",
      );
    }
  });
});
