import * as z from "zod";
import { idField } from "./id-field";

// The session list's buttons (My Profile for employees, Settings › Security for employers).

import {
  FORGET_DEVICE,
  REVOKE_SESSION,
  SESSION_LIST_INTENTS,
  SIGN_OUT_OTHERS,
} from "~/validation/session-intents";

export { SESSION_LIST_INTENTS };

export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(SIGN_OUT_OTHERS) }),
  z.object({
    intent: z.literal(REVOKE_SESSION),
    sessionId: idField("Choose a session"),
  }),
  z.object({
    intent: z.literal(FORGET_DEVICE),
    deviceId: idField("Choose a device"),
  }),
]);
export type SessionActionInput = z.infer<typeof sessionActionSchema>;
