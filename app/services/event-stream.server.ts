import { subscribe, type AppEvent } from "./events.server";

/** Whether the stream's session is still live; the stream ends when it is not. */
export type SessionCheck = () => Promise<boolean>;

const HEARTBEAT_MS = 15_000;
const RETRY_MS = 3_000;

// Open streams, so shutdown can end them (remix-serve/Express would otherwise wait forever).
const open = new Set<() => void>();

/**
 * A Server-Sent Events response carrying one user's events. `Cache-Control: no-transform`
 * stops compression from buffering it; a comment line every 15 s keeps proxies from closing
 * it; `retry` tells the browser to reconnect after 3 s if it drops. The stream belongs to one
 * server-side session: when a "session.revoked" event reaches the user, and on every
 * heartbeat (a session that expired or idled out sends no event), `sessionLive` is asked and
 * the stream ends if its session is over; the browser's reconnect then gets 401.
 */
export async function openEventStream(
  request: Request,
  userId: number,
  sessionLive: SessionCheck = async () => true,
  /** An employer-side member's company: its events reach them too. */
  companyId: number | null = null,
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
      const checkSession = async () => {
        try {
          if (!closed && !(await sessionLive())) {
            // The page revalidates on this event and finds itself signed out.
            send(
              `event: change\ndata: ${JSON.stringify({ type: "session.revoked", requestId: null, at: new Date().toISOString() })}\n\n`,
            );
            close();
          }
        } catch {
          // The database is unreachable: keep the stream; the next heartbeat asks again.
        }
      };
      const unsubscribe = await subscribe(
        userId,
        (event: AppEvent) => {
          if (event.type === "session.revoked") {
            void checkSession();
            return;
          }
          send(
            `event: change\ndata: ${JSON.stringify({ type: event.type, requestId: event.requestId ?? null, at: event.at })}\n\n`,
          );
        },
        companyId,
      );
      const heartbeat = setInterval(() => {
        send(`: ping\n\n`);
        void checkSession();
      }, HEARTBEAT_MS);
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
