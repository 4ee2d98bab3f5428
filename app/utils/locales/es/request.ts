// The `request` namespace in US Spanish (/request; docs/i18n-glossary.md).
const request = {
  title: "Pedir un adelanto para el supermercado",
  intro:
    "Recibe un adelanto de {{min}} a {{max}} de tu sueldo para el supermercado.",
  notLinked: {
    title: "Tu cuenta todavía no está vinculada a un empleador.",
    text: "Podrás pedir un adelanto cuando tu empleador te agregue a su empresa. Pídeselo a tu empleador o al equipo de Recursos Humanos.",
    next: "Mientras tanto: <howItWorks> o vuelve a tu <dashboard>.",
    howItWorks: "mira cómo funciona un adelanto y cuánto cuesta",
    dashboard: "inicio",
  },
  left: {
    title: "Ya no puedes pedir adelantos: tu empleador te dio de baja.",
    text: "Lo que todavía debes se descuenta de tu último sueldo; tu <link> sigue aquí para ti.",
    history: "historial",
  },
  belowMinimum: {
    title:
      "Tienes {{available}} disponibles para pedir, menos que el mínimo de {{minimum}}.",
    text: "Lo que puedes pedir vuelve a medida que la nómina paga tus adelantos (mira tus próximos descuentos en <link>), o cuando se rechaza o se cancela una solicitud pendiente.",
    dashboard: "Inicio",
  },
  form: {
    amount: "Monto",
    amountHint:
      "Entre {{min}} y {{max}}. Disponible para pedir: {{available}} (tu saldo menos las solicitudes pendientes)",
    reason: "Motivo (opcional)",
    reasonPlaceholder: "¿Para qué te servirá el adelanto?",
    payment: "Información de pago",
    existingAccount: "Usar mi cuenta de depósito directo",
    differentAccount: "Usar otra cuenta",
    accountType: "Tipo de cuenta",
    checking: "Cheques",
    savings: "Ahorros",
    routingNumber: "Número de ruta",
    routingPlaceholder: "Número de ruta de 9 dígitos",
    accountNumber: "Número de cuenta",
    schedule: "Plan de pago",
    periods_one: "{{count}} período de pago",
    periods_other: "{{count}} períodos de pago",
    periods_many: "{{count}} de períodos de pago",
    recommended: "{{option}} (recomendado)",
    scheduleHint: "El adelanto se descontará de tus próximos sueldos.",
    review:
      "Todavía no se pidió nada. Revisa abajo el costo del monto y los períodos que elegiste, y luego vuelve a tocar Enviar solicitud para confirmar.",
    costPending:
      "Escribe un monto entre {{min}} y {{max}} para ver cuánto cuesta.",
    terms:
      "Acepto los términos y condiciones y autorizo el pago mediante descuento de nómina",
    failed: "No se pudo enviar la solicitud",
    cancel: "Cancelar",
    submitting: "Enviando...",
    submit: "Enviar solicitud",
  },
  authorization: {
    title: "Primero firma la autorización de descuento de salario",
    sign: "Firmar la autorización",
    profile: "Leerla en tu Perfil",
  },
  paycheck: {
    left: "Tu pago neto habitual es {{net}}. Después del primer descuento de este adelanto, de {{deduction}}, quedan {{left}} de tu próximo cheque de pago.",
    leftWithOthers:
      "Tu pago neto habitual es {{net}}. Después del primer descuento de este adelanto, de {{deduction}}, y de {{others}} ya programados, quedan {{left}} de tu próximo cheque de pago.",
    enough: "Tu empleador pide que quede al menos el {{percent}} % ({{min}}).",
    tooLittle:
      "Eso es menos del {{percent}} % ({{min}}) que tu empleador pide que quede: elige un monto menor o más periodos de pago.",
  },
  refused: {
    title: "Ahora no puedes solicitar un adelanto",
  },
  limits: {
    title: "Límites de tus adelantos",
    workState: "Trabajas en {{state}}: sus reglas se aplican a tus adelantos.",
    workStateUnknown:
      "Tu empleador no ha registrado el estado donde trabajas: se aplican las reglas generales.",
    coolingOff_one:
      "Una pausa de {{count}} día después de devolver cada adelanto antes del siguiente.",
    coolingOff_many:
      "Una pausa de {{count}} días después de devolver cada adelanto antes del siguiente.",
    coolingOff_other:
      "Una pausa de {{count}} días después de devolver cada adelanto antes del siguiente.",
    coolingOffUntil: "Tu pausa termina el {{date}}.",
    yearly_one:
      "Como máximo {{count}} adelanto en 12 meses: has tenido {{used}}.",
    yearly_many:
      "Como máximo {{count}} de adelantos en 12 meses: has tenido {{used}}.",
    yearly_other:
      "Como máximo {{count}} adelantos en 12 meses: has tenido {{used}}.",
    yearlyUntil: "Puedes volver a solicitar el {{date}}.",
    state:
      "{{state}} permite como máximo {{max}} adelantos en {{days}} días: has tenido {{used}}.",
    periods_one: "{{state}}: se devuelve solo en tu próxima fecha de pago.",
    periods_other:
      "{{state}}: se devuelve en como máximo {{count}} periodos de pago.",
    periods_many:
      "{{state}}: se devuelve en como máximo {{count}} de periodos de pago.",
  },
};

export default request;
