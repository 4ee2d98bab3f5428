import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPendingRequests } from "~/models/employer.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/utils/api.server";

// GET /api/advance-requests/pending: the employer's pending requests, each with its employee
// (firstName, lastName, department, availableBalance) embedded. Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return ok(await listPendingRequests(employer));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
