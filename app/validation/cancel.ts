import * as z from "zod";
import { idField } from "./id-field";

const CANCEL_REQUEST_NOT_FOUND = "Advance request not found.";

/**
 * The 'Cancel request' button's form (on /history and the dashboard's recent activity, both
 * posting to /history): the request id and where to go back to.
 */
export const cancelFormSchema = z.object({
  intent: z.literal("cancel", { error: "Unknown action" }),
  requestId: idField(CANCEL_REQUEST_NOT_FOUND),
  redirectTo: z.string().max(200).optional(),
});
