// What the logs may say of a request's path. Query strings are never
// logged; a path is, except a path that carries a secret: the invitation link /join/<token>,
// whose token would otherwise sit in the log for as long as the link works. Routes match
// without regard to case and on the decoded path, and so does this.

/** Paths that carry a token after a fixed first segment. */
const TOKEN_PATHS: ReadonlyArray<{ pattern: RegExp; shown: string }> = [
  { pattern: /^\/+join\/+[^/]/i, shown: "/join/[redacted]" },
];

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path as it may be logged: a token-carrying path with its token replaced. */
export function loggedPath(path: string): string {
  const plain = decoded(path);
  for (const { pattern, shown } of TOKEN_PATHS)
    if (pattern.test(path) || pattern.test(plain)) return shown;
  return path;
}
