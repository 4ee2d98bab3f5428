// The `pages` namespace in US Spanish: the public pages (/how-it-works with the advance
// calculator, /terms; docs/i18n-glossary.md).
const pages = {
  header: {
    account: "Cuenta",
    login: "Entrar",
    signUp: "Regístrate",
  },
  hero: {
    heading:
      "Dinero para el supermercado antes del día de pago, que se paga solo",
    text: "Grocery Advance permite a los empleados recibir un adelanto de {{range}} para el supermercado, aprobado por su empleador, que se gasta con una tarjeta solo para supermercados y se paga de su sueldo. Un cargo fijo de {{fee}}, sin intereses.",
    getStarted: "Comenzar",
    tryCalculator: "Prueba la calculadora",
  },
  range: "{{min}} a {{max}}",
  features: {
    heading: "Por qué Grocery Advance",
    easy: {
      title: "Solicitudes fáciles",
      text: "Pide de {{range}} en un minuto desde tu teléfono o computadora, sin revisión de crédito.",
    },
    approval: {
      title: "Aprobación del empleador",
      text: "Tu empleador revisa cada solicitud, por lo general en pocas horas, para que los adelantos sean responsables.",
    },
    cards: {
      title: "Tarjetas solo para supermercados",
      text: "El dinero llega a una tarjeta virtual que solo funciona en tiendas de comestibles y supermercados.",
    },
    deductions: {
      title: "Descuentos de nómina automáticos",
      text: "El pago sale de tus próximos 1 a 3 sueldos. No tienes que acordarte de nada y no hay intereses.",
    },
    tracking: {
      title: "Seguimiento en tiempo real",
      text: "Sigue cada solicitud, tarjeta y descuento en el momento, desde cualquier dispositivo.",
    },
  },
  steps: {
    heading: "Cómo funciona",
    step: "Paso {{number}}: ",
    request: {
      title: "Pides un adelanto",
      text: "Elige un monto entre {{min}} y {{max}} y en cuántos períodos de pago quieres devolverlo.",
    },
    review: {
      title: "Tu empleador lo revisa",
      text: "Tu empleador aprueba o rechaza la solicitud desde su panel.",
    },
    pay: {
      title: "Completas el pago",
      text: "Toca Pagar: en tu tarjeta solo se autoriza el cargo fijo por servicio de {{fee}}, que se cobra cuando se emite tu tarjeta de supermercado. El adelanto va a la tarjeta de supermercado; nunca se cobra a tu tarjeta.",
    },
    card: {
      title: "Se emite tu tarjeta de supermercado",
      text: "Una tarjeta virtual solo para supermercados, lista para usar de inmediato.",
    },
    repay: {
      title: "El pago es automático",
      text: "La nómina descuenta el adelanto de tu sueldo en 1 a 3 períodos de pago, a partir de que se emite tu tarjeta. Un adelanto aprobado que nunca pagas no se descuenta.",
    },
  },
  cta: {
    heading: "¿Listo para comenzar?",
    text: "Crea tu cuenta en minutos. Los empleadores pueden registrar su empresa hoy mismo.",
    signUp: "Regístrate ahora",
  },
  footer: {
    contact: "Contacto",
    hours: "De lunes a viernes, de 9 a. m. a 5 p. m.",
    company: "Empresa",
    about: "Quiénes somos",
    careers: "Empleos",
    press: "Prensa",
    resources: "Recursos",
    howItWorks: "Cómo funciona",
    calculator: "Calculadora de adelantos",
    accountHelp: "Ayuda con tu cuenta",
    legal: "Legal",
    privacy: "Política de privacidad",
    termsOfService: "Términos del servicio",
    cardholder: "Contrato del titular de la tarjeta",
    notice:
      "© {{year}} Grocery Advance. Los adelantos se ofrecen a través del programa de nómina de tu empleador. Los documentos legales están disponibles si los pides a {{email}}.",
  },
  calculator: {
    heading: "Calculadora de adelantos",
    intro: "Mira cuánto cuesta un adelanto antes de pedirlo.",
    advanceAmount: "Monto del adelanto",
    amountUsd: "Monto (USD)",
    between: "Entre {{min}} y {{max}}.",
    nextPayDate: "Próximo día de pago",
    calculate: "Calcular",
    summary: "Resumen de tu adelanto",
    fee: "Cargo por servicio",
    whyFee: "¿Por qué este cargo?",
    companyPaysFee:
      "Tu empresa paga por ti el cargo fijo de {{fee}}, así que el adelanto no te cuesta nada: sin cargo, sin intereses y sin costos ocultos.",
    flatFee:
      "Un cargo fijo de {{fee}} cubre la emisión de tu tarjeta de supermercado y el descuento de nómina. Es el mismo para cualquier monto, sin intereses y sin costos ocultos.",
    totalRepayment: "Total a devolver",
    repaymentDate: "Fecha de pago",
    totalCompany:
      "Total a devolver: {{amount}}, que se descuentan de tu sueldo. Tu empresa paga el cargo.",
    totalEmployee:
      "Total a devolver: {{amount}}, que se descuentan de tu sueldo. El cargo de {{fee}} se paga aparte, con tu propia tarjeta, cuando se emite tu tarjeta de supermercado.",
    apr: "Tasa de porcentaje anual (APR)",
    aprExplained:
      "La APR es el cargo expresado como tasa anual según los días hasta tu día de pago, para compararlo con otros créditos.",
    showDetails: "Ver detalles",
    hideDetails: "Ocultar detalles",
    details: {
      ask: "Pides de {{min}} a {{max}}; tu empleador aprueba o rechaza la solicitud.",
      pay: "Una vez aprobada, tocas Pagar: en tu tarjeta solo se autoriza el cargo, que se cobra cuando se emite tu tarjeta virtual, que solo funciona en supermercados. El adelanto va a esa tarjeta y nunca se cobra a tu propia tarjeta.",
      deducted:
        "El adelanto se descuenta de tu sueldo automáticamente, en 1 a 3 períodos de pago a partir de tu próximo día de pago después de que se emita la tarjeta.",
    },
    request: "Pedir un adelanto",
  },
  terms: {
    title: "Términos",
    heading: "Términos de Grocery Advance",
    version: "Versión {{version}}, vigente desde el {{date}}.",
    items: {
      advance:
        "Un adelanto es de {{range}} de tu sueldo, y se lo pides a tu empleador. Se carga en una tarjeta virtual que solo funciona en tiendas de comestibles y supermercados ({{restriction}}).",
      cost: "El único costo es un cargo fijo por servicio de {{fee}} por adelanto. No hay intereses ni otros cargos. El cargo se autoriza en tu propia tarjeta al confirmar el pago y se cobra cuando se emite tu tarjeta de supermercado; si la tarjeta de supermercado no se puede emitir, la autorización se libera y no se cobra nada. El adelanto en sí nunca se cobra a tu propia tarjeta.",
      disclosure:
        "Antes de que lo pidas, y otra vez al confirmar el pago, te mostramos el cargo, el total que pagas, la fecha y el monto de cada descuento de nómina y el costo como tasa de porcentaje anual (APR), calculada con el método actuarial de la Regulación Z, apéndice J.",
      repayment:
        "Pagas el adelanto solo mediante descuentos de tu sueldo, en los 1 a 3 períodos de pago que elegiste, a partir del primer día de pago después de que se emita tu tarjeta. No tenemos otra forma de cobrarlo: lo que un sueldo no alcance a cubrir pasa al siguiente día de pago.",
      expiry:
        "Después de que tu empleador lo apruebe, tienes {{days}} días para pagar el cargo al confirmar; después la aprobación vence y no debes nada. Puedes cancelar una solicitud hasta que pagues.",
      versions:
        "Al pagar, aceptas la versión de estos términos que se muestra en ese momento; guardamos esa versión y la hora en tu adelanto. Una versión posterior solo se aplica a los adelantos que pidas después de que se publique.",
    },
    back: "Volver a Grocery Advance",
  },
};

export default pages;
