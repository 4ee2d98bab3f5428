import { createElement, lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { pageBody, renderWholePage } from "~/utils/page-body.server";

// The collector a whole page is rendered into (app/entry.server.tsx): it hands over the page
// once React ends it, and React ends it once.
describe("the page collector", () => {
  it("hands over the whole page, ended once by React", async () => {
    const ends: unknown[] = [];
    const page = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        createElement(
          "ul",
          null,
          Array.from({ length: 2000 }, (_, i) =>
            createElement("li", { key: i }, `row ${i}`),
          ),
        ),
        {
          onAllReady() {
            const body = pageBody((html) => resolve(html.toString()), reject);
            const end = body.end.bind(body);
            body.end = ((...args: Parameters<typeof end>) => {
              ends.push(args);
              return end(...args);
            }) as typeof body.end;
            pipe(body);
          },
          onError: reject,
        },
      );
    });
    // Whatever React does after the page is kept happens within a few turns of the loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(page.startsWith("<ul><li>row 0</li>")).toBe(true);
    expect(page.endsWith("<li>row 1999</li></ul>")).toBe(true);
    expect(ends).toHaveLength(1);
  });
});

// How a whole page is rendered (app/entry.server.tsx).
describe("a whole page", () => {
  /** 5,000 rows of text with a two-byte character at many different offsets. */
  const rows = () =>
    createElement(
      "ul",
      null,
      Array.from({ length: 5000 }, (_, i) =>
        createElement("li", { key: i }, `${"x".repeat(i % 13)} · row ${i}`),
      ),
    );

  const streamed = (element: ReturnType<typeof rows>) =>
    new Promise<Buffer>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(element, {
        onAllReady() {
          pipe(pageBody(resolve, reject));
        },
        onError: reject,
      });
    });

  it("renders in one pass to a string, with no NUL byte where React's streaming renderer writes some", async () => {
    const page = await renderWholePage(rows(), {
      nonce: "",
      abortAfterMs: 5000,
    });
    expect(typeof page.body).toBe("string");
    const body = String(page.body);
    expect(body.startsWith("<!DOCTYPE html><ul><li>")).toBe(true);
    expect(body.includes("\0")).toBe(false);
    expect(body.endsWith("<li>xxxxxxx · row 4999</li></ul>")).toBe(true);
    expect(page.errored).toBe(false);
    // React 18.3's streaming renderer writes a NUL byte where a two-byte character straddles
    // one of its 2 KB buffers (react/react#31134). When this fails after an upgrade of React,
    // the bug is fixed upstream, and decision 0091's reason of correctness no longer holds.
    expect((await streamed(rows())).includes(0)).toBe(true);
  });

  it("waits for an island whose code is still loading, and sends it rendered", async () => {
    let loaded = false;
    const Island = lazy(
      () =>
        new Promise<{ default: () => ReturnType<typeof createElement> }>(
          (resolve) =>
            setTimeout(() => {
              loaded = true;
              resolve({ default: () => createElement("form", null, "ready") });
            }, 20),
        ),
    );
    const page = await renderWholePage(
      createElement(
        "main",
        null,
        createElement(Suspense, { fallback: null }, createElement(Island)),
      ),
      { nonce: "", abortAfterMs: 5000 },
    );
    expect(loaded).toBe(true);
    expect(String(page.body)).toContain("<form>ready</form>");
    expect(String(page.body)).not.toContain("<!--$!-->");
    expect(page.errored).toBe(false);
  });

  it("sends a page whose part inside a Suspense boundary failed, marked as an error", async () => {
    const Broken = () => {
      throw new Error("broken part");
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const page = await renderWholePage(
        createElement(
          "main",
          null,
          createElement("h1", null, "Title"),
          createElement(Suspense, { fallback: null }, createElement(Broken)),
        ),
        { nonce: "", abortAfterMs: 5000 },
      );
      expect(page.errored).toBe(true);
      expect(String(page.body)).toContain("<h1>Title</h1>");
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses a page that cannot render at all (Remix then renders its error page)", async () => {
    const Broken = () => {
      throw new Error("broken page");
    };
    await expect(
      Promise.resolve().then(() =>
        renderWholePage(createElement(Broken), {
          nonce: "",
          abortAfterMs: 5000,
        }),
      ),
    ).rejects.toThrow("broken page");
  });
});
