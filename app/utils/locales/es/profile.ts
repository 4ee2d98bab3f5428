// The `profile` namespace in US Spanish (/profile; docs/i18n-glossary.md).
const profile = {
  employee: "Empleado",
  details: {
    username: "Usuario",
    email: "Correo electrónico",
    department: "Departamento",
    notAvailable: "N/D",
    availableBalance: "Saldo disponible",
    memberSince: "Miembro desde",
    workState: "Estado de trabajo",
  },
  accountSettings: "Configuración de la cuenta",
  form: {
    department: "Departamento",
    changePassword: "Cambiar contraseña",
    keepPassword: "Déjalos vacíos para conservar tu contraseña actual.",
    currentPassword: "Contraseña actual",
    newPassword: "Contraseña nueva",
    confirmPassword: "Confirma la contraseña nueva",
    failed: "No se pudo actualizar",
    saving: "Guardando...",
    save: "Guardar cambios",
  },
  language: {
    title: "Idioma",
    legend: "El idioma de tus páginas y correos",
    browser: "El idioma de mi navegador",
    hint: "Se usa en todos los dispositivos donde inicies sesión y en los correos que te enviamos.",
    save: "Guardar idioma",
    failed: "No se guardó el idioma",
  },
  emailChoices: {
    title: "Preferencias de correo",
    always:
      "Los correos de seguridad de la cuenta (cambios de contraseña y de inicio de sesión) se envían siempre. <link>.",
    seeSent: "Ver los correos que te enviamos",
    decisions:
      "Envíame un correo cuando una solicitud se apruebe, se rechace, se cancele o venza, y cuando se emita mi tarjeta",
    deductions: "Envíame un correo 2 días antes de un descuento de nómina",
    save: "Guardar preferencias de correo",
  },
  activeSessions: "Sesiones activas",
  activity: {
    title: "Actividad reciente",
    caption: "Actividad reciente en tu cuenta",
    columns: {
      time: "Hora",
      action: "Acción",
      by: "Por",
      amount: "Monto",
      details: "Detalles",
    },
    empty: "Todavía no hay actividad.",
    you: "Tú",
  },
};

export default profile;
