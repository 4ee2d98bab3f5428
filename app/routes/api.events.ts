import type { LoaderFunctionArgs } from "@remix-run/node";
import { openEventStream } from "~/services/event-stream.server";
import { isSessionLive } from "~/models/sessions.server";
import { handleApi, requireApiAuth } from "~/web/api.server";

// GET /api/events: the signed-in user's own events as Server-Sent Events. The signed-in
// layout listens and revalidates the page; other callers can too. The stream ends when its
// session is revoked or expires.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const { user, session } = await requireApiAuth(request);
    return openEventStream(request, user.id, () => isSessionLive(session.id));
  });
}
