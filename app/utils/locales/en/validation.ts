// The employee's form and validation messages, refusals and toasts, keyed by their English text
// (natural-language keys, joined to the `messages` namespace).
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
  // /request and POST /api/advance-requests
  "Amount is required": "Amount is required",
  "Amount must be a number": "Amount must be a number",
  "Amount can have at most 2 decimal places":
    "Amount can have at most 2 decimal places",
  "Repayment periods must be 1, 2 or 3": "Repayment periods must be 1, 2 or 3",
  "You must agree to the terms and conditions":
    "You must agree to the terms and conditions",
  "Routing number must be exactly 9 digits":
    "Routing number must be exactly 9 digits",
  "Account number must be 4 to 17 digits":
    "Account number must be 4 to 17 digits",
  "Reason must be at most 500 characters":
    "Reason must be at most 500 characters",
  "Reason must be text": "Reason must be text",
  "Amount exceeds your available balance of {{amount}}":
    "Amount exceeds your available balance of {{amount}}",
  "Your account is not linked to an employer yet.":
    "Your account is not linked to an employer yet.",
  "Only employees can request an advance.":
    "Only employees can request an advance.",
  "You can only request an advance for your own account.":
    "You can only request an advance for your own account.",
  "You can no longer request advances: your employer has offboarded you.":
    "You can no longer request advances: your employer has offboarded you.",
  "There was an error submitting your request.":
    "There was an error submitting your request.",
  "Request submitted": "Request submitted",
  "Your grocery advance request has been submitted successfully.":
    "Your grocery advance request has been submitted successfully.",
  "employeeId must be a positive whole number":
    "employeeId must be a positive whole number",
  // /checkout
  "Invalid checkout parameters. Please try again.":
    "Invalid checkout parameters. Please try again.",
  "Enter your card number.": "Enter your card number.",
  "Your card number is incorrect.": "Your card number is incorrect.",
  "Your card number is incomplete.": "Your card number is incomplete.",
  "Enter the expiry date (MM / YY).": "Enter the expiry date (MM / YY).",
  "Enter the expiry date as MM / YY.": "Enter the expiry date as MM / YY.",
  "Enter the security code.": "Enter the security code.",
  "Your card's security code is incomplete.":
    "Your card's security code is incomplete.",
  "Success!": "Success!",
  "Your grocery advance has been processed. You can now use your virtual card.":
    "Your grocery advance has been processed. You can now use your virtual card.",
  "Payment setup failed": "Payment setup failed",
  "Payment failed": "Payment failed",
  "Card creation failed": "Card creation failed",
  "Unknown form": "Unknown form",
  "Payment succeeded but we couldn't create your grocery card.":
    "Payment succeeded but we couldn't create your grocery card.",
  "This advance request has not been approved yet.":
    "This advance request has not been approved yet.",
  "This advance request was declined.": "This advance request was declined.",
  "A grocery card has already been issued for this advance.":
    "A grocery card has already been issued for this advance.",
  "The payment for this advance has not been completed.":
    "The payment for this advance has not been completed.",
  "This advance request was cancelled.": "This advance request was cancelled.",
  "The processing fee of this advance is $0.00: there is nothing to pay. Confirm the advance to get your card.":
    "The processing fee of this advance is $0.00: there is nothing to pay. Confirm the advance to get your card.",
  "Your company pays the fee for this advance: there is nothing to pay. Confirm the advance to get your card.":
    "Your company pays the fee for this advance: there is nothing to pay. Confirm the advance to get your card.",
  "The amount {{amount}} does not match the approved advance of {{expected}}.":
    "The amount {{amount}} does not match the approved advance of {{expected}}.",
  "No approved advance of {{amount}} is waiting for payment.":
    "No approved advance of {{amount}} is waiting for payment.",
  "The card could not be issued. Please try again.":
    "The card could not be issued. Please try again.",
  "Your payment went through, and your grocery card is being issued. We'll keep trying; if it cannot be issued within {{minutes}} minutes, the processing fee comes back to your card and we'll e-mail you.":
    "Your payment went through, and your grocery card is being issued. We'll keep trying; if it cannot be issued within {{minutes}} minutes, the processing fee comes back to your card and we'll e-mail you.",
  "This payment could not be found.": "This payment could not be found.",
  "An error occurred during payment processing.":
    "An error occurred during payment processing.",
  "The card payment provider is not available. Please try again later.":
    "The card payment provider is not available. Please try again later.",
  "We couldn't set up the payment. Please try again.":
    "We couldn't set up the payment. Please try again.",
  "Failed to set up payment": "Failed to set up payment",
  "Failed to create grocery card": "Failed to create grocery card",
  Error: "Error",
  // /cards/:id
  "Card not found.": "Card not found.",
  "This card can only be used at grocery stores.":
    "This card can only be used at grocery stores.",
  "This shop is not on the card's list of superstores, and purchases in its category ({{code}}) are allowed only there.":
    "This shop is not on the card's list of superstores, and purchases in its category ({{code}}) are allowed only there.",
  "This card is frozen.": "This card is frozen.",
  "This card is not active.": "This card is not active.",
  "This card has expired.": "This card has expired.",
  "This card can only be used for purchases in US dollars.":
    "This card can only be used for purchases in US dollars.",
  "The purchase amount must be more than $0.00.":
    "The purchase amount must be more than $0.00.",
  "The purchase of {{amount}} is more than the card's remaining balance of {{remaining}}.":
    "The purchase of {{amount}} is more than the card's remaining balance of {{remaining}}.",
  "Simulated purchases exist only in sandbox mode: with Stripe, purchases come from the card network.":
    "Simulated purchases exist only in sandbox mode: with Stripe, purchases come from the card network.",
  "This card is already closed.": "This card is already closed.",
  "The full card details are shown by the card provider's secure display, which needs JavaScript. Please enable it to see them.":
    "The full card details are shown by the card provider's secure display, which needs JavaScript. Please enable it to see them.",
  "This card is closed: its details are no longer shown.":
    "This card is closed: its details are no longer shown.",
  "Card details come from the built-in sandbox here: press Show card details on the card's page.":
    "Card details come from the built-in sandbox here: press Show card details on the card's page.",
  "A refund cannot be more than the card has spent.":
    "A refund cannot be more than the card has spent.",
  "Not applied: the refund is more than the card has spent.":
    "Not applied: the refund is more than the card has spent.",
  "Enter an amount in dollars, like 50.00":
    "Enter an amount in dollars, like 50.00",
  "Merchant name": "Merchant name",
  "Enter the merchant's name": "Enter the merchant's name",
  "Choose the merchant's category": "Choose the merchant's category",
  "Must be at most 100 characters": "Must be at most 100 characters",
  "Please confirm that you want to close this card for good.":
    "Please confirm that you want to close this card for good.",
  "Card frozen": "Card frozen",
  "Every purchase is declined until you unfreeze it.":
    "Every purchase is declined until you unfreeze it.",
  "Card unfrozen": "Card unfrozen",
  "You can shop again.": "You can shop again.",
  "Card closed": "Card closed",
  "Nothing was left on it to return.": "Nothing was left on it to return.",
  "The {{left}} left on it comes off your upcoming deductions.":
    "The {{left}} left on it comes off your upcoming deductions.",
  "The {{left}} left on it comes off your upcoming deductions; {{credit}} of it is more than you owe, and is paid back to you.":
    "The {{left}} left on it comes off your upcoming deductions; {{credit}} of it is more than you owe, and is paid back to you.",
  "Refund received": "Refund received",
  "{{amount}} from {{merchant}} is back on the card.":
    "{{amount}} from {{merchant}} is back on the card.",
  "Choose an action on this page.": "Choose an action on this page.",
  "Declined by Stripe ({{reason}}).": "Declined by Stripe ({{reason}}).",
  "The card details could not be shown: the card payment provider is not available. Please try again later.":
    "The card details could not be shown: the card payment provider is not available. Please try again later.",
  // The account's sessions and its own trail (/profile; the session list on /settings too)
  "Active now": "Active now",
  "{{minutes}} minutes ago": "{{minutes}} minutes ago",
  "1 hour ago": "1 hour ago",
  "{{hours}} hours ago": "{{hours}} hours ago",
  Unknown: "Unknown",
  "Unknown device": "Unknown device",
  "{{browser}} on {{system}}": "{{browser}} on {{system}}",
  "Not signed out": "Not signed out",
  "Device forgotten": "Device forgotten",
  "Its next sign-in is treated as a new device's.":
    "Its next sign-in is treated as a new device's.",
  "Signed out": "Signed out",
  "1 other session has been signed out.":
    "1 other session has been signed out.",
  "{{count}} other sessions have been signed out.":
    "{{count}} other sessions have been signed out.",
  System: "System",
  "Request filed": "Request filed",
  "Request approved": "Request approved",
  "Request declined": "Request declined",
  "Request expired": "Request expired",
  "Payment authorized": "Payment authorized",
  "Fee charged": "Fee charged",
  "Hold released": "Hold released",
  "Card issued": "Card issued",
  "Unspent card balance returned": "Unspent card balance returned",
  "Employee added": "Employee added",
  "Employee offboarded": "Employee offboarded",
  "Credit netted against what is owed": "Credit netted against what is owed",
  "Credit paid back": "Credit paid back",
  "Reimbursement not paid by payroll": "Reimbursement not paid by payroll",
  "Signed in": "Signed in",
  "Password reset e-mailed": "Password reset e-mailed",
  "Password reset by e-mail link": "Password reset by e-mail link",
  "E-mail address confirmed": "E-mail address confirmed",
  "Session revoked": "Session revoked",
  "Two-factor sign-in turned on": "Two-factor sign-in turned on",
  "Two-factor sign-in turned off": "Two-factor sign-in turned off",
  "Invitation accepted": "Invitation accepted",
  "Deduction written off": "Deduction written off",
  "Reason: {{reason}}": "Reason: {{reason}}",
  "Under the auto-approval limit": "Under the auto-approval limit",
  "A trusted device forgotten": "A trusted device forgotten",
  "Released {{amount}}; nothing charged":
    "Released {{amount}}; nothing charged",
  "Held {{authorized}}, charged {{captured}}, released {{released}}":
    "Held {{authorized}}, charged {{captured}}, released {{released}}",
  "Fee of {{amount}} paid by the company; nothing charged to the employee":
    "Fee of {{amount}} paid by the company; nothing charged to the employee",
};

export default validation;
