import { z } from "zod";
import { listUpcomingDeductions } from "~/models/repayments/index.server";
import { deductionSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/payroll-deductions/upcoming",
    summary: "The signed-in employee's unpaid deductions, earliest first",
    role: "EMPLOYEE",
    response: z.array(deductionSchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user }) =>
    (await listUpcomingDeductions(user)).map((d) => ({
      id: d.id,
      amount: d.amount,
      deductionDate: d.deductionDate.toISOString(),
    })),
);
