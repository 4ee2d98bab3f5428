import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { pagePendingRequests } from "~/models/employer-requests.server";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { pagedJson, readApiPage } from "~/web/pagination.server";

// GET /api/advance-requests/pending: the employer's pending requests, oldest first, each with
// its employee (firstName, lastName, department, availableBalance) embedded; a page at a time
// (?page=, ?pageSize= up to 500, default 100; X-Total-Count and Link rel="next" headers).
// Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    const page = readApiPage(request);
    return pagedJson(request, await pagePendingRequests(employer, page));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
