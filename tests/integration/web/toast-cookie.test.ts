import { loader as rootLoader } from "~/root";
import { redirectWithSuccess } from "~/web/toast.server";
import { call } from "#tests/support/factories";
import { useTestDatabase } from "#tests/support/db";
import { toastCookieOf } from "#tests/support/toasts";

// The flash toast's cookie through the root loader, which every page runs: a page without a
// toast sets no cookie at all; a toast a redirect carried is shown once, then its cookie removed.

// One database is enough: its one row is the signed-in user; what is checked is the root loader's
// cookie. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

const page = (cookie?: string) =>
  new Request("http://localhost/", {
    headers: cookie ? { Cookie: cookie } : {},
  });

describe("the flash toast's cookie", () => {
  it("is neither read nor set on a page that carries none", async () => {
    for (const cookie of [undefined, "lng=en", "mytoast=1; __session=abc"]) {
      const res = await call(rootLoader, page(cookie));
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect((await res.json()).toast).toBeNull();
    }
  });

  it("shows a redirect's toast once, then removes its cookie", async () => {
    const redirect = await redirectWithSuccess("/settings", "Settings saved");
    const carried = toastCookieOf(redirect);
    expect(carried).toMatch(/^toast=./);

    const shown = await call(rootLoader, page(`lng=en; ${carried}`));
    expect((await shown.json()).toast).toMatchObject({
      type: "success",
      title: "Settings saved",
    });
    // Removed, not set again empty: the next pages carry no toast cookie at all.
    expect(shown.headers.get("Set-Cookie")).toMatch(
      /^toast=; .*Expires=Thu, 01 Jan 1970 00:00:00 GMT/,
    );
    const cleared = toastCookieOf(shown);
    expect(cleared).toBe("toast=");

    const next = await call(rootLoader, page(cleared));
    expect((await next.json()).toast).toBeNull();
  });
});
