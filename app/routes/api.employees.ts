import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listEmployeesForApi } from "~/models/employee-directory.server";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { pagedJson, readApiPage } from "~/web/pagination.server";

// GET /api/employees: the employer's employees (id, firstName, lastName, email, department,
// availableBalance), by first then last name, a page at a time (?page=, ?pageSize= up to 500,
// default 100; X-Total-Count and Link rel="next" headers). Employers only.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const employer = await requireApiRole(request, "EMPLOYER");
    const page = readApiPage(request);
    return pagedJson(request, await listEmployeesForApi(employer, page));
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
