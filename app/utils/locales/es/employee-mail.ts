// The `employeeMail` namespace in US Spanish: the rest of an employee's e-mails (declined,
// cancelled or expired, card not issued, password changed; app/services/mail/templates.tsx).
const employeeMail = {
  seeRequests: "Ver tus solicitudes",
  labels: {
    declinedOn: "Rechazada el",
    reason: "Motivo",
    cancelledOn: "Cancelada el",
    expiredOn: "Venció el",
    feeRefunded: "Cargo reembolsado",
    charged: "Cobrado",
  },
  declined: {
    subject: "Tu solicitud de adelanto de {{amount}} fue rechazada",
    heading: "Tu solicitud de adelanto fue rechazada",
    text: "Tu empleador rechazó tu solicitud de adelanto para el supermercado de {{amount}} el {{date}}.",
    noReason: "Rechazada por el empleador",
  },
  cancelled: {
    subject: "Tu solicitud de adelanto de {{amount}} se canceló",
    heading: "Tu solicitud de adelanto se canceló",
    text: "Tu solicitud de adelanto para el supermercado de {{amount}} se canceló el {{date}}.",
  },
  expired: {
    subject: "Tu solicitud de adelanto de {{amount}} venció",
    heading: "Tu solicitud de adelanto venció",
    text: "Tu adelanto para el supermercado de {{amount}}, ya aprobado, venció el {{date}}: no se pagó al confirmar dentro de los 7 días posteriores a su aprobación.",
  },
  nothingCharged:
    "No se cobró nada y no se descontará nada de tu sueldo por esta solicitud; cualquier monto que tu empleador haya reservado volvió a tu saldo disponible.",
  feeRefunded:
    "El cargo por servicio de {{fee}} que se cobró a tu tarjeta se te reembolsa (tu banco puede tardar de 5 a 10 días en mostrarlo). No se descontará nada de tu sueldo por esta solicitud; cualquier monto que tu empleador haya reservado volvió a tu saldo disponible.",
  feeReturned:
    "El cargo por servicio de {{fee}} que pagaste al confirmar vuelve a tu tarjeta: si estaba retenido, se libera la autorización; si se cobró, se te reembolsa (tu banco puede tardar de 5 a 10 días en mostrarlo). No se descontará nada de tu sueldo por esta solicitud; cualquier monto que tu empleador haya reservado volvió a tu saldo disponible.",
  cardNotIssued: {
    subject: "No se pudo emitir tu tarjeta de supermercado de {{amount}}",
    heading: "No se pudo emitir tu tarjeta de supermercado",
    text: "No pudimos emitir la tarjeta de supermercado de tu adelanto de {{amount}}, así que cancelamos la solicitud el {{date}}.",
    refunded:
      "El cargo por servicio de {{fee}} se reembolsó a tu tarjeta. Tu banco puede tardar de 5 a 10 días en mostrarlo.",
    released:
      "No se cobró nada: se liberó la autorización de {{fee}} en tu tarjeta.",
    nothingDeducted:
      "No se descontará nada de tu sueldo por este adelanto, y el monto volvió a tu saldo disponible. Puedes pedir un adelanto nuevo.",
  },
  passwordChanged: {
    subject: "Tu contraseña de {{product}} cambió",
    heading: "Tu contraseña cambió",
    reset:
      "Tu contraseña se restableció con un enlace de correo el {{date}}, y se cerraron todas las sesiones.",
    changed:
      "Tu contraseña cambió el {{date}}, y se cerraron tus otras sesiones.",
    notYou:
      "Si no fuiste tú, restablece tu contraseña ahora y avísale a tu empleador.",
    action: "Restablecer tu contraseña",
  },
  credit: {
    subject: "Te debemos {{amount}}",
    heading: "Te devolvemos dinero",
    text: "La nómina descontó más de lo que gastaron tus tarjetas de supermercado, así que te debemos {{amount}}.",
    byPayroll:
      "Se te devuelve el {{date}}, sumado a tu pago. No tienes que hacer nada.",
    byEmployer:
      "Ya no tienes pagos por recibir, así que tu empleador te lo devuelve directamente y registra el pago. Pregúntale si todavía no te llegó.",
    how: "Cómo se devuelve",
    howPayroll: "Sumado a tu pago",
    howEmployer: "Lo paga tu empleador",
    when: "Cuándo",
    action: "Ver tu historial",
  },
  creditPaid: {
    subject: "Te devolvimos {{amount}}",
    heading: "Te devolvimos el dinero",
    byPayroll:
      "Los {{amount}} que te debíamos se sumaron a tu pago del {{date}}.",
    byEmployer:
      "Tu empleador registró que te pagó los {{amount}} que te debíamos el {{date}}.",
    nothingOwed: "Ya no te debemos nada.",
    stillOwed:
      "Todavía te debemos {{amount}}; se te devuelve de la misma forma.",
  },
};

export default employeeMail;
