// The `messages` namespace's entries in US Spanish for the sending limits, the e-mail confirmation
// and a transaction's conflict (keyed by the English text; spread into it by ./messages).
const limitMessages = {
  "Other changes to the same records were being saved at the same moment. Please try again.":
    "Otros cambios de los mismos registros se estaban guardando en ese momento. Vuelve a intentarlo.",
  "Your company can send {{limit}} invitations an hour and has {{left}} left for now. Please try again later.":
    "Tu empresa puede enviar {{limit}} invitaciones por hora y por ahora le quedan {{left}}. Vuelve a intentarlo más tarde.",
  "Your company can send {{limit}} invitations a day and has {{left}} left for now. Please try again tomorrow.":
    "Tu empresa puede enviar {{limit}} invitaciones por día y por ahora le quedan {{left}}. Vuelve a intentarlo mañana.",
  "Until a company owner confirms their e-mail address, the company can send {{hour}} invitations an hour and {{day}} a day, and has {{left}} left for now. Open the confirmation link we e-mailed at registration (the Settings page can send it again).":
    "Hasta que un dueño de la empresa confirme su correo electrónico, la empresa puede enviar {{hour}} invitaciones por hora y {{day}} por día, y por ahora le quedan {{left}}. Abre el enlace de confirmación que te enviamos al registrarte (la página de Configuración puede enviarlo de nuevo).",
  "This confirmation link has expired, has already been used or was sent to another address. Ask for a new one on the Settings page.":
    "Este enlace de confirmación venció, ya se usó o se envió a otro correo. Pide uno nuevo en la página de Configuración.",
  "Too many confirmation e-mails. Please wait a few minutes and try again.":
    "Demasiados correos de confirmación. Espera unos minutos y vuelve a intentarlo.",
  "Your e-mail address is already confirmed.":
    "Tu correo electrónico ya está confirmado.",
  "Your company can now send all its invitations.":
    "Ahora tu empresa puede enviar todas sus invitaciones.",
  "Confirmation link sent": "Enlace de confirmación enviado",
  "Open the link we e-mailed you to confirm your address.":
    "Abre el enlace que te enviamos por correo para confirmar tu dirección.",
};

export default limitMessages;
