import { isSessionLive } from "~/models/people/index.server";
import { openEventStream } from "~/services/event-stream.server";
import { apiRoute } from "~/web/api-contract.server";

// The signed-in layout listens and revalidates the page; other callers can too. The stream
// ends when its session is revoked or expires.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/events",
    summary:
      "Server-Sent Events: the signed-in user's own changes (`event: change`, data {type, requestId, at}); heartbeat every 15 s",
    role: "any",
    response: {
      contentType: "text/event-stream",
      schema: { type: "string" },
      description: "An event stream",
    },
    errors: [401],
  },
  async ({ request, user, auth }) =>
    openEventStream(
      request,
      user.id,
      () => isSessionLive(auth.session.id),
      user.role === "EMPLOYER" ? user.companyId : null,
    ),
);
