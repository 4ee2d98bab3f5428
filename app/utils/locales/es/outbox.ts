// The `outbox` namespace in US Spanish: /outbox, the e-mails sent to the signed-in user, and the
// invitations they sent.
const outbox = {
  heading: "Correos recibidos y enviados",
  intro:
    "Los correos que Grocery Advance te envió y las invitaciones que enviaste a otras personas (sus enlaces de un solo uso no se muestran).",
  close: "Cerrar",
  to: "Para {{to}} · {{time}}",
  latest: "Últimos correos ({{count}})",
  caption: "Correos recibidos y enviados",
  columns: { time: "Hora", subject: "Asunto", to: "Para", status: "Estado" },
  empty: "Todavía no hay correos.",
  status: {
    kept: "En la bandeja de salida (sin servidor de correo)",
    pending: "Enviando",
    sent: "Enviado",
    failed: "No se pudo enviar",
  },
  withheld: {
    "sent-for-someone-else":
      "Este correo lleva un enlace de un solo uso solo para {{to}}, así que no se muestra aquí. Se envió; si no llegó, envía la invitación de nuevo.",
    delivered:
      "Este correo llevaba un enlace de un solo uso. Se entregó y el enlace no se guarda.",
  },
  notFound: "No se encontró el correo",
};

export default outbox;
