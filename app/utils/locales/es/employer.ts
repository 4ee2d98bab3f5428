// The `employer` namespace in US Spanish: the employer dashboard (docs/i18n-glossary.md).
const employer = {
  welcome: "Hola, {{name}}",
  overviewOf:
    "Un resumen de los adelantos para el supermercado en {{company}}.",
  welcomeBack: "Hola de nuevo, {{name}}",
  overview:
    "Un resumen de los adelantos para el supermercado de tus empleados.",
  export: "Exportar",
  runPayroll: "Procesar nómina",
  addEmployee: "Agregar empleado",
  activeEmployees: "Empleados activos",
  fromLastMonth: "{{change}} respecto del mes pasado",
  noLastMonth: "— (no hay mes pasado para comparar)",
  pendingRequests: "Solicitudes pendientes",
  viewAll: "Ver todas",
  monthlyAdvances: "Adelantos del mes",
  pendingDeductions: "Descuentos pendientes",
  nextPayroll: "Próxima nómina: {{date}}",
  dueThen: "{{amount}} se descuentan ese día",
  totalIs: "El total es cada descuento programado y aún no cobrado.",
  owedBack: "Se debe a los empleados: {{amount}}",
  pendingApprovals: "Aprobaciones pendientes",
  viewAllApprovals: "Ver todas",
  pendingApprovalsCaption: "Aprobaciones pendientes",
  noPending: "No hay solicitudes pendientes de aprobación",
  employees: "Empleados",
  searchEmployees: "Buscar empleados",
  searchPlaceholder: "Buscar empleados...",
  filter: "Filtrar",
  noEmployees:
    "Todavía no hay empleados. Agrega a tu primer empleado para empezar.",
  showing: "Mostrando del {{from}} al {{to}} de {{total}}",
  employeesPages: "Páginas de empleados",
  employeesPage: "Página {{page}} de empleados",
  next: "Siguiente",
  toDo: {
    title: "Pendientes",
    nothing: "No hay nada pendiente por ahora.",
    approvals_one: "{{count}} solicitud espera tu decisión.",
    approvals_other: "{{count}} solicitudes esperan tu decisión.",
    approvals_many: "{{count}} de solicitudes esperan tu decisión.",
    review: "Revisar solicitudes",
    runs_one: "La nómina del {{date}} espera sus resultados.",
    runs_other: "{{count}} nóminas esperan sus resultados.",
    runs_many: "{{count}} de nóminas esperan sus resultados.",
    recordResults: "Registrar resultados",
    invitations_one: "{{count}} invitación aún no se ha aceptado.",
    invitations_other: "{{count}} invitaciones aún no se han aceptado.",
    invitations_many: "{{count}} de invitaciones aún no se han aceptado.",
    seeInvitations: "Ver invitaciones",
    unpaid:
      "{{name}} tiene aprobado un adelanto de {{amount}} y aún no paga el cargo; la aprobación vence después del {{date}}.",
    unpaidConfirm:
      "{{name}} tiene aprobado un adelanto de {{amount}} y aún no lo confirma; la aprobación vence después del {{date}}.",
    viewEmployee: "Ver empleado",
    leaverOwed:
      "{{name}} ya no trabaja en la empresa y se le deben {{amount}}: págaselos y registra el pago.",
    recordPayment: "Registrar el pago",
  },
};

export default employer;
