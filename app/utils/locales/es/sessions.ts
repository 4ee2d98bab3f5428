// The `sessions` namespace in US Spanish: the signed-in user's sessions and trusted devices
// (/profile, and /settings for the employer; docs/i18n-glossary.md).
const sessions = {
  intro:
    "Dónde tienes la sesión iniciada. Si ves un dispositivo que no reconoces, cierra su sesión y cambia tu contraseña.",
  list: "Sesiones activas",
  thisDevice: "Este dispositivo",
  facts:
    "Dirección {{ip}} · Última actividad: {{lastSeen}} · Inició sesión el {{signedIn}}",
  signOutOne: "Cerrar la sesión de {{device}}, última actividad {{lastSeen}}",
  signOut: "Cerrar sesión",
  signOutOthers: "Cerrar las otras sesiones",
  trusted: {
    title: "Dispositivos de confianza",
    intro:
      "Navegadores que iniciaron sesión en esta cuenta. Pueden seguir iniciando sesión aunque los intentos fallidos de otra persona hayan bloqueado tu usuario. Olvida los que no reconozcas; al cambiar tu contraseña se olvidan todos.",
    none: "No hay dispositivos de confianza.",
    thisBrowser: "Este navegador",
    facts:
      "Último inicio de sesión: {{lastUsed}} · De confianza desde el {{trustedSince}}",
    forgetOne: "Olvidar {{device}}, último inicio de sesión {{lastUsed}}",
    forget: "Olvidar",
  },
  // Configuración › Seguridad (la verificación en dos pasos del empleador).
  security: {
    heading: "Seguridad",
    mfaTitle: "Verificación en dos pasos",
    sessionsTitle: "Sesiones activas",
    off: "Desactivada. Protege la cuenta que aprueba adelantos y procesa la nómina: después de tu contraseña, el inicio de sesión también pedirá un código de una app de autenticación en tu teléfono.",
    setUp: "Configurar la verificación en dos pasos",
    scan: "Escanea este código QR con una app de autenticación (Google Authenticator, 1Password, Authy…) o escribe la clave a mano.",
    enterCode:
      "Escribe el código de 6 dígitos que muestra la app para terminar.",
    qrAlt: "Código QR para tu app de autenticación",
    manualKey: "Clave para escribir a mano",
    code: "Código de la app",
    turnOn: "Activar la verificación en dos pasos",
    cancel: "Cancelar la configuración",
    codesSaved:
      "La verificación en dos pasos está activada. Guarda ahora estos códigos de recuperación.",
    codesOnce:
      "Cada código te permite iniciar sesión una vez si pierdes tu teléfono. Solo se muestran esta vez.",
    codesList: "Códigos de recuperación",
    on: "Activada desde el {{since}}. Te quedan {{left}} de 10 códigos de recuperación.",
    turnOff: "Desactivar la verificación en dos pasos",
    password: "Contraseña",
    codeOrRecovery: "Código de la app (o un código de recuperación)",
  },
};

export default sessions;
