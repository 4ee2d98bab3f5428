import type { ActionFunctionArgs } from "@remix-run/node";
import { toPublicAdvance } from "~/models/advance.server";
import { cancelAdvance } from "~/models/cancel.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";
import { notFound } from "~/utils/errors";
import { REQUEST_NOT_FOUND } from "~/models/payment.server";
import { parseId } from "~/validation/employer";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/advance-requests/{id}/cancel (no body): the employee cancels their own PENDING
// request, or an APPROVED one not paid for yet → the CANCELLED request (an approved amount is
// back on the available balance). Someone else's request or a bad id → 404; an employer → 403;
// declined, paid for or already cancelled → 409.
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const employee = await requireApiRole(request, "EMPLOYEE");
    const id = parseId(params.id);
    if (id === null) throw notFound(REQUEST_NOT_FOUND);
    return ok(toPublicAdvance(await cancelAdvance(employee, id)));
  });
}
