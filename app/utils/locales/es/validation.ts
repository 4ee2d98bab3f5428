// The employee's form and validation messages, refusals and toasts in US Spanish, keyed by their
// English text (joined to the `messages` namespace; docs/i18n-glossary.md).
const validation = {
  // /profile
  "Enter your current password to change it":
    "Escribe tu contraseña actual para cambiarla",
  "Current password is incorrect": "La contraseña actual no es correcta",
  "Too many password attempts. Please wait a few minutes and try again.":
    "Demasiados intentos con la contraseña. Espera unos minutos y vuelve a intentarlo.",
  "E-mail choices saved": "Preferencias de correo guardadas",
  "We will e-mail you as you chose.":
    "Te enviaremos correos según lo que elegiste.",
  "Profile updated": "Perfil actualizado",
  "Your profile and password have been saved.":
    "Se guardaron tu perfil y tu contraseña.",
  "Your profile has been saved.": "Se guardó tu perfil.",
  "Language saved": "Idioma guardado",
  "Your pages and e-mails are in the language you chose.":
    "Tus páginas y correos están en el idioma que elegiste.",
  "Choose a language": "Elige un idioma",
};

export default validation;
