// The `push` namespace in US Spanish: the notification settings on /profile and /settings, and
// the texts of the push notifications themselves.
const push = {
  settings: {
    title: "Notificaciones en tus dispositivos",
    intro:
      "Recibe una notificación en este teléfono o computadora cuando algo te necesite. Cada una también te llega por correo o en una página.",
    needsJavaScript:
      "Para activar las notificaciones en un dispositivo se necesita JavaScript: solo un script puede llegar al servicio de notificaciones del navegador. Los dispositivos y las opciones de abajo funcionan sin él.",
    unsupported: "Este navegador no puede recibir notificaciones.",
    blocked:
      "Las notificaciones de este sitio están bloqueadas en la configuración de este navegador.",
    turnOn: "Activar en este dispositivo",
    turnOff: "Desactivar en este dispositivo",
    working: "Un momento…",
    onHere: "Las notificaciones están activadas en este dispositivo.",
    offHere: "Las notificaciones están desactivadas en este dispositivo.",
    failed: "No se pudieron cambiar las notificaciones. Vuelve a intentarlo.",
    devices: "Dispositivos",
    devicesCaption: "Dispositivos que reciben tus notificaciones",
    columns: { device: "Dispositivo", added: "Agregado", actions: "Acciones" },
    thisDevice: "Este dispositivo",
    remove: "Quitar",
    removeLabel: "Quitar {{device}}",
    noDevices: "Ningún dispositivo recibe notificaciones todavía.",
    types: "Qué enviar",
    save: "Guardar opciones de notificación",
    saving: "Guardando...",
  },
  types: {
    advanceDecided: "Un adelanto aprobado o rechazado",
    cardReady: "Tu tarjeta de supermercado está lista",
    purchaseDeclined: "Una compra rechazada, y por qué",
    deductionSoon: "Un descuento de nómina en dos días",
    creditComing: "Un crédito en camino para ti",
    requestWaiting: "Una nueva solicitud por aprobar",
    payrollReady: "Una nómina lista",
    complaintReceived: "Una queja recibida",
  },
  notices: {
    advanceApproved: {
      title: "Adelanto aprobado",
      body: "Tu adelanto para supermercado de {{amount}} fue aprobado. Confírmalo para recibir tu tarjeta.",
    },
    advanceDeclined: {
      title: "Adelanto rechazado",
      body: "Tu solicitud de {{amount}} fue rechazada: {{reason}}",
    },
    cardReady: {
      title: "Tu tarjeta de supermercado está lista",
      body: "{{amount}} en la tarjeta {{card}}, para supermercados.",
    },
    purchaseDeclined: {
      title: "Compra rechazada",
      body: "{{amount}} en {{merchant}}: {{reason}}",
    },
    deductionSoon: {
      title: "Descuento de nómina en dos días",
      body: "Se descontarán {{amount}} de tu pago el {{date}}.",
    },
    creditComing: {
      title: "Un crédito está en camino",
      body: "Te devolvemos {{amount}}, que llegan con tu próximo pago.",
    },
    requestWaiting: {
      title: "Nueva solicitud pendiente",
      body: "{{name}} pide un adelanto para supermercado de {{amount}}.",
    },
    payrollReady: {
      title: "Nómina lista",
      body: "Los descuentos del {{date}} están listos: {{count}} descuentos, {{total}} en total.",
    },
    complaintReceived: {
      title: "Queja recibida",
      body: "{{name}} presentó una queja: {{summary}}",
    },
  },
  reasons: {
    notGrocery: "Esta tienda no es un supermercado.",
    declinedByEmployer: "Rechazado por el empleador",
  },
};

export default push;
