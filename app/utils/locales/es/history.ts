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
};

export default history;
