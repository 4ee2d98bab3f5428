import { subscribe, type AppEvent } from "./events.server";

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 3_000;

// Open streams, so shutdown can end them (remix-serve/Express would otherwise wait forever).
const open = new Set<() => void>();

/**
 * A Server-Sent Events response carrying one user's events. `Cache-Control: no-transform`
 * stops compression from buffering it; a comment line every 15 s keeps proxies from closing
 * it; `retry` tells the browser to reconnect after 3 s if it drops.
 */
export async function openEventStream(
  request: Request,
  userId: number,
): Promise<Response> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const unsubscribe = await subscribe(userId, (event: AppEvent) => {
        send(
          `event: change\ndata: ${JSON.stringify({ type: event.type, requestId: event.requestId ?? null, at: event.at })}\n\n`,
        );
      });
      const heartbeat = setInterval(() => send(`: ping\n\n`), HEARTBEAT_MS);
      function close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(close);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      }
      cleanup = close;
      open.add(close);
      request.signal.addEventListener("abort", close);
      send(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Ends every open stream (graceful shutdown). */
export function closeAllEventStreams() {
  for (const close of [...open]) close();
}

export function openEventStreamCount() {
  return open.size;
}
