import type { ActionFunctionArgs } from "@remix-run/node";
import { requestAdvance, toPublicAdvance } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { requestApiSchema } from "~/validation/advance";

// POST /api/advance-requests: an employee creates a request (SPEC §7). The body's employeeId,
// when present, must be the caller's own. Answers 201 with the request. This module is also
// the parent of /api/advance-requests/* (employee, pending, all, $id.approve...): each child
// is a resource route with its own loader/action, so nothing here runs for them.
export async function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const user = await requireApiRole(request, "EMPLOYEE");
    const input = parseBody(requestApiSchema, await readJson(request));
    const created = await requestAdvance(user, input);
    return ok(toPublicAdvance(created), 201);
  });
}
