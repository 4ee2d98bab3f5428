import type { ActionFunctionArgs } from "@remix-run/node";
import { approveAdvance } from "~/models/approval.server";
import { toPublicAdvance } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";
import { notFound } from "~/utils/errors";
import { parseId, REQUEST_NOT_FOUND } from "~/validation/employer";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/advance-requests/{id}/approve (no body): the approved request. Another employer's
// request or a bad id → 404; already decided or the balance no longer covers it → 409.
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const employer = await requireApiRole(request, "EMPLOYER");
    const id = parseId(params.id);
    if (id === null) throw notFound(REQUEST_NOT_FOUND);
    return ok(toPublicAdvance(await approveAdvance(employer, id)));
  });
}
