// The `payroll` namespace in US Spanish: /payroll and a payroll run's page
// (docs/i18n-glossary.md).
const payroll = {
  heading: "Nómina",
  export: "Exportar la próxima nómina (CSV)",
  intro:
    "Próxima nómina: <date>. Procesar la nómina hoy envía a un proceso de nómina cada descuento con fecha del {{today}} o anterior. Solo cuentan como cobrados cuando registras lo que cubrió cada sueldo.",
  status: {
    SUBMITTED: "Enviado",
    RECONCILED: "Conciliado",
    COLLECTED: "Cobrado",
    MISSED: "No cobrado",
    WRITTEN_OFF: "Cancelado como pérdida",
  },
  run: {
    title: "Proceso de nómina del {{date}}",
    total: "Total {{amount}}",
    download: "Descargar el archivo del proceso (CSV)",
    columns: {
      employee: "Empleado",
      amount: "Monto",
      status: "Estado",
      collected: "Cobrado",
      record: "Registrar",
    },
    caption: "Descuentos de este proceso de nómina",
    empty: "Este proceso no tiene descuentos.",
    collectedFrom: "Cobrado a {{name}}",
    record: "Registrar",
    recorded: "Registrado",
    allCollected: "Todo se cobró completo",
    resultFile:
      "Archivo de resultados de la nómina (CSV: deductionId, collectedAmount)",
    upload: "Subir resultados",
    reimbursements: {
      title: "Reembolsos que sumar a los pagos: {{amount}}",
      text: "La nómina descontó más de lo que gastaron las tarjetas de estos empleados. Suma cada importe a su pago; al registrar los resultados de la nómina quedan pagados.",
      caption: "Reembolsos de esta nómina",
      amount: "Sumar al pago",
      toPay: "Por pagar",
      paid: "Pagado",
      notPaid: "No pagado",
      markNotPaid: "Marcar no pagado",
      notPaidFor: "La nómina no pagó el reembolso de {{name}}",
      movesOn: "Pasa a la próxima nómina",
    },
  },
  due: {
    title: "Para cobrar ahora ({{count}})",
    columns: {
      employee: "Empleado",
      department: "Departamento",
      deductionDate: "Fecha del descuento",
      amount: "Monto",
      request: "Solicitud",
    },
    caption: "Descuentos para cobrar ahora",
    empty: "No hay descuentos para cobrar.",
    total: "Total para cobrar: {{amount}}",
  },
  form: {
    nothingDue:
      "No hay descuentos para cobrar ahora, así que no hay nómina que procesar. La próxima nómina es el {{date}}.",
    confirm:
      "Confirmo que estos descuentos van en esta nómina: su archivo es lo que descuenta nuestra nómina.",
    failed: "No se pudo procesar la nómina",
    running: "Procesando la nómina...",
    submit: "Procesar nómina",
  },
  runs: {
    title: "Procesos de nómina",
    columns: {
      payDate: "Día de pago",
      status: "Estado",
      deductions: "Descuentos",
      total: "Total",
      collected: "Cobrado",
    },
    empty: "Todavía no hay procesos de nómina.",
    toRecord: "{{deductions}} ({{open}} por registrar)",
    open: "Abrir",
  },
};

export default payroll;
