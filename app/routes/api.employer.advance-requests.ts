import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { streamEmployerRequestSummaries } from "~/models/employer-requests.server";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { streamedJsonArray } from "~/web/pagination.server";

// GET /api/employer/advance-requests: id, status, amount and requestDate of every request of
// the employer's employees (what the reports read), newest first, streamed like
// /api/advance-requests/all. Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return streamedJsonArray(
      streamEmployerRequestSummaries(employer),
      request.signal,
    );
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
