// The employer side's e-mails in US Spanish (spread into the `mail` namespace by i18n.server).
const employerMail = {
  newRequest: {
    subject: "Nueva solicitud de adelanto: {{employee}}, {{amount}}",
    heading: "Hay una nueva solicitud de adelanto esperando",
    text: "{{employee}} pidió un adelanto para el supermercado de {{amount}} el {{date}}.",
    employee: "Empleado",
    amount: "Monto",
    requestedOn: "Pedido el",
    reason: "Motivo",
    action: "Revisar solicitudes",
  },
  payrollFile: {
    reminderSubject:
      "Recordatorio: registra lo que cobró la nómina del {{date}}",
    subject:
      "Archivo de nómina listo para el {{date}}: {{total}} para descontar",
    reminderHeading: "Aún faltan los resultados de la nómina",
    heading: "Archivo de nómina listo",
    reminderText:
      "El proceso de nómina del {{date}} aún espera sus resultados. Hasta que se registren, sus descuentos cuentan como enviados, no como cobrados.",
    text: "El proceso de nómina del {{date}} está listo: entrega su archivo a tu nómina y luego registra lo que cubrió realmente cada sueldo.",
    payDate: "Día de pago",
    deductions: "Descuentos",
    total: "Total para descontar",
    employees: "Empleados",
    action: "Abrir el proceso de nómina",
  },
  monthlyReport: {
    subject: "Tu informe de {{product}} de {{month}}",
    heading: "Informe mensual: {{month}}",
    text: "Esto es lo que pasó en {{month}}.",
    requests: "Solicitudes recibidas",
    approved: "Solicitudes aprobadas",
    approvedTotal: "Monto aprobado",
    collected: "Cobrado por nómina",
    action: "Abrir los informes",
  },
  payrollConnection: {
    subject: "Tu conexión de nómina necesita atención",
    heading: "Conexión de nómina: algo salió mal",
    action: "Abrir la conexión de nómina",
  },
  webhookDisabled: {
    subject: "Se desactivó un endpoint de webhook",
    heading: "Se desactivó un endpoint de webhook",
    text: "Las últimas {{failures}} entregas a este endpoint fallaron, seguidas, desde el {{date}}, así que ya no recibe eventos. Arregla el endpoint y luego pulsa Activar en la página de la API para que vuelva a recibirlos.",
    endpoint: "Endpoint",
    failingSince: "Falla desde",
    action: "Abrir la página de la API",
  },
  accountCreated: {
    yourEmployer: "Tu empleador",
    subject: "{{company}} creó tu cuenta; elige tu propia contraseña",
    heading: "Elige tu propia contraseña",
    text: "{{company}} creó tu cuenta de {{product}} y le puso una primera contraseña, así que otra persona la conoce. Elige la tuya ahora: el enlace de abajo sirve una sola vez, durante {{days}} días.",
    reminder: "Hasta que lo hagas, tu página de inicio te lo recordará.",
    action: "Elegir mi contraseña",
  },
};

export default employerMail;
