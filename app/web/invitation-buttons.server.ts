import type { User } from "#db/schema";
import {
  resendInvitation,
  revokeInvitation,
} from "~/models/companies/index.server";
import { isAppError } from "~/utils/errors";
import { attempt } from "./action.server";
import { redirectWithError, redirectWithSuccess } from "./toast.server";

/**
 * A one-button form's outcome as a toast on `back`: its success, or its refusal (another
 * company's record, one no longer pending, the last owner) as an error toast. A database
 * outage is still the 503 page (attempt).
 */
export async function toastOutcome(
  back: string,
  run: () => Promise<Response>,
): Promise<Response> {
  return attempt(
    async () => {
      try {
        return await run();
      } catch (error) {
        if (!isAppError(error)) throw error;
        return redirectWithError(back, "Not changed", error.message);
      }
    },
    (error) => ({ message: error.message }),
  );
}

/** The invitations tables' Resend and Revoke buttons (the employees list and the team page). */
export function invitationButtonAction(
  actor: User,
  intent: "resend-invitation" | "revoke-invitation",
  id: number,
  back: string,
): Promise<Response> {
  const resend = intent === "resend-invitation";
  return toastOutcome(back, async () => {
    const row = resend
      ? await resendInvitation(actor, id)
      : await revokeInvitation(actor, id);
    return redirectWithSuccess(
      back,
      resend ? "Invitation sent again" : "Invitation revoked",
      resend
        ? `A new link is on its way to ${row.email}; the old one no longer works.`
        : `The link sent to ${row.email} no longer works.`,
    );
  });
}
