import { z } from "zod";
import { listEmployeesForApi } from "~/models/reports/index.server";
import { employeeApiItemSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// By first then last name, a page at a time; leavers stay, marked OFFBOARDED.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/employees",
    summary: "The employer's employees",
    role: "EMPLOYER",
    response: z.array(employeeApiItemSchema),
    errors: [400, 401, 403],
    paged: true,
  },
  async ({ user, page }) => listEmployeesForApi(user, page),
);
