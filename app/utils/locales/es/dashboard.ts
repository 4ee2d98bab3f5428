// The `dashboard` namespace in US Spanish (i18next's JSON format; docs/i18n-glossary.md).
const dashboard = {
  employee: {
    welcome: "Te damos la bienvenida, {{name}}",
    welcomeBack: "Hola de nuevo, {{name}}",
    newRequest: "Nueva solicitud",
    weOweYou: "Te debemos {{amount}}",
    creditByPayroll:
      "La nómina descontó más de lo que gastaron tus tarjetas. Se te devuelve el {{date}}, sumado a tu pago.",
    creditByEmployer:
      "La nómina descontó más de lo que gastaron tus tarjetas. Tu empleador te lo devuelve directamente.",
    notLinkedTitle: "Tu cuenta todavía no está vinculada a un empleador.",
    notLinkedText:
      "Podrás pedir un adelanto cuando tu empleador te agregue a su empresa en Grocery Advance. Pide a tu empleador o a Recursos Humanos que te agreguen: que inviten a <email> y luego abre el enlace del correo de invitación con tu sesión iniciada aquí.",
    invitation:
      "{{company}} invitó a {{email}} (el enlace sirve hasta el {{date}}): abre el correo de invitación y presiona Unirme.",
    aCompany: "Una empresa",
    notLinkedNext:
      "Mientras tanto: <howItWorks>, o mantén tu <profile> al día.",
    howItWorks: "mira cómo funciona un adelanto y cuánto cuesta",
    profile: "perfil",
    leftTitle: "Ya no puedes pedir adelantos: tu empleador te dio de baja.",
    leftText:
      "Lo que todavía debes se descuenta de tu último sueldo; tus tarjetas, tus descuentos y tu <link> siguen aquí.",
    leftHistory: "historial",
    choosePasswordTitle: "Elige tu propia contraseña",
    choosePasswordText:
      "Tu empleador creó tu cuenta y puso su primera contraseña, así que otra persona la conoce. Usa el enlace que te enviamos por correo o <link>.",
    choosePasswordLink: "cámbiala en tu perfil",
    availableBalance: "Saldo disponible",
    payCycleEnds: "El ciclo de pago termina el {{date}}",
    notSet: "Sin definir",
    availableToRequest:
      "Disponible para pedir: {{amount}} (tu saldo menos las solicitudes pendientes)",
    nextDeduction: "Próximo descuento",
    noUpcomingDeductions: "No hay descuentos próximos",
    yearToDate: "En lo que va del año",
    approvedAdvances_one: "{{count}} adelanto aprobado",
    approvedAdvances_other: "{{count}} adelantos aprobados",
    approvedAdvances_many: "{{count}} de adelantos aprobados",
    recentActivity: "Actividad reciente",
    viewAllActivity: "Ver toda la actividad",
    noRecentActivity: "No hay actividad reciente",
    groceryAdvanceRequest: "Solicitud de adelanto para el supermercado",
    upcomingDeductions: "Próximos descuentos",
    noUpcomingDeductionsFound: "No hay descuentos próximos",
    virtualCards: "Tarjetas virtuales ({{count}})",
    awaitingPayment:
      "Tu adelanto de {{amount}} está aprobado. Completa el pago para recibir tu tarjeta de supermercado.",
    awaitingPaymentFee:
      "Al pagar, a tu tarjeta solo se le cobra el cargo de {{fee}}; los {{amount}} se depositan en tu tarjeta de supermercado.",
    payBy: "Paga a más tardar el <date> o la aprobación vence.",
    awaitingConfirmation:
      "Tu adelanto de {{amount}} está aprobado. Confírmalo para recibir tu tarjeta de supermercado.",
    companyPaysFee:
      "Tu empresa paga el cargo de {{fee}}: no se cobra nada a tu tarjeta y los {{amount}} se depositan en tu tarjeta de supermercado.",
    confirmBy: "Confirma a más tardar el <date> o la aprobación vence.",
    confirmAndGetCard: "Confirmar y recibir mi tarjeta",
    completePayment: "Completar el pago",
    beingIssued:
      "Tu adelanto de {{amount}} está pagado: estamos emitiendo tu tarjeta de supermercado. No tienes que hacer nada más.",
    noCardsFound: "No se encontraron tarjetas virtuales",
    noCardsYet: "Todavía no tienes tarjetas virtuales",
    noCardsHint:
      "Tus tarjetas aparecerán aquí cuando se aprueben tus solicitudes de adelanto",
    cardAfterPaying:
      "Tu tarjeta de supermercado de {{amount}} aparecerá aquí en cuanto completes el pago (en Pendientes, arriba).",
    cardAfterConfirming:
      "Tu tarjeta de supermercado de {{amount}} aparecerá aquí en cuanto confirmes el adelanto (en Pendientes, arriba).",
    restrictions: "Restricciones",
    issued: "Emitida",
    remainingBalance: "Queda en esta tarjeta",
    viewCard: "Ver la tarjeta y las compras",
  },
  formerMember: {
    hello: "Hola, {{name}}",
    text: "Tu cuenta ya no pertenece a ninguna empresa en Grocery Advance, así que aquí no hay nada que administrar. Si es un error, pide al dueño de tu empresa que te vuelva a invitar al equipo.",
  },
  toDo: {
    title: "Pendientes",
    nothing: "No tienes nada pendiente por ahora.",
    declinedPurchase:
      "Se rechazó una compra de {{amount}} en {{merchant}} el {{date}}: {{reason}}",
    declinedPurchaseNoReason:
      "Se rechazó una compra de {{amount}} en {{merchant}} el {{date}}.",
    seeCard: "Ver la tarjeta",
    credit:
      "Te debemos {{amount}}: la nómina descontó más de lo que gastaste con tus tarjetas. Te lo devolvemos por nómina.",
    creditByEmployer:
      "Te debemos {{amount}}: la nómina descontó más de lo que gastaste con tus tarjetas. Tu empleador te lo devuelve directamente.",
    seeHistory: "Ver tu historial",
  },
};

export default dashboard;
