import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listEmployeesForApi } from "~/models/employer.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/utils/api.server";

// GET /api/employees: the employer's employees (id, firstName, lastName, email, department,
// availableBalance). Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    return ok(await listEmployeesForApi(employer));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
