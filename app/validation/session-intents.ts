// The session list's buttons' intents, without zod: the list renders with the page (a module that
// builds a schema would bring zod into the page's first JavaScript, decision 1405).
export const SIGN_OUT_OTHERS = "sign-out-others";
export const REVOKE_SESSION = "revoke-session";
