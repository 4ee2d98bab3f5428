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
  // Settings › Security (the employer's two-factor sign-in; the section's cards).
  security: {
    heading: "Security",
    mfaTitle: "Two-factor sign-in",
    sessionsTitle: "Active sessions",
    off: "Off. Protect the account that approves advances and runs payroll: after your password, sign-in will also ask for a code from an authenticator app on your phone.",
    setUp: "Set up two-factor sign-in",
    scan: "Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key by hand.",
    enterCode: "Enter the 6-digit code the app shows to finish.",
    qrAlt: "QR code for your authenticator app",
    manualKey: "Key for manual entry",
    code: "Code from the app",
    turnOn: "Turn on two-factor sign-in",
    cancel: "Cancel set-up",
    codesSaved: "Two-factor sign-in is on. Save these recovery codes now.",
    codesOnce:
      "Each code signs you in once if you lose your phone. They are shown only this once.",
    codesList: "Recovery codes",
    on: "On since {{since}}. {{left}} of 10 recovery codes left.",
    turnOff: "Turn off two-factor sign-in",
    password: "Password",
    codeOrRecovery: "Code from the app (or a recovery code)",
  },
};

export default sessions;
