import * as z from "zod";
import { parseId } from "./employer";

export const CANCEL_REQUEST_NOT_FOUND = "Advance request not found.";

/**
 * The 'Cancel request' button's form (on /history and the dashboard's recent activity, both
 * posting to /history): the request id and where to go back to.
 */
export const cancelFormSchema = z.object({
  intent: z.literal("cancel", { error: "Unknown action" }),
  requestId: z
    .string({ error: CANCEL_REQUEST_NOT_FOUND })
    .transform((value, ctx) => {
      const id = parseId(value);
      if (id === null) {
        ctx.addIssue({ code: "custom", message: CANCEL_REQUEST_NOT_FOUND });
        return z.NEVER;
      }
      return id;
    }),
  redirectTo: z.string().max(200).optional(),
});
