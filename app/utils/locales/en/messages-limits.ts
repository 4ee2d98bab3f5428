// The `messages` namespace's entries in English for the sending limits, the e-mail confirmation
// and a transaction's conflict (keyed by the English text; spread into it by ./messages).
const limitMessages = {
  "Other changes to the same records were being saved at the same moment. Please try again.":
    "Other changes to the same records were being saved at the same moment. Please try again.",
  "Your company can send {{limit}} invitations an hour and has {{left}} left for now. Please try again later.":
    "Your company can send {{limit}} invitations an hour and has {{left}} left for now. Please try again later.",
  "Your company can send {{limit}} invitations a day and has {{left}} left for now. Please try again tomorrow.":
    "Your company can send {{limit}} invitations a day and has {{left}} left for now. Please try again tomorrow.",
  "Until a company owner confirms their e-mail address, the company can send {{hour}} invitations an hour and {{day}} a day, and has {{left}} left for now. Open the confirmation link we e-mailed at registration (the Settings page can send it again).":
    "Until a company owner confirms their e-mail address, the company can send {{hour}} invitations an hour and {{day}} a day, and has {{left}} left for now. Open the confirmation link we e-mailed at registration (the Settings page can send it again).",
  "This confirmation link has expired, has already been used or was sent to another address. Ask for a new one on the Settings page.":
    "This confirmation link has expired, has already been used or was sent to another address. Ask for a new one on the Settings page.",
  "Too many confirmation e-mails. Please wait a few minutes and try again.":
    "Too many confirmation e-mails. Please wait a few minutes and try again.",
  "Your e-mail address is already confirmed.":
    "Your e-mail address is already confirmed.",
  "Your company can now send all its invitations.":
    "Your company can now send all its invitations.",
  "Confirmation link sent": "Confirmation link sent",
  "Open the link we e-mailed you to confirm your address.":
    "Open the link we e-mailed you to confirm your address.",
};

export default limitMessages;
