// The `approvals` namespace in US Spanish: /approvals and the Approve and Decline forms
// (docs/i18n-glossary.md).
const approvals = {
  heading: "Aprobar solicitudes",
  intro:
    "Revisa las solicitudes de adelanto para el supermercado de tus empleados.",
  pendingRequests: "Solicitudes pendientes",
  caption: "Solicitudes de adelanto pendientes",
  pages: "Páginas de solicitudes pendientes",
  columns: {
    employee: "Empleado",
    requestDate: "Fecha de solicitud",
    amount: "Monto",
    reason: "Motivo",
    currentBalance: "Saldo actual",
    repaymentPeriods: "Períodos de pago",
    actions: "Acciones",
  },
  empty: "No hay solicitudes pendientes de aprobación en este momento.",
  payPeriods_one: "{{count}} período de pago",
  payPeriods_other: "{{count}} períodos de pago",
  payPeriods_many: "{{count}} de períodos de pago",
  waiting_one: "{{number}} solicitud en espera, la más antigua primero.",
  waiting_other: "{{number}} solicitudes en espera, las más antiguas primero.",
  waiting_many:
    "{{number}} de solicitudes en espera, las más antiguas primero.",
  approve: "Aprobar",
  approving: "Aprobando...",
  approveFor: "Aprobar la solicitud de {{name}}",
  decline: "Rechazar",
  declining: "Rechazando...",
  declineFor: "Rechazar la solicitud de {{name}}",
  dialog: {
    title: "Rechazar solicitud de adelanto",
    description: "Vas a rechazar la solicitud de {{name}} por {{amount}}.",
    reason: "Motivo del rechazo (opcional)",
    hint: "El empleado verá este motivo.",
    placeholder: "Dile al empleado por qué se rechazó la solicitud",
    failed: "No se pudo rechazar",
    cancel: "Cancelar",
    submit: "Rechazar solicitud",
  },
};

export default approvals;
