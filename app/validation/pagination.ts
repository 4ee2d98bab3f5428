import * as z from "zod";

// Paging of lists that grow with the company.

/**
 * A page of a list (1-based) and the size of the whole list. An API request by cursor
 * (`?cursor=&limit=`) names its first row by `offset` instead of a page number.
 */
export type PageRequest = { page: number; pageSize: number; offset?: number };

/** The first row of a page: its cursor's offset, or where its page number starts. */
export function pageOffset({ page, pageSize, offset }: PageRequest): number {
  return offset ?? (page - 1) * pageSize;
}

/** `?cursor=` is opaque to clients: the offset of the next row, base64url-encoded. */
export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString("base64url");
}

const CURSOR_INVALID = "cursor must be one a previous page's Link gave";
export const PAGE_FORMS_MIXED =
  "Page either by cursor and limit or by page and pageSize, not both";

export type Paged<T> = PageRequest & { items: T[]; total: number };

/** JSON lists: `?page=` (1-based) and `?pageSize=` (1–500, default 100). */
const API_PAGE_SIZE = 100;
const API_MAX_PAGE_SIZE = 500;
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

const cursorField = z
  .string()
  .transform((value, ctx) => {
    try {
      const { o } = JSON.parse(Buffer.from(value, "base64url").toString()) as {
        o: unknown;
      };
      if (Number.isSafeInteger(o) && (o as number) >= 0) return o as number;
    } catch {
      // falls through to the refusal
    }
    ctx.addIssue({ code: "custom", message: CURSOR_INVALID });
    return z.NEVER;
  })
  .describe('Opaque: the cursor a previous page\'s Link rel="next" gave');

const limitMessage = `limit must be a whole number from 1 to ${API_MAX_PAGE_SIZE}`;

/** `?cursor=&limit=`: the other way to page every API list (the Link header's). */
export const apiCursorSchema = z.object({
  cursor: cursorField.optional(),
  limit: z.coerce
    .number({ error: limitMessage })
    .int(limitMessage)
    .min(1, limitMessage)
    .max(API_MAX_PAGE_SIZE, limitMessage)
    .default(API_PAGE_SIZE),
});

/** The query parameters of an API list request (absent ones take their defaults). */
export function apiPageParams(url: URL): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of ["page", "pageSize", "cursor", "limit"]) {
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

/**
 * One page of a list already read whole (a list bounded per person or per company, such as an
 * employee's own cards): the same page, headers and cursor as a list paged by the database.
 */
export function pageOf<T>(items: T[], request: PageRequest): Paged<T> {
  const offset = pageOffset(request);
  return {
    ...request,
    items: items.slice(offset, offset + request.pageSize),
    total: items.length,
  };
}

/** Pages in a list of `total` rows, at least 1; and `page` brought inside them. */
function pageWithin(page: number, total: number, pageSize: number) {
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
  { page, pageSize, offset: cursorOffset }: PageRequest,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
  { clamp = false }: { clamp?: boolean } = {},
): Promise<Paged<T> & { pageCount: number }> {
  if (!clamp) {
    const offset = pageOffset({ page, pageSize, offset: cursorOffset });
    const [total, items] = await Promise.all([count(), rows(pageSize, offset)]);
    return {
      items,
      total,
      page,
      pageSize,
      ...(cursorOffset === undefined ? {} : { offset }),
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
