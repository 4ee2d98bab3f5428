import type { ActionFunctionArgs } from "@remix-run/node";
import { declineAdvance } from "~/models/approval.server";
import { toPublicAdvance } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { notFound } from "~/utils/errors";
import {
  declineBodySchema,
  parseId,
  REQUEST_NOT_FOUND,
} from "~/validation/employer";

export async function loader() {
  return methodNotAllowed("POST");
}

// POST /api/advance-requests/{id}/decline {reason?}: the declined request; the reason defaults
// to 'Declined by employer' and is at most 500 characters (400). Another employer's request
// or a bad id → 404; already decided → 409.
export async function action({ request, params }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("POST");
    const employer = await requireApiRole(request, "EMPLOYER");
    const id = parseId(params.id);
    if (id === null) throw notFound(REQUEST_NOT_FOUND);
    const { reason } = parseBody(declineBodySchema, await readJson(request));
    return ok(toPublicAdvance(await declineAdvance(employer, id, reason)));
  });
}
