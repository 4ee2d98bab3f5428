import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { pageBody } from "~/utils/page-body.server";

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
