import { parseWithZod } from "~/validation/form-order";
import { json, redirect } from "@remix-run/node";
import type { SecurityActionData } from "~/validation/mfa";
import {
  cancelMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  startMfaEnrolment,
  type SessionUser,
} from "~/models/people/index.server";
import { clientInfo } from "~/web/session.server";
import {
  MFA_CANCEL,
  MFA_CONFIRM,
  MFA_DISABLE,
  MFA_START,
  mfaConfirmSchema,
  mfaDisableSchema,
} from "~/validation/mfa";
import type { AppError } from "~/utils/errors";
import {
  errorToast,
  redirectWithSuccess,
  type Toast,
} from "~/web/toast.server";
import { attempt, replyToFailure } from "~/web/action.server";

// The two-factor section's posts on /settings (DESIGN §5): start, confirm (the
// recovery codes shown once), cancel, turn off; each answers the section's data and a toast.

/** What the security section shows after a two-factor post. */
export type MfaActionData = { security: SecurityActionData; toast: Toast };

/** The first message of a failed submission, for the toast. */
function firstError(submission: {
  error?: Record<string, string[] | null> | null;
}) {
  const lists = Object.values(submission.error ?? {});
  return lists.find((l) => l?.length)?.[0] ?? "Check the form and try again.";
}

/** Two-factor sign-in: start, confirm (recovery codes shown once), cancel, turn off. */
export async function mfaAction(
  request: Request,
  user: SessionUser["user"],
  intent: string,
  formData: FormData,
) {
  return attempt(
    async () => {
      if (intent === MFA_START) {
        await startMfaEnrolment(user);
        return redirect("/settings#security");
      }
      if (intent === MFA_CANCEL) {
        await cancelMfaEnrolment(user);
        return redirect("/settings#security");
      }
      if (intent === MFA_CONFIRM) {
        const submission = parseWithZod(formData, { schema: mfaConfirmSchema });
        if (submission.status !== "success") {
          return json<MfaActionData>(
            {
              security: { confirm: submission.reply({ hideFields: ["code"] }) },
              toast: errorToast("Two-factor sign-in", firstError(submission)),
            },
            { status: 400 },
          );
        }
        const recoveryCodes = await confirmMfaEnrolment(
          user,
          submission.value.code,
        );
        // Shown once, in this response: only their hashes are kept.
        return json<MfaActionData>({
          security: { recoveryCodes },
          toast: {
            type: "success",
            title: "Two-factor sign-in is on",
            description: "Save your recovery codes now.",
          },
        });
      }
      const submission = parseWithZod(formData, { schema: mfaDisableSchema });
      if (submission.status !== "success") {
        return json<MfaActionData>(
          {
            security: {
              disable: submission.reply({ hideFields: ["password", "code"] }),
            },
            toast: errorToast("Two-factor sign-in", firstError(submission)),
          },
          { status: 400 },
        );
      }
      await disableMfa(user, submission.value, clientInfo(request).ip);
      return redirectWithSuccess(
        "/settings",
        "Two-factor sign-in is off",
        "You now sign in with your password only.",
      );
    },
    mfaFailure(intent, formData),
  );
}

/** A refused two-factor step: its form's reply (or the section's message) and a toast. */
function mfaFailure(intent: string, formData: FormData) {
  return (error: AppError): MfaActionData => {
    const options = { fields: true as const };
    const security: SecurityActionData =
      intent === MFA_DISABLE
        ? {
            disable: replyToFailure(
              parseWithZod(formData, { schema: mfaDisableSchema }),
              error,
              { ...options, hideFields: ["password", "code"] },
            ),
          }
        : intent === MFA_CONFIRM
          ? {
              confirm: replyToFailure(
                parseWithZod(formData, { schema: mfaConfirmSchema }),
                error,
                { ...options, hideFields: ["code"] },
              ),
            }
          : { sessionError: error.message };
    return {
      security,
      toast: errorToast("Two-factor sign-in", error.message),
    };
  };
}
