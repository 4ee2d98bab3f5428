import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listOwnRequests, toPublicAdvance } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";

// GET /api/advance-requests/employee: the signed-in employee's requests, newest first.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiRole(request, "EMPLOYEE");
    const requests = await listOwnRequests(user);
    return ok(requests.map(toPublicAdvance));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
