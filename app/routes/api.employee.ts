import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getEmployeeRecord } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";
import { notFound } from "~/utils/errors";

// GET /api/employee: the signed-in employee's record (SPEC §3/§7): id, availableBalance,
// payCycleEndDate.
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiRole(request, "EMPLOYEE");
    const employee = await getEmployeeRecord(user);
    if (!employee) throw notFound("Employee record not found");
    return ok({
      id: employee.id,
      availableBalance: employee.availableBalance,
      payCycleEndDate: employee.payCycleEndDate?.toISOString() ?? null,
    });
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
