import { getEmployeeRecord } from "~/models/people/index.server";
import { creditPaybackOf } from "~/models/ledger/index.server";
import { db } from "~/utils/db.server";
import { notFound } from "~/utils/errors";
import { fromCents } from "~/utils/money";
import { employeeRecordSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

import { employeeFiguresOf } from "~/models/reports/index.server";
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employee",
    summary:
      "The signed-in employee's record, with what they may request, owe and are owed back",
    role: "EMPLOYEE",
    response: employeeRecordSchema,
    errors: [401, 403, 404],
  },
  async ({ user }) => {
    const employee = await getEmployeeRecord(user);
    if (!employee) throw notFound("Employee record not found");
    // The ledger's figures, as every surface shows them (employeeFigures).
    const figures = await employeeFiguresOf(db(), employee.id);
    const payback = await creditPaybackOf(db(), employee.id);
    return {
      id: employee.id,
      availableBalance: fromCents(figures.availableCents),
      payCycleEndDate: employee.payCycleEndDate?.toISOString() ?? null,
      owed: fromCents(figures.owedCents),
      availableToRequest: fromCents(figures.availableToRequestCents),
      credit: fromCents(figures.creditCents),
      creditPayback: payback
        ? { by: payback.by, payDate: payback.payDate }
        : null,
    };
  },
);
