import { z } from "zod";
import { listOwnCardDtos } from "~/models/cards/index.server";
import { ownCardSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

// cardNumber is the masked number; no full number or CVC is ever stored.
export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/virtual-cards",
    summary:
      "The signed-in employee's grocery cards, each with its spent amount and remaining balance",
    role: "EMPLOYEE",
    response: z.array(ownCardSchema),
    errors: [400, 401, 403],
    paged: "asked",
  },
  async ({ user }) => listOwnCardDtos(user),
);
