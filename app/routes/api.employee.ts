import { getEmployeeRecord } from "~/models/people/index.server";
import { owedCents } from "~/models/ledger/index.server";
import { db } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { employeeRecordSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employee",
    summary: "The signed-in employee's record, with what they owe",
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
      owed: fromCents(await owedCents(db(), employee.id)),
    };
  },
);
