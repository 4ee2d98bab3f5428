// The `messages` namespace's entries in English for refusals and notices the server writes in
// English (keyed by the English text; spread into it by ./messages). tests/unit/i18n-catalogue.test.ts
// finds every such text in app/ and fails when one has no entry here or in another catalogue.
const refusalMessages = {
  "We couldn't create your grocery card, so the processing fee was refunded to your card. This request is cancelled; you can request a new advance.":
    "We couldn't create your grocery card, so the processing fee was refunded to your card. This request is cancelled; you can request a new advance.",
  "We couldn't create your grocery card. This request is cancelled and the processing fee is being given back to your card; you can request a new advance.":
    "We couldn't create your grocery card. This request is cancelled and the processing fee is being given back to your card; you can request a new advance.",
  "Only employees can cancel their requests.":
    "Only employees can cancel their requests.",
  "Only employees sign a wage-deduction authorization.":
    "Only employees sign a wage-deduction authorization.",
  "Only employees pay for their advances.":
    "Only employees pay for their advances.",
  "Not applied: the purchase it refunded was reversed.":
    "Not applied: the purchase it refunded was reversed.",
  "Only employers can add employees.": "Only employers can add employees.",
  "This Idempotency-Key was already used with a different request.":
    "This Idempotency-Key was already used with a different request.",
  "A request with this Idempotency-Key is still in progress. Please retry shortly.":
    "A request with this Idempotency-Key is still in progress. Please retry shortly.",
  "A test event from Grocery Advance: this endpoint is reachable and its signature verifies.":
    "A test event from Grocery Advance: this endpoint is reachable and its signature verifies.",
  "The endpoint must be an https:// address":
    "The endpoint must be an https:// address",
  "Delivered. The link is not kept.": "Delivered. The link is not kept.",
  "Enter the last pay date as a date like 2026-11-27.":
    "Enter the last pay date as a date like 2026-11-27.",
  "Only employers can run payroll.": "Only employers can run payroll.",
  "Only employers can record payroll results.":
    "Only employers can record payroll results.",
  "Use a date like 2026-11-22.": "Use a date like 2026-11-22.",
  "Only employers can export payroll.": "Only employers can export payroll.",
  "User not found": "User not found",
  "Session not found": "Session not found",
  "This is the session you are using. Use Sign out to end it.":
    "This is the session you are using. Use Sign out to end it.",
  "Only employers can see reports.": "Only employers can see reports.",
  "The key was shown once, in the first answer to this request, and is not stored. If it was lost, revoke it and create another.":
    "The key was shown once, in the first answer to this request, and is not stored. If it was lost, revoke it and create another.",
  "The client secret was given once, in the first answer to this request, and is not stored. Send the request again without this Idempotency-Key: it reuses the same payment intent.":
    "The client secret was given once, in the first answer to this request, and is not stored. Send the request again without this Idempotency-Key: it reuses the same payment intent.",
  "The ephemeral key was given once, in the first answer to this request, and is not stored. Ask for a new one with a new nonce.":
    "The ephemeral key was given once, in the first answer to this request, and is not stored. Ask for a new one with a new nonce.",
  "The new signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, rotate the secret again.":
    "The new signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, rotate the secret again.",
  "The signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, remove the endpoint and add it again.":
    "The signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, remove the endpoint and add it again.",
  "Your card was declined.": "Your card was declined.",
  "This payment was canceled.": "This payment was canceled.",
  "This payment was already captured.": "This payment was already captured.",
  "This payment was not captured, so it has no refund.":
    "This payment was not captured, so it has no refund.",
  "The card details could not be shown. Please press Show card details again.":
    "The card details could not be shown. Please press Show card details again.",
  "You don't have permission to access this page.":
    "You don't have permission to access this page.",
  "enabled must be true or false": "enabled must be true or false",
  "A nonce from Stripe.js is at most 500 characters.":
    "A nonce from Stripe.js is at most 500 characters.",
  "page must be a whole number from 1": "page must be a whole number from 1",
  "page is too large": "page is too large",
  "Too many requests with this API key. Please slow down.":
    "Too many requests with this API key. Please slow down.",
  "The request body must be a form.": "The request body must be a form.",
  "The form is too large.": "The form is too large.",
  "Text cannot contain null characters.":
    "Text cannot contain null characters.",
  "Files cannot be uploaded here.": "Files cannot be uploaded here.",
  "Text must be valid Unicode.": "Text must be valid Unicode.",
  "Only employees enter their net pay.": "Only employees enter their net pay.",
  "Net pay must be more than $0.00": "Net pay must be more than $0.00",
};

export default refusalMessages;
