// The `mail` namespace in US Spanish: the e-mails (app/services/mail/templates.tsx).
const mail = {
  hi: "Hola, {{name}}:",
  hello: "Hola:",
  orOpen: "O abre esta dirección: {{href}}",
  choices:
    "Recibes este correo por tus preferencias de correo de {{product}}. <link>.",
  choicesLink: "Date de baja o cámbialas",
  choicesText:
    "Recibes este correo por tus preferencias de correo de {{product}}. Date de baja o cámbialas: {{href}}",
  security:
    "Este es un mensaje de seguridad de tu cuenta de {{product}}; se envía a todas las cuentas.",
  labels: {
    amount: "Monto",
    approvedOn: "Aprobado el",
    repayment: "Pago del adelanto",
    card: "Tarjeta",
    whereItWorks: "Dónde se puede usar",
    expires: "Vence",
    chargedToCard: "Cobrado a tu tarjeta",
    payrollDeduction: "Descuento de nómina",
    payrollDeductionNumber: "Descuento de nómina {{number}}",
    date: "Fecha",
    company: "Empresa",
    invitedBy: "Invitación de",
  },
  approved: {
    subject: "Tu adelanto de {{amount}} está aprobado",
    preheader: "Aprobado el {{date}}.",
    heading: "Tu adelanto está aprobado",
    text: "Tu empleador aprobó tu adelanto para el supermercado de {{amount}} el {{date}}.",
    repayment_one:
      "{{count}} descuento de nómina, programado cuando se emita tu tarjeta",
    repayment_other:
      "{{count}} descuentos de nómina, programados cuando se emita tu tarjeta",
    repayment_many:
      "{{count}} de descuentos de nómina, programados cuando se emita tu tarjeta",
    companyPays:
      "Confírmalo en el pago dentro de {{days}} días para recibir tu tarjeta de supermercado: tu empresa paga el cargo por servicio, así que no se cobra nada a tu tarjeta. Los {{amount}} se depositan en tu tarjeta de supermercado.",
    employeePays:
      "Confírmalo en el pago dentro de {{days}} días: en tu tarjeta solo se autoriza el cargo por servicio, que se cobra cuando se emite tu tarjeta de supermercado. Los {{amount}} se depositan en tu tarjeta de supermercado; nunca se cobran a tu tarjeta.",
    action: "Abrir Grocery Advance",
  },
  cardIssued: {
    subject: "Tu tarjeta de supermercado de {{amount}} está lista",
    heading: "Tu tarjeta de supermercado está lista",
    text: "Tu tarjeta virtual de supermercado se emitió el {{date}}.",
    companyPaid:
      "Nada: tu empresa pagó el cargo por servicio y el adelanto no se cobra a tu tarjeta",
    feeCharged:
      "Cargo por servicio de {{fee}} (el adelanto no se cobró a tu tarjeta)",
    deduction: "{{amount}} el {{date}}",
    detailsInApp:
      "Los datos completos de la tarjeta solo se muestran en la app.",
    action: "Ver tu tarjeta",
  },
  reminder: {
    subject: "Se descontarán {{amount}} de tu sueldo el {{date}}",
    heading: "Se acerca un descuento de nómina",
    text: "Se descontarán {{amount}} de tu adelanto para el supermercado de tu sueldo el {{date}}.",
    action: "Ver tus descuentos",
  },
  invitation: {
    subject: "{{company}} te invita a {{product}}",
    heading: "Únete a {{company}} en {{product}}",
    yourEmployer: "Tu empleador",
    asOwner:
      "{{company}} te invita a unirte a su equipo en {{product}} como propietario.",
    asAdmin:
      "{{company}} te invita a unirte a su equipo en {{product}} como administrador.",
    asApprover:
      "{{company}} te invita a unirte a su equipo en {{product}} para aprobar solicitudes.",
    asEmployee:
      "{{company}} te invita a {{product}}, donde puedes pedir un adelanto para el supermercado que se paga con tus cheques de pago.",
    link: "El enlace de abajo sirve una sola vez, durante {{days}} días. Con él eliges tu propio usuario y contraseña; nadie más los conoce.",
    unexpected: "Si no esperabas esta invitación, ignora este correo.",
    action: "Aceptar la invitación",
    footer:
      "Recibes este correo porque {{inviter}}, de {{company}}, invitó a esta dirección a {{product}}; no tienes una cuenta con nosotros.",
  },
  reset: {
    subject: "Restablece tu contraseña de {{product}}",
    heading: "Restablece tu contraseña",
    text: "Alguien pidió restablecer la contraseña de tu cuenta de {{product}}. El enlace de abajo sirve una sola vez, durante {{minutes}} minutos.",
    ignore: "Si no lo pediste, ignora este correo: tu contraseña sigue igual.",
    action: "Elegir una contraseña nueva",
  },
  confirmEmail: {
    subject: "Confirma tu correo electrónico en {{product}}",
    heading: "Confirma tu correo electrónico",
    text: "Confirma que {{email}} es tuyo: así tu empresa podrá enviar todas sus invitaciones. El enlace de abajo sirve una sola vez, durante {{days}} días.",
    ignore:
      "Si no creaste una cuenta en {{product}}, ignora este correo: no pasa nada.",
    action: "Confirmar mi correo electrónico",
  },
  mfaChanged: {
    subjectOn: "Verificación en dos pasos activada",
    subjectOff: "Verificación en dos pasos desactivada",
    headingOn: "Se activó la verificación en dos pasos",
    headingOff: "Se desactivó la verificación en dos pasos",
    textOn: "Se activó la verificación en dos pasos de tu cuenta el {{date}}.",
    textOff:
      "Se desactivó la verificación en dos pasos de tu cuenta el {{date}}.",
    notYou:
      "Si no fuiste tú, restablece tu contraseña ahora y avísale a soporte.",
    action: "Revisar tu seguridad",
  },
  newSignIn: {
    subject: "Nuevo inicio de sesión en {{product}} desde {{device}}",
    heading: "Un dispositivo nuevo inició sesión",
    text: "Se inició sesión en tu cuenta desde un dispositivo que no habíamos visto antes.",
    device: "Dispositivo",
    address: "Dirección",
    when: "Cuándo",
    unknownAddress: "Desconocida",
    notYouEmployee:
      "Si no fuiste tú, cierra esa sesión en tu perfil y restablece tu contraseña.",
    notYouEmployer:
      "Si no fuiste tú, cierra esa sesión en tu configuración y restablece tu contraseña.",
    action: "Revisar tus sesiones",
  },
};

export default mail;
