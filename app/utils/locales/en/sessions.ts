// The `sessions` namespace in English: the signed-in user's sessions and trusted devices
// (/profile, and /settings for the employer; docs/i18n-glossary.md).
const sessions = {
  intro:
    "Where you are signed in. If you see a device you do not recognise, sign it out and change your password.",
  list: "Active sessions",
  thisDevice: "This device",
  facts: "Address {{ip}} · Last seen: {{lastSeen}} · Signed in {{signedIn}}",
  signOutOne: "Sign out {{device}}, last seen {{lastSeen}}",
  signOut: "Sign out",
  signOutOthers: "Sign out other sessions",
  trusted: {
    title: "Trusted devices",
    intro:
      "Browsers that signed in to this account. They can still sign in when someone else's wrong guesses have locked your username. Forget any you do not recognise; changing your password forgets them all.",
    none: "No trusted devices.",
    thisBrowser: "This browser",
    facts: "Last signed in: {{lastUsed}} · Trusted since {{trustedSince}}",
    forgetOne: "Forget {{device}}, last signed in {{lastUsed}}",
    forget: "Forget",
  },
};

export default sessions;
