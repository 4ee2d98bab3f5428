import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import {
  COMPRESSION_THRESHOLD_BYTES,
  encodeWholePage,
  negotiatedEncoding,
  PAGE_BROTLI,
} from "~/utils/page-encoding.server";

// A page of the dashboard's kind: markup, some of it two-byte characters.
const page = `<!DOCTYPE html><html><body>${Array.from(
  { length: 400 },
  (_, i) => `<tr><td>Ana Núñez ${i}</td><td>$1,234.00 · 13.3%</td></tr>`,
).join("")}</body></html>`;

function get(acceptEncoding: string | null, method = "GET"): Request {
  return new Request("http://localhost/", {
    method,
    headers:
      acceptEncoding === null ? {} : { "Accept-Encoding": acceptEncoding },
  });
}

function decoded(body: string | Buffer, encoding: string | null): string {
  if (typeof body === "string") return body;
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe("a page encoded whole", () => {
  it("is brotli for a browser, at the app's settings, with its length and Vary", () => {
    const headers = new Headers();
    const body = encodeWholePage(get("gzip, deflate, br, zstd"), page, headers);
    expect(headers.get("Content-Encoding")).toBe("br");
    expect(headers.get("Vary")).toBe("Accept-Encoding");
    expect(typeof body).not.toBe("string");
    expect(headers.get("Content-Length")).toBe(String(body.length));
    expect(decoded(body, "br")).toBe(page);
    // The same bytes the middleware's settings give the whole page at once.
    expect(
      Buffer.compare(
        body as Buffer,
        zlib.brotliCompressSync(page, PAGE_BROTLI),
      ),
    ).toBe(0);
    expect(body.length).toBeLessThan(Buffer.byteLength(page) / 5);
  });

  it("is gzip for a client that takes only gzip, or refuses brotli", () => {
    for (const accepted of ["gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5"]) {
      const headers = new Headers();
      const body = encodeWholePage(get(accepted), page, headers);
      expect(headers.get("Content-Encoding"), accepted).toBe("gzip");
      expect(decoded(body, "gzip"), accepted).toBe(page);
    }
  });

  it("a page already held as bytes (the streaming renderer's) is encoded the same", () => {
    const headers = new Headers();
    const body = encodeWholePage(get("br"), Buffer.from(page), headers);
    expect(decoded(body, headers.get("Content-Encoding"))).toBe(page);
  });

  it("is left as it is with nothing to gain or nothing accepted", () => {
    const cases: Array<[string, Request, string, Headers]> = [
      ["no Accept-Encoding", get(null), page, new Headers()],
      ["identity", get("identity"), page, new Headers()],
      ["deflate only: the middleware's", get("deflate"), page, new Headers()],
      ["everything refused", get("*;q=0"), page, new Headers()],
      ["a HEAD", get("br", "HEAD"), page, new Headers()],
      [
        "below the threshold",
        get("br"),
        "x".repeat(COMPRESSION_THRESHOLD_BYTES - 1),
        new Headers(),
      ],
      [
        "Cache-Control: no-transform",
        get("br"),
        page,
        new Headers({ "Cache-Control": "private, no-transform" }),
      ],
    ];
    for (const [what, request, input, headers] of cases) {
      const body = encodeWholePage(request, input, headers);
      expect(body, what).toBe(input);
      expect(headers.get("Content-Encoding"), what).toBeNull();
      expect(headers.get("Content-Length"), what).toBeNull();
      expect(headers.get("Vary"), what).toBe("Accept-Encoding");
    }
  });

  it("names Accept-Encoding in Vary once", () => {
    const headers = new Headers({ Vary: "Cookie, accept-encoding" });
    encodeWholePage(get("br"), page, headers);
    expect(headers.get("Vary")).toBe("Cookie, accept-encoding");
  });

  it("chooses what the compression middleware chooses for the same Accept-Encoding", async () => {
    const app = express();
    app.use(compression());
    app.get("/", (_req, res) => {
      res.type("html").send(page);
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) =>
      server.listen(0, "127.0.0.1", resolve),
    );
    const { port } = server.address() as AddressInfo;
    const middlewareChoice = (accepted: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get(
            {
              port,
              host: "127.0.0.1",
              path: "/",
              headers: { "Accept-Encoding": accepted },
            },
            (res) => {
              res.resume();
              resolve(String(res.headers["content-encoding"] ?? "identity"));
            },
          )
          .on("error", reject);
      });
    try {
      for (const accepted of [
        "gzip, deflate, br",
        "gzip, deflate, br, zstd",
        "br",
        "gzip",
        "deflate, gzip",
        "br;q=0.5, gzip",
        "br;q=0, gzip;q=0.8, deflate",
        "*",
        "identity",
        "gzip;q=0, br;q=0",
        "compress, x-gzip",
      ]) {
        const mine = negotiatedEncoding(accepted) ?? "identity";
        expect(mine, accepted).toBe(await middlewareChoice(accepted));
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
