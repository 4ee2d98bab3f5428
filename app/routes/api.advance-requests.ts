import {
  requestAdvance,
  toPublicAdvance,
} from "~/models/advances/index.server";
import { requestApiSchema } from "~/validation/advance";
import { advanceRequestSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// The body's employeeId, when present, must be the caller's own. This module is also the
// parent of /api/advance-requests/* (employee, pending, all, $id.approve...): each child is a
// resource route with its own loader/action, so nothing here runs for them.
export const { contract, loader, action } = apiRoute(
  {
    method: "POST",
    path: "/api/advance-requests",
    summary:
      "Request an advance ($200–$500, 1–3 periods); under the company's auto-approval limit it is approved at once",
    role: "EMPLOYEE",
    body: requestApiSchema,
    status: 201,
    response: advanceRequestSchema,
    errors: [400, 401, 403, 409],
    // Over the balance is a refusal of the amount field, like the form's (DESIGN §5).
    statusText: {
      400: "Invalid input, naming each field; an amount over the available balance is refused here on `amount` ('Amount exceeds your available balance of $X'); a rule of the employee's state or company (cooling-off, yearly limit, state not enabled, no-cost option) or too little left of the next paycheck is refused with a message naming it",
      409: "The employee has no signed wage-deduction authorization in force (never signed, or withdrawn): 'Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.'; or a request with the same Idempotency-Key is still in progress",
    },
  },
  async ({ user, body }) => toPublicAdvance(await requestAdvance(user, body)),
);
