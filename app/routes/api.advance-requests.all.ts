import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { streamAllRequests } from "~/models/employer-requests.server";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { streamedJsonArray } from "~/web/pagination.server";

// GET /api/advance-requests/all: every request of the employer's employees, newest first.
// Employers only. The one unbounded list (SPEC: "All requests"): streamed in chunks read by
// keyset, so neither the server nor the database holds the whole company at once.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return streamedJsonArray(streamAllRequests(employer), request.signal);
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
