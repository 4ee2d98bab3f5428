// The `complaints` namespace in US Spanish: /complaints, /complaint-queue and their e-mails
// (docs/i18n-glossary.md).
const complaints = {
  heading: "Quejas y disputas",
  intro:
    "Cuéntanos un problema con un adelanto, un descuento de nómina, una compra con la tarjeta o cualquier otra cosa. Recibes una referencia y un correo, y puedes seguir cada paso aquí. Tu empleador confirma una queja en {{acknowledge}} días y la resuelve en {{resolve}} días.",
  categories: {
    ADVANCE: "Un adelanto",
    DEDUCTION: "Un descuento de nómina",
    CARD_PURCHASE: "Una compra con la tarjeta",
    OTHER: "Otra cosa",
  },
  statuses: {
    RECEIVED: "Recibida",
    IN_REVIEW: "En revisión",
    RESOLVED: "Resuelta",
  },
  form: {
    heading: "Presentar una queja",
    category: "¿De qué se trata?",
    chooseCategory: "Elige una opción",
    details: "¿Qué pasó?",
    detailsHint: "Di qué salió mal y qué te gustaría que hiciéramos.",
    reference: "Referencia (opcional)",
    referenceHint:
      "El adelanto, descuento o compra de que se trata, si tienes una.",
    submit: "Enviar queja",
    sending: "Enviando...",
    failed: "No pudimos enviar tu queja",
  },
  own: {
    heading: "Tus quejas",
    caption: "Tus quejas, de la más reciente a la más antigua",
    empty: "No has presentado ninguna queja.",
  },
  columns: {
    reference: "Referencia",
    filed: "Presentada",
    category: "Tema",
    employee: "Empleado",
    details: "Detalles",
    status: "Estado",
    steps: "Pasos",
    due: "Plazo",
    actions: "Acciones",
  },
  steps: {
    received: "Recibida el {{date}}",
    review: "En revisión desde el {{date}}",
    resolved: "Resuelta el {{date}}",
    acknowledgeBy: "Confirmar antes del {{date}}",
    resolveBy: "Resolver antes del {{date}}",
    resolution: "Resolución",
    reference: "Referencia: {{reference}}",
  },
  late: "Atrasada",
  queue: {
    heading: "Quejas",
    intro:
      "Quejas y disputas de tus empleados. Confirma cada una en {{acknowledge}} días iniciando su revisión, y resuélvela en {{resolve}} días: el empleado recibe un correo en cada paso. Las atrasadas se marcan, y los dueños y administradores reciben un recordatorio cada día.",
    caption: "Quejas, primero las abiertas más antiguas",
    filter: "Mostrar",
    all: "Todas",
    open: "Abiertas",
    empty: "No hay quejas.",
    review: "Iniciar revisión",
    reviewFor: "Iniciar la revisión de {{reference}}",
    resolution: "Resolución",
    resolutionHint: "El empleado la lee en su correo y en su página.",
    resolve: "Resolver",
    resolving: "Resolviendo...",
    failed: "No pudimos resolver la queja",
  },
  mail: {
    action: "Ver tus quejas",
    queueAction: "Abrir las quejas",
    labels: {
      reference: "Referencia",
      category: "Tema",
      acknowledgeBy: "Confirmada antes del",
      resolveBy: "Resuelta antes del",
      resolution: "Resolución",
      details: "Lo que escribiste",
    },
    received: {
      subject: "Recibimos tu queja {{reference}}",
      heading: "Queja recibida",
      text: "Recibimos la queja que presentaste el {{date}}. Guarda su referencia: identifica la queja cada vez que nos contactes.",
      next: "Tu empleador la revisará; recibirás un correo en cada paso y puedes seguirla en tu página de quejas.",
    },
    review: {
      subject: "Tu queja {{reference}} está en revisión",
      heading: "Queja en revisión",
      text: "Tu empleador inició la revisión de tu queja {{reference}} el {{date}}.",
    },
    resolved: {
      subject: "Tu queja {{reference}} está resuelta",
      heading: "Queja resuelta",
      text: "Tu queja {{reference}} se resolvió el {{date}}. La resolución está abajo; si no resuelve el asunto, puedes presentar una nueva queja que nombre esta referencia.",
    },
    new: {
      subject: "Nueva queja {{reference}}",
      heading: "Una nueva queja",
      text: "Un empleado presentó una queja el {{date}}. Inicia su revisión para confirmarla.",
    },
    late: {
      subject: "La queja {{reference}} está atrasada",
      heading: "Una queja está atrasada",
      acknowledge:
        "Esta queja debía confirmarse antes del {{date}} y sigue esperando. Inicia su revisión.",
      resolve:
        "Esta queja debía resolverse antes del {{date}} y sigue abierta. Resuélvela con el texto que leerá el empleado.",
    },
  },
};

export default complaints;
