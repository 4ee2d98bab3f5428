import * as z from "zod";

// Paging of lists that grow with the company (docs/decisions/0901-pagination-and-streaming.md).

/** A page of a list (1-based) and the size of the whole list. */
export type PageRequest = { page: number; pageSize: number };
export type Paged<T> = PageRequest & { items: T[]; total: number };

/** JSON lists: `?page=` (1-based) and `?pageSize=` (1–500, default 100). */
export const API_PAGE_SIZE = 100;
export const API_MAX_PAGE_SIZE = 500;
const MAX_PAGE = 1_000_000;

export const apiPageSchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(MAX_PAGE, "page is too large")
    .default(1),
  pageSize: z.coerce
    .number({
      error: `pageSize must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`,
    })
    .int(`pageSize must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`)
    .max(
      API_MAX_PAGE_SIZE,
      `pageSize must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`,
    )
    .default(API_PAGE_SIZE),
});

/** The query parameters of an API list request (absent ones take their defaults). */
export function apiPageParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ["page", "pageSize"]) {
    const value = url.searchParams.get(key);
    if (value !== null) params[key] = value;
  }
  return params;
}

/** Pages: `?page=`; anything malformed is the first page (a page past the end is the last). */
export function readPageParam(url: URL): number {
  const parsed = z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE)
    .safeParse(url.searchParams.get("page") ?? undefined);
  return parsed.success ? parsed.data : 1;
}

/** Pages in a list of `total` rows, at least 1; and `page` brought inside them. */
export function pageWithin(page: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, page), pageCount), pageCount };
}
