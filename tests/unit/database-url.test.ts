import {
  isDatabaseUrl,
  parseDatabaseUrl,
  urlForPostgresJs,
} from "~/utils/database-url";

// DATABASE_URL with one host or the several a high-availability formation prints.

describe("DATABASE_URL", () => {
  it("reads the multi-host URL pg_autoctl prints", () => {
    const url =
      "postgres://app:s%40cret@node1:6001,node2:6002,[::1]/grocery?target_session_attrs=read-write&sslmode=prefer";
    expect(isDatabaseUrl(url)).toBe(true);
    const parsed = parseDatabaseUrl(url)!;
    expect(parsed.hosts).toEqual([
      { host: "node1", port: 6001 },
      { host: "node2", port: 6002 },
      { host: "::1", port: 5432 },
    ]);
    expect(parsed).toMatchObject({
      user: "app",
      password: "s@cret",
      database: "grocery",
    });
    expect(parsed.params.get("sslmode")).toBe("prefer");
  });

  it("takes single-host URLs as before and refuses what is not a PostgreSQL URL", () => {
    for (const url of [
      "postgres://postgres@127.0.0.1:5432/postgres",
      "postgresql://localhost/db",
      "postgres://u:p@db.internal/app?sslmode=require",
    ])
      expect(isDatabaseUrl(url), url).toBe(true);
    for (const url of [
      "",
      "mysql://localhost/db",
      "postgres://",
      "postgres://host:notaport/db",
      "postgres://host:70000/db",
      "postgres://a,,b/db",
      "http://example.com",
    ])
      expect(isDatabaseUrl(url), url).toBe(false);
  });

  it("asks postgres.js for the primary when several hosts want read-write", () => {
    expect(
      urlForPostgresJs(
        "postgres://u@h1:6001,h2:6002/db?target_session_attrs=read-write",
      ),
    ).toBe("postgres://u@h1:6001,h2:6002/db?target_session_attrs=primary");
    expect(urlForPostgresJs("postgres://u@h1:6001,h2:6002/db")).toBe(
      "postgres://u@h1:6001,h2:6002/db?target_session_attrs=primary",
    );
    // One host, or another explicit choice, is left as it is.
    for (const url of [
      "postgres://u@h1/db?target_session_attrs=read-write",
      "postgres://u@h1,h2/db?target_session_attrs=any",
    ])
      expect(urlForPostgresJs(url)).toBe(url);
  });
});
