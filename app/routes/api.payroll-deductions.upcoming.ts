import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listUpcomingDeductions } from "~/models/advance.server";
import {
  handleApi,
  methodNotAllowed,
  ok,
  requireApiRole,
} from "~/web/api.server";

// GET /api/payroll-deductions/upcoming: the employee's unpaid deductions, earliest first
// (SPEC §7: id, amount, deductionDate).
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiRole(request, "EMPLOYEE");
    const deductions = await listUpcomingDeductions(user);
    return ok(
      deductions.map((d) => ({
        id: d.id,
        amount: d.amount,
        deductionDate: d.deductionDate.toISOString(),
      })),
    );
  });
}

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed("GET");
}
