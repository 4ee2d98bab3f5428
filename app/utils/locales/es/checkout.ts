// The `checkout` namespace in US Spanish (/checkout and /payment-success; docs/i18n-glossary.md).
const checkout = {
  title: "Confirmar y pagar",
  requesting: "Estás pidiendo un adelanto para el supermercado de {{amount}}",
  approvedOn: "Tu empresa lo aprobó el <date>.",
  approved: "Tu empresa aprobó tu adelanto para el supermercado de {{amount}}.",
  acceptByCard:
    "Al recibir tu tarjeta aceptas los <link>; guardamos la versión en este adelanto.",
  acceptByPaying:
    "Al pagar aceptas los <link>; guardamos la versión en este adelanto.",
  termsLink: "términos (versión {{version}})",
  payBy: "Paga a más tardar el <date>, o esta aprobación vence.",
  confirmBy: "Confirma a más tardar el <date>, o esta aprobación vence.",
  paymentDetails: "Datos de pago",
  needsJavaScript:
    "El formulario de pago con tarjeta necesita JavaScript. Actívalo para pagar.",
  loading: "Cargando…",
  form: {
    cardNumber: "Número de tarjeta",
    expiry: "Vencimiento (MM / AA)",
    cvc: "CVC",
    sandboxNote:
      "Pagos de prueba: no se cobra ninguna tarjeta real. Con 4242 4242 4242 4242 el pago se realiza; 4000 0000 0000 0002 se rechaza.",
    failed: "El pago no se realizó",
    processing: "Procesando...",
    pay: "Pagar {{amount}}",
    cancel: "Cancelar",
  },
  issue: {
    creating: "Creando la tarjeta...",
    goToDashboard: "Ir a Inicio",
    confirmed: "Adelanto confirmado",
    received: "Pago recibido",
    noFeeNotCreated:
      "El cargo por servicio de este adelanto es de $0.00 y no se cobra nada a tu tarjeta, pero tu tarjeta de supermercado de {{amount}} todavía no se creó.",
    companyPaysNotCreated:
      "Tu empresa paga el cargo por servicio y no se cobra nada a tu tarjeta, pero tu tarjeta de supermercado de {{amount}} todavía no se creó.",
    feeAuthorizedNotCreated:
      "El cargo por servicio está autorizado en tu tarjeta, pero tu tarjeta de supermercado de {{amount}} todavía no se creó. El cargo se cobra cuando se cree; si no se puede crear, la autorización se libera.",
    createCard: "Crear mi tarjeta de supermercado",
  },
  noCost: {
    title: "Confirma tu adelanto",
    getCard: "Recibir mi tarjeta",
    noFeeText:
      "El cargo por servicio de este adelanto es de $0.00, así que no hay nada que pagar. Recibe ahora tu tarjeta de supermercado de {{amount}}; la nómina paga el adelanto en las fechas de arriba.",
  },
  error: {
    title: "Error",
    goBack: "Volver",
  },
  success: {
    ready:
      "Tu tarjeta virtual de supermercado está lista para usar en supermercados.",
    deducted:
      "El monto del adelanto se descontará de tu sueldo según tu plan de pago.",
    yourMoney: "Tu dinero",
    anyTime: "Puedes revisar tu historial de pagos cuando quieras.",
    viewCard: "Ver mi tarjeta",
    viewHistory: "Ver historial",
  },
};

export default checkout;
