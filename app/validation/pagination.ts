import * as z from "zod";

// Paging of lists that grow with the company (docs/decisions/0022-pagination-and-streaming.md).

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
  const pageCount = pageCountOf(total, pageSize);
  return { page: Math.min(Math.max(1, page), pageCount), pageCount };
}

/**
 * One page of a list, read the one way every list is paged: the list's size from `count`,
 * the page's rows from `rows(limit, offset)`. With `clamp` (the pages) a page past the end is
 * the last page, so the size is read first and an empty list reads no rows; without it (the
 * API, whose Link headers name the real pages) both are read at once and a page past the end
 * is empty.
 */
export async function readPage<T>(
  { page, pageSize }: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  { clamp = false }: { clamp?: boolean } = {},
): Promise<Paged<T> & { pageCount: number }> {
  if (!clamp) {
    const [total, items] = await Promise.all([
      count(),
      rows(pageSize, (page - 1) * pageSize),
    ]);
    return {
      items,
      total,
      page,
      pageSize,
      pageCount: pageCountOf(total, pageSize),
    };
  }
  const total = await count();
  const within = pageWithin(page, total, pageSize);
  const items = total ? await rows(pageSize, (within.page - 1) * pageSize) : [];
  return { items, total, pageSize, ...within };
}

function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}
