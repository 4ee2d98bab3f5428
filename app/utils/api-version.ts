// The API's version: a date (docs/api-guide.md, "Versions"). Browser-safe.

/** The versions this server answers in, oldest first; the last is the current one. */
export const API_VERSIONS = ["2026-11-28"] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1];
export const VERSION_HEADER = "Grocery-Advance-Version";

export function isApiVersion(value: string): value is ApiVersion {
  return (API_VERSIONS as readonly string[]).includes(value);
}
