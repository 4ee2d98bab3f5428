import type { LoaderFunctionArgs } from "@remix-run/node";
import { openEventStream } from "~/services/event-stream.server";
import { handleApi, requireApiUser } from "~/utils/api.server";

// GET /api/events: the signed-in user's own events as Server-Sent Events. The signed-in
// layout listens and revalidates the page; other callers can too.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request);
    return openEventStream(request, user.id);
  });
}
