// The `profile` namespace in US Spanish (/profile; docs/i18n-glossary.md).
const profile = {
  netPay: {
    title: "Tu pago neto habitual (opcional)",
    text: "Lo que normalmente te paga un cheque de pago después de impuestos y otros descuentos. Cuando lo sabemos, cada adelanto muestra lo que queda de tu próximo cheque de pago después de su descuento, y se rechaza un adelanto que dejaría muy poco. Déjalo vacío para quitarlo.",
    fromYou: "Ingresaste {{amount}} el {{date}}.",
    fromPayroll: "{{amount}}, de tu recibo de pago del {{date}}.",
    label: "Pago neto por cheque de pago",
    save: "Guardar pago neto",
    saving: "Guardando...",
    failed: "No se guardó el pago neto",
  },
  authorization: {
    title: "Autorización de descuento de salario",
    text: "Autorizo a mi empleador a descontar de mi salario los pagos de cada adelanto para compras de supermercado que solicite, en las fechas de pago y por los montos que se me muestran antes de comprometerme, hasta que esté devuelto. Puedo retirar esta autorización para adelantos futuros en cualquier momento. (Versión {{version}}.)",
    signed: "Firmada el {{signedAt}} (versión {{version}}).",
    withdrawn:
      "Retirada: fírmala de nuevo para solicitar otro adelanto. Los adelantos ya hechos se siguen devolviendo por descuento de nómina.",
    none: "Aún no firmada.",
    sign: "Firmar la autorización",
    withdraw: "Retirar para adelantos futuros",
  },
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
