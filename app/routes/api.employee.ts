import { getEmployeeRecord } from "~/models/advance.server";
import { notFound } from "~/utils/errors";
import { employeeRecordSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employee",
    summary: "The signed-in employee's record",
    role: "EMPLOYEE",
    response: employeeRecordSchema,
    errors: [401, 403, 404],
  },
  async ({ user }) => {
    const employee = await getEmployeeRecord(user);
    if (!employee) throw notFound("Employee record not found");
    return {
      id: employee.id,
      availableBalance: employee.availableBalance,
      payCycleEndDate: employee.payCycleEndDate?.toISOString() ?? null,
    };
  },
);
