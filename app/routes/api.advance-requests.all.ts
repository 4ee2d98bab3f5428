import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listAllRequests } from "~/models/employer.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/utils/api.server";

// GET /api/advance-requests/all: every request of the employer's employees, newest first.
// Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return ok(await listAllRequests(employer));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
