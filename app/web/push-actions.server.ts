import { json } from "@remix-run/node";
import type { User } from "#db/schema";
import {
  getPushChoices,
  listPushDevices,
  removePushDevice,
  removePushEndpoint,
  savePushSubscription,
  setPushChoices,
} from "~/models/notifications/index.server";
import { vapidKeys } from "~/services/push/push.server";
import type { Language } from "~/utils/i18n";
import {
  PUSH_CHOICES_INTENT,
  PUSH_INTENTS,
  PUSH_REMOVE_INTENT,
  PUSH_SUBSCRIBE_INTENT,
  pushChoicesSchema,
  pushRemoveSchema,
  pushSubscribeSchema,
  pushTypesFor,
  pushUnsubscribeSchema,
} from "~/validation/push";
import { attempt } from "./action.server";
import { clientInfo } from "./auth.server";
import { redirectWithSuccess } from "./toast.server";

// The notification settings of /profile and /settings: their data, and
// their posts (this device's toggle, removing a device, the types chosen).

/** What the settings show: the devices, the types of the person's role and those on, the key. */
export async function pushSettings(
  user: User,
  sessionId: number,
  language: Language,
) {
  const [devices, on] = await Promise.all([
    listPushDevices(user.id, sessionId, language),
    getPushChoices(user),
  ]);
  return {
    devices,
    types: [...pushTypesFor(user.role)],
    on,
    vapidPublicKey: vapidKeys().publicKey,
  };
}

export type PushFailure = { pushError: string };

/**
 * Answers a post of the notification settings: done, a redirect back to `here` with a toast;
 * refused, `{ pushError }` with 400 or the refusal's status. Null for a post that is not theirs.
 */
export async function pushSettingsAction(
  request: Request,
  user: User,
  sessionId: number,
  formData: FormData,
  here: string,
) {
  const intent = formData.get("intent");
  if (!PUSH_INTENTS.includes(intent)) return null;
  const refuse = (message: string, status = 400) =>
    json<PushFailure>({ pushError: message }, { status });
  const fields = Object.fromEntries(formData);
  if (intent === PUSH_CHOICES_INTENT) {
    const parsed = pushChoicesSchema.safeParse({
      intent,
      on: formData.getAll("on"),
    });
    if (!parsed.success) return refuse(parsed.error.issues[0].message);
    await setPushChoices(user, parsed.data.on);
    return redirectWithSuccess(
      here,
      "Notification choices saved",
      "Your devices get the notifications you chose.",
    );
  }
  if (intent === PUSH_REMOVE_INTENT) {
    const parsed = pushRemoveSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0].message);
    return attempt(
      async () => {
        await removePushDevice(user, parsed.data.deviceId);
        return redirectWithSuccess(
          here,
          "Device removed",
          "It gets no more notifications.",
        );
      },
      (error): PushFailure => ({ pushError: error.message }),
    );
  }
  if (intent === PUSH_SUBSCRIBE_INTENT) {
    const parsed = pushSubscribeSchema.safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues[0].message);
    return attempt(
      async () => {
        await savePushSubscription(
          user,
          sessionId,
          parsed.data,
          clientInfo(request).userAgent,
        );
        return redirectWithSuccess(
          here,
          "Notifications on",
          "This device gets your notifications.",
        );
      },
      (error): PushFailure => ({ pushError: error.message }),
    );
  }
  const parsed = pushUnsubscribeSchema.safeParse(fields);
  if (!parsed.success) return refuse(parsed.error.issues[0].message);
  await removePushEndpoint(user, parsed.data.endpoint);
  return redirectWithSuccess(
    here,
    "Notifications off",
    "This device gets no more notifications.",
  );
}
