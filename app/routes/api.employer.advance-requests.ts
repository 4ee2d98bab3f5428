import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listEmployerRequestSummaries } from "~/models/employer.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/utils/api.server";

// GET /api/employer/advance-requests: id, status, amount and requestDate of every request of
// the employer's employees (what the reports read). Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return ok(await listEmployerRequestSummaries(employer));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
