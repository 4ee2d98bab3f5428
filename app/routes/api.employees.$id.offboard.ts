import { z } from "zod";
import { offboardEmployee } from "~/models/payroll/index.server";
import { parseId } from "~/utils/ids";
import { offboardedSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/employees/{id}/offboard",
    summary:
      "Offboard an employee who leaves: their cards are closed (unspent balances returned), pending and unpaid requests cancelled, new requests refused, and what they owe moved onto their last pay date (from the start of today's pay cycle to the company's pay date after next, not before their latest card). Offboarding again with another date corrects it until it has passed (409 once passed, or for the same date)",
    role: "EMPLOYER",
    capability: "manageEmployees",
    params: idParam(parseId, "Employee not found."),
    body: z.object({
      lastPayDate: z
        .string()
        .describe("yyyy-MM-dd: the employee's last paycheck"),
    }),
    response: offboardedSchema,
    errors: [400, 401, 403, 404, 409],
  },
  // The schema picks the answer's fields (the model adds the page's name and amount).
  async ({ user, params: id, body }) =>
    offboardedSchema.parse(await offboardEmployee(user, id, body)),
);
