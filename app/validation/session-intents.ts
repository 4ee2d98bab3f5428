// The session list's buttons' intents, without zod: the list renders with the page (a module that
// builds a schema would bring zod into the page's first JavaScript).
export const SIGN_OUT_OTHERS = "sign-out-others";
export const REVOKE_SESSION = "revoke-session";
export const FORGET_DEVICE = "forget-device";

/** Every intent the session list's forms post (handled by sessionListAction). */
export const SESSION_LIST_INTENTS: readonly unknown[] = [
  SIGN_OUT_OTHERS,
  REVOKE_SESSION,
  FORGET_DEVICE,
];
