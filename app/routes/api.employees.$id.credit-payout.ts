import { z } from "zod";
import { recordLeaverPayout } from "~/models/payroll/index.server";
import { parseId } from "~/utils/ids";
import { creditPayoutResponseSchema } from "~/validation/api-responses";
import { apiRoute, idParam } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/employees/{id}/credit-payout",
    summary:
      "Record that the company paid a leaver what the program owes them back (their whole credit): posted to the ledger, which brings their credit to 0. Only for a leaver (409 otherwise: an employee still paid gets it on the next payroll run's reimbursement line), and only when something is owed back (409)",
    role: "EMPLOYER",
    capability: "manageEmployees",
    params: idParam(parseId, "Employee not found."),
    body: z.object({
      reference: z
        .string()
        .max(100)
        .optional()
        .describe(
          "The payment's reference in the company's books (at most 100 characters)",
        ),
    }),
    response: creditPayoutResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  async ({ user, params: id, body }) => recordLeaverPayout(user, id, body),
);
