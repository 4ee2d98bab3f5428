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
};

export default sessions;
