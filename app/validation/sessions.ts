import * as z from "zod";

// The session list's buttons (My Profile for employees, Settings › Security for employers).

import {
  FORGET_DEVICE,
  REVOKE_SESSION,
  SESSION_LIST_INTENTS,
  SIGN_OUT_OTHERS,
} from "~/validation/session-intents";

export { FORGET_DEVICE, REVOKE_SESSION, SESSION_LIST_INTENTS, SIGN_OUT_OTHERS };

export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(SIGN_OUT_OTHERS) }),
  z.object({
    intent: z.literal(REVOKE_SESSION),
    sessionId: z.coerce
      .number({ message: "Choose a session" })
      .int("Choose a session")
      .positive("Choose a session")
      .max(2_147_483_647, "Choose a session"),
  }),
  z.object({
    intent: z.literal(FORGET_DEVICE),
    deviceId: z.coerce
      .number({ message: "Choose a device" })
      .int("Choose a device")
      .positive("Choose a device")
      .max(2_147_483_647, "Choose a device"),
  }),
]);
export type SessionActionInput = z.infer<typeof sessionActionSchema>;
