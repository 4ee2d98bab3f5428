// The employee's form and validation messages, refusals and toasts, keyed by their English text
// (natural-language keys, joined to the `messages` namespace; docs/decisions/1914-…).
const validation = {
  // /profile
  "Enter your current password to change it":
    "Enter your current password to change it",
  "Current password is incorrect": "Current password is incorrect",
  "Too many password attempts. Please wait a few minutes and try again.":
    "Too many password attempts. Please wait a few minutes and try again.",
  "E-mail choices saved": "E-mail choices saved",
  "We will e-mail you as you chose.": "We will e-mail you as you chose.",
  "Profile updated": "Profile updated",
  "Your profile and password have been saved.":
    "Your profile and password have been saved.",
  "Your profile has been saved.": "Your profile has been saved.",
  "Language saved": "Language saved",
  "Your pages and e-mails are in the language you chose.":
    "Your pages and e-mails are in the language you chose.",
  "Choose a language": "Choose a language",
};

export default validation;
