// The `reports` namespace in US Spanish: /reports and its charts (docs/i18n-glossary.md).
const reports = {
  heading: "Análisis del bienestar financiero de los empleados",
  intro:
    "Cómo usan tus empleados los adelantos para el supermercado, según las solicitudes de tu propia empresa.",
  totalAdvances: "Adelantos en total",
  breakdown:
    "Aprobadas: {{approved}}, rechazadas: {{declined}}, pendientes: {{pending}}",
  breakdownCancelled:
    "Aprobadas: {{approved}}, rechazadas: {{declined}}, pendientes: {{pending}}, canceladas: {{cancelled}}",
  totalAmount: "Monto total",
  average: "Promedio de {{amount}} por solicitud",
  approvalRate: "Tasa de aprobación",
  decided: "{{approved}} de {{decided}} solicitudes decididas",
  monthlyTrend: "Tendencia mensual",
  trend_one:
    "{{count}} solicitud en los últimos 30 días frente a {{prior}} en los 30 anteriores",
  trend_other:
    "{{count}} solicitudes en los últimos 30 días frente a {{prior}} en los 30 anteriores",
  trend_many:
    "{{count}} de solicitudes en los últimos 30 días frente a {{prior}} en los 30 anteriores",
  repayment: "Pago de los adelantos",
  collected: "Cobrado por nómina",
  writtenOff: "Cancelado como pérdida",
  writtenOffHint:
    "Lo que el último sueldo de quienes se fueron no alcanzó a cubrir",
  owed: "Aún se debe",
  owedBack: "Se debe a los empleados",
  owedBackHint:
    "La nómina descontó más de lo que gastaron sus tarjetas: va en la próxima nómina, o pagas directamente a quien se fue",
  paidBack: "Devuelto a los empleados",
  paidBackHint:
    "Saldos a favor devueltos con el pago o a quienes se fueron, últimos 12 meses",
  companyFees: "Cargos pagados por la empresa",
  companyFeesHint:
    "Cargos por servicio de los adelantos que tu empresa paga por sus empleados (Configuración), facturados a la empresa",
  monthlyVolume: "Volumen mensual de adelantos",
  volumeTitle: "Monto solicitado por mes, últimos 12 meses",
  volumeEmptySummary: "Dólares solicitados por mes en los últimos 12 meses.",
  volumeSummary_one:
    "Dólares solicitados por mes: {{total}} en {{count}} solicitud en 12 meses; el mes más alto fue {{month}} con {{amount}}.",
  volumeSummary_other:
    "Dólares solicitados por mes: {{total}} en {{count}} solicitudes en 12 meses; el mes más alto fue {{month}} con {{amount}}.",
  volumeSummary_many:
    "Dólares solicitados por mes: {{total}} en {{count}} de solicitudes en 12 meses; el mes más alto fue {{month}} con {{amount}}.",
  amountRequested: "Monto solicitado",
  requests: "Solicitudes",
  approved: "Aprobadas",
  volumeEmpty:
    "No hay solicitudes de adelanto en los últimos 12 meses. La gráfica se irá llenando a medida que tus empleados pidan adelantos.",
  noDataYet: "Todavía no hay datos",
  month: "Mes",
  topDepartments: "Departamentos principales",
  noApproved:
    "Todavía no hay datos: no hay adelantos aprobados en los últimos 12 meses.",
  departmentsTitle: "Monto de adelantos aprobados por departamento",
  departmentsSummary:
    "{{department}} va primero con el {{percent}} del monto aprobado.",
  department: "Departamento",
  approvedAmount: "Monto aprobado",
  share: "Porcentaje",
  advances: "Adelantos",
  noDepartment: "Sin departamento",
  ranked:
    "Ordenados por monto aprobado; los porcentajes son del total de adelantos aprobados ({{amount}}).",
  riskDistribution: "Distribución del riesgo",
  riskTitle: "Adelantos aprobados por nivel de riesgo",
  noApprovedYet: "Todavía no hay adelantos aprobados.",
  advance_one: "adelanto",
  advance_other: "adelantos",
  advance_many: "adelantos",
  riskBand: "Nivel de riesgo",
  approvedAdvances: "Adelantos aprobados",
  risk: {
    low: "Bajo (hasta $150)",
    moderate: "Moderado (de $151 a $350)",
    high: "Alto (más de $350)",
  },
  impact: "Impacto estimado",
  estimates: "Estimaciones",
  impactText:
    "Estimaciones del sector para programas como este, no medidas con tus datos.",
  impactNoData:
    " Tus propias cifras aparecen arriba en cuanto tus empleados pidan adelantos.",
  retention: "Retención de empleados (estimación)",
  retentionText: "Mejora estimada para los empleados que usan adelantos.",
  savings: "Ahorro estimado (estimación)",
  savingsText:
    "Por una menor rotación, con un costo estimado de {{amount}} para reemplazar a un empleado.",
  satisfaction: "Satisfacción de los empleados (estimación)",
  satisfactionText: "Puntuación estimada de satisfacción con el programa.",
  period:
    "<strong> los últimos 12 meses (del {{start}} al {{end}}). Las cifras cubren las solicitudes de tus empleados en ese período; las de departamentos y riesgo cuentan solo adelantos aprobados. La tendencia mensual compara los últimos 30 días con los 30 días anteriores.",
  periodLabel: "Período del informe:",
};

export default reports;
