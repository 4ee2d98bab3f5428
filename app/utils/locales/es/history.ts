// The `history` namespace in US Spanish (/history; docs/i18n-glossary.md).
const history = {
  heading: "Historial de adelantos",
  intro:
    "Todas tus solicitudes de adelanto, de la más reciente a la más antigua.",
  caption: "Solicitudes de adelanto",
  columns: {
    requestDate: "Fecha de solicitud",
    amount: "Monto",
    reason: "Motivo",
    repaymentPeriods: "Períodos de pago",
    status: "Estado",
    responseDate: "Fecha de respuesta",
  },
  empty: "Todavía no has hecho ninguna solicitud de adelanto.",
  pages: "Páginas del historial de adelantos",
  credit: {
    title: "Lo que te debemos y te devolvimos",
    owedPayroll:
      "Te debemos {{amount}}: se te devuelve el {{date}}, sumado a tu pago.",
    owedEmployer:
      "Te debemos {{amount}}: tu empleador te lo devuelve directamente.",
    paidPayroll: "{{amount}} devueltos el {{date}}, sumados a tu pago.",
    paidEmployer: "{{amount}} que te devolvió tu empleador el {{date}}.",
    notPaid:
      "{{amount}} no se sumaron a tu pago del {{date}}; llegan con el siguiente.",
  },
};

export default history;
