import type { z } from "zod";
import { quoteForEmployee } from "~/models/advances/index.server";
import { toCents } from "~/utils/money";
import { quoteJson } from "~/utils/quote";
import { quoteQuerySchema } from "~/validation/advance";
import { advanceQuoteSchema } from "~/validation/api-responses";
import { apiRoute } from "~/web/api-contract.server";

export const { contract, loader, action } = apiRoute(
  {
    method: "GET",
    path: "/api/advance-quote",
    summary:
      "The cost of an advance before requesting it (?amount=300&repaymentPeriods=1): fee, total, APR, deductions, terms version",
    role: "EMPLOYEE",
    query: quoteQuerySchema,
    response: advanceQuoteSchema,
    errors: [400, 401, 403],
  },
  async ({ user, query }) => {
    const { amount, repaymentPeriods } = query as z.output<
      typeof quoteQuerySchema
    >;
    const quote = await quoteForEmployee(
      user,
      toCents(amount),
      repaymentPeriods,
    );
    return quoteJson(quote);
  },
);
