import {
  apiCursorSchema,
  apiPageParams,
  apiPageSchema,
  encodeCursor,
  PAGE_FORMS_MIXED,
  type PageRequest,
  type Paged,
} from "~/validation/pagination";
import { badRequest } from "~/utils/errors";
import { parseBody } from "./api.server";

// JSON lists that grow with the company: pages with Link headers, or a streamed array. Every
// paged list takes an opaque cursor (`?cursor=&limit=`, the form its Link rel="next" gives),
// and the page-number form (`?page=&pageSize=`) the SPEC's lists always took.

/**
 * The page an API request asks for: by page number when it sends `page` or `pageSize`, else
 * by cursor (from the start without one). Malformed values are a 400 naming the field.
 */
export function readApiPage(request: Request): PageRequest {
  const params = apiPageParams(new URL(request.url));
  const byNumber = "page" in params || "pageSize" in params;
  const byCursor = "cursor" in params || "limit" in params;
  if (byNumber && byCursor) throw badRequest(PAGE_FORMS_MIXED);
  if (byNumber) return parseBody(apiPageSchema, params);
  const { cursor, limit } = parseBody(apiCursorSchema, params);
  return { page: 1, pageSize: limit, offset: cursor ?? 0 };
}

/** Whether a request names a page (`cursor`, `limit`, `page` or `pageSize`). */
export function asksForPage(request: Request): boolean {
  return Object.keys(apiPageParams(new URL(request.url))).length > 0;
}

function cursorUrl(request: Request, offset: number, limit: number): string {
  const url = new URL(request.url);
  url.searchParams.set("cursor", encodeCursor(offset));
  url.searchParams.set("limit", String(limit));
  return `${url.pathname}${url.search}`;
}

function pageUrl(request: Request, page: number, pageSize: number): string {
  const url = new URL(request.url);
  url.searchParams.set("page", String(page));
  url.searchParams.set("pageSize", String(pageSize));
  return `${url.pathname}${url.search}`;
}

/**
 * One page as the JSON array the endpoint always answered, plus `X-Total-Count` and an RFC 8288
 * `Link` header with the `next` and `prev` pages, so a client can walk the whole list.
 */
export function pagedJson<T>(request: Request, paged: Paged<T>): Response {
  return pagedJsonText(request, paged, JSON.stringify(paged.items));
}

/** pagedJson for a page whose JSON text is already written (`body`, an array). */
export function pagedJsonText(
  request: Request,
  {
    page,
    pageSize,
    total,
    offset,
  }: Pick<Paged<unknown>, "page" | "pageSize" | "total" | "offset">,
  body: string,
): Response {
  const links: string[] = [];
  if (offset !== undefined) {
    if (offset + pageSize < total)
      links.push(
        `<${cursorUrl(request, offset + pageSize, pageSize)}>; rel="next"`,
      );
  } else if (page * pageSize < total)
    links.push(`<${pageUrl(request, page + 1, pageSize)}>; rel="next"`);
  if (page > 1) {
    const last = Math.max(1, Math.ceil(total / pageSize));
    links.push(
      `<${pageUrl(request, Math.min(page - 1, last), pageSize)}>; rel="prev"`,
    );
  }
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Total-Count": String(total),
  });
  if (links.length) headers.set("Link", links.join(", "));
  return new Response(body, { status: 200, headers });
}

/**
 * A JSON array written as its chunks arrive: each chunk is serialized and handed to the
 * response before the next one is read, so the list is never built whole. The first chunk is
 * read before answering (a failure there is still a proper error response); a failure later
 * aborts the body, which the client sees as a broken download rather than a truncated but
 * valid-looking array. When the client goes away (`signal`), no further chunk is read.
 */
export async function streamedJsonArray(
  /** Each chunk: the JSON text of one or more elements, comma-separated ("" for none). */
  chunks: AsyncGenerator<string>,
  signal?: AbortSignal,
): Promise<Response> {
  const encoder = new TextEncoder();
  const first = await chunks.next();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("["));
      if (!first.done && first.value.length) {
        controller.enqueue(encoder.encode(first.value));
        started = true;
      }
      if (first.done) {
        controller.enqueue(encoder.encode("]"));
        controller.close();
      }
    },
    async pull(controller) {
      try {
        if (signal?.aborted) {
          await chunks.return(undefined);
          controller.close();
          return;
        }
        const next = await chunks.next();
        if (next.done) {
          controller.enqueue(encoder.encode("]"));
          controller.close();
          return;
        }
        if (!next.value.length) return;
        const text = next.value;
        controller.enqueue(encoder.encode(started ? `,${text}` : text));
        started = true;
      } catch (error) {
        console.error(
          JSON.stringify({
            level: "error",
            msg: "streamed list failed",
            error: error instanceof Error ? error.message : String(error),
          }),
        );
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
