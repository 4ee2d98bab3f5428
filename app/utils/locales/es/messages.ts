// The `messages` namespace in US Spanish (i18next's JSON format; docs/i18n-glossary.md).
import employerMessages from "./messages-employer";
import limitMessages from "./messages-limits";
import pushMessages from "./messages-push";
import complaintMessages from "./messages-complaints";
import stateRuleMessages from "./messages-state-rules";
import refusalMessages from "./messages-refusals";
const messages = {
  "The service is temporarily unavailable. Please try again shortly.":
    "El servicio no está disponible por el momento. Vuelve a intentarlo en un rato.",
  "Something went wrong. Please try again.":
    "Algo salió mal. Vuelve a intentarlo.",
  "Method not allowed": "Método no permitido",
  "Request body must be valid JSON":
    "El cuerpo de la solicitud debe ser JSON válido",
  "Request body must be a JSON object":
    "El cuerpo de la solicitud debe ser un objeto JSON",
  "Authentication required": "Se requiere iniciar sesión",
  "You don't have permission to do this.": "No tienes permiso para hacer esto.",
  "Not found": "No encontrado",
  "Request body is too large": "El cuerpo de la solicitud es demasiado grande",
  "Advance request not found.": "No se encontró la solicitud de adelanto.",
  "Advance request not found": "No se encontró la solicitud de adelanto",
  "Minimum amount is {{amount}}": "El monto mínimo es {{amount}}",
  "Maximum amount is {{amount}}": "El monto máximo es {{amount}}",
  "Cancel failed": "No se pudo cancelar",
  "Invalid request": "Solicitud no válida",
  "Your {{amount}} advance is cancelled and back in your available balance. Nothing was charged.":
    "Tu adelanto de {{amount}} está cancelado y volvió a tu saldo disponible. No se cobró nada.",
  "Your {{amount}} request is cancelled.":
    "Tu solicitud de {{amount}} está cancelada.",
  "Grocery stores only": "Solo supermercados",
  "Not set": "Sin definir",
  "Card being issued": "Tarjeta en emisión",
  "Fee refunded": "Cargo reembolsado",
  "Fee refunded. {{reason}}": "Cargo reembolsado. {{reason}}",
  "Cancelled by the employee": "Cancelada por el empleado",
  "Not paid for within {{days}} days of approval":
    "No se pagó dentro de los {{days}} días posteriores a la aprobación",
  "The grocery card could not be issued":
    "No se pudo emitir la tarjeta de supermercado",
  "This advance request was already cancelled.":
    "Esta solicitud de adelanto ya estaba cancelada.",
  "This advance request was declined, so there is nothing to cancel.":
    "Esta solicitud de adelanto fue rechazada, así que no hay nada que cancelar.",
  "This advance has been paid for, so it can no longer be cancelled.":
    "Este adelanto ya se pagó, así que ya no se puede cancelar.",
  "Request cancelled": "Solicitud cancelada",
  "{{label}} is required": "Campo obligatorio: {{label}}",
  "Must be at most {{max}} characters": "Máximo {{max}} caracteres",
  "{{label}} cannot contain line breaks or control characters":
    "{{label}} no puede tener saltos de línea ni caracteres de control",
  "Invalid email address": "Correo electrónico no válido",
  "Password is required": "Falta la contraseña",
  "Password must be at least 6 characters":
    "La contraseña debe tener al menos 6 caracteres",
  "Password must be at most 200 characters":
    "La contraseña debe tener como máximo 200 caracteres",
  "This password is too common or easy to guess. Try a longer one, such as a few unrelated words.":
    "Esta contraseña es muy común o fácil de adivinar. Prueba una más larga, como varias palabras sin relación.",
  Username: "Usuario",
  "First name": "Nombre",
  "Last name": "Apellido",
  "Company name": "Nombre de la empresa",
  Department: "Departamento",
  "Invalid username or password.": "Usuario o contraseña incorrectos.",
  "Username is already taken": "Ese usuario ya existe",
  "Too many registrations from this network. Please wait a few minutes and try again.":
    "Demasiados registros desde esta red. Espera unos minutos y vuelve a intentarlo.",
  "Too many sign-in attempts. Please wait a few minutes and try again.":
    "Demasiados intentos de inicio de sesión. Espera unos minutos y vuelve a intentarlo.",
  "Your sign-in took too long. Please sign in again.":
    "Tu inicio de sesión tardó demasiado. Vuelve a iniciar sesión.",
  "Enter the 6-digit code from your authenticator app":
    "Escribe el código de 6 dígitos de tu app de autenticación",
  "That code is too long": "Ese código es demasiado largo",
  "Invalid or already used two-factor code.":
    "Código de verificación incorrecto o ya usado.",
  "Too many two-factor attempts. Please wait a few minutes and try again.":
    "Demasiados intentos con el código de verificación. Espera unos minutos y vuelve a intentarlo.",
  "Login successful": "Sesión iniciada",
  "Welcome back, {{name}}!": "¡Hola de nuevo, {{name}}!",
  "Registration successful": "Registro completado",
  "Welcome to Grocery Advance, {{name}}!":
    "¡Te damos la bienvenida a Grocery Advance, {{name}}!",
  "Logged out": "Sesión cerrada",
  "You have been successfully logged out.": "Cerraste sesión correctamente.",
  "Enter your username or e-mail address":
    "Escribe tu usuario o correo electrónico",
  "Passwords do not match": "Las contraseñas no coinciden",
  "If an account matches what you entered, we have sent an e-mail with a link to choose a new password. The link works once, for 30 minutes.":
    "Si hay una cuenta con esos datos, te enviamos un correo con un enlace para elegir una contraseña nueva. El enlace sirve una sola vez, durante 30 minutos.",
  "This link to reset your password has expired or has already been used. Ask for a new one.":
    "Este enlace para restablecer tu contraseña venció o ya se usó. Pide uno nuevo.",
  "Too many password reset requests. Please wait a few minutes and try again.":
    "Demasiadas solicitudes para restablecer la contraseña. Espera unos minutos y vuelve a intentarlo.",
  "Your password was changed and every session was signed out. Sign in with your new password.":
    "Tu contraseña cambió y se cerraron todas tus sesiones. Inicia sesión con tu contraseña nueva.",
  "Password changed": "Contraseña cambiada",
  "The service is temporarily unavailable.":
    "El servicio no está disponible por el momento.",
  "Invalid form": "Formulario no válido",
  "Choose English or Spanish": "Elige inglés o español",
  ...employerMessages,
  ...limitMessages,
  ...pushMessages,
  ...complaintMessages,
  ...stateRuleMessages,
  ...refusalMessages,
};

export default messages;
