import {
  deviceListForPage,
  forgetDevice,
  applySessionAction,
  sessionListForPage,
} from "~/models/people/index.server";
import {
  sessionActionSchema,
  SESSION_LIST_INTENTS,
} from "~/validation/sessions";
import { attempt } from "./action.server";
import { errorToast, redirectWithSuccess, type Toast } from "./toast.server";
import { json } from "@remix-run/node";
import type { Language } from "~/utils/i18n";
import { getDeviceToken } from "./session.server";

/** The session list's data: the live sessions and the trusted devices, this browser's marked. */
export async function sessionLists(
  request: Request,
  userId: number,
  sessionId: number,
  language: Language = "en",
) {
  const [sessions, devices] = await Promise.all([
    sessionListForPage(userId, sessionId, language),
    deviceListForPage(userId, await getDeviceToken(request), language),
  ]);
  return { sessions, devices };
}

/** Why the session list's post did nothing: shown above the list and as a toast. */
export type SessionFailure = { sessionError: string; toast: Toast };

/**
 * "Sign out other sessions", signing out one session and forgetting a trusted device, from the
 * session list of /profile and /settings: done, a redirect back to `here` with a toast;
 * refused, the page's data built by `shape` from the message (400 for a malformed post, else
 * the refusal's status). Null for a post that is not the list's: the page's own to answer.
 */
export async function sessionListAction<D>(
  userId: number,
  sessionId: number,
  formData: FormData,
  here: string,
  shape: (failure: SessionFailure) => D,
) {
  if (!SESSION_LIST_INTENTS.includes(formData.get("intent"))) return null;
  const failure = (message: string) =>
    shape({
      sessionError: message,
      toast: errorToast("Not signed out", message),
    });
  const parsed = sessionActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return json(failure(parsed.error.issues[0].message), { status: 400 });
  const input = parsed.data;
  if (input.intent === "forget-device")
    return attempt(
      async () => {
        await forgetDevice(userId, input.deviceId);
        return redirectWithSuccess(
          here,
          "Device forgotten",
          "Its next sign-in is treated as a new device's.",
        );
      },
      (error) => failure(error.message),
    );
  return attempt(
    async () => {
      const count = await applySessionAction(userId, sessionId, input);
      return redirectWithSuccess(
        here,
        "Signed out",
        count === 1
          ? "1 other session has been signed out."
          : `${count} other sessions have been signed out.`,
      );
    },
    (error) => failure(error.message),
  );
}
