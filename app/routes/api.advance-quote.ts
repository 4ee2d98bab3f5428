import { quoteForEmployee } from "~/models/advances/index.server";
import { badRequest, fieldErrors } from "~/utils/errors";
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
    response: advanceQuoteSchema,
    errors: [400, 401, 403],
  },
  async ({ user, request }) => {
    const search = new URL(request.url).searchParams;
    const parsed = quoteQuerySchema.safeParse({
      amount: search.get("amount") ?? undefined,
      repaymentPeriods: search.get("repaymentPeriods") ?? undefined,
    });
    if (!parsed.success)
      throw badRequest(
        parsed.error.issues[0]?.message ?? "Invalid quote",
        fieldErrors(parsed.error),
      );
    const quote = await quoteForEmployee(
      user,
      toCents(parsed.data.amount),
      parsed.data.repaymentPeriods,
    );
    return quoteJson(quote);
  },
);
