// The `invitations` namespace in US Spanish: the invitations tables (/employees,
// /settings/team), the Invite Employee page and form (docs/i18n-glossary.md).
const invitations = {
  table: {
    invited: "Invitado",
    role: "Rol",
    status: "Estado",
    sent: "Enviada",
    expires: "Vence",
    actions: "Acciones",
    resend: "Reenviar",
    resendTo: "Reenviar la invitación a {{email}}",
    revoke: "Anular",
    revokeTo: "Anular la invitación a {{email}}",
  },
  status: {
    PENDING: "Pendiente",
    ACCEPTED: "Aceptada",
    REVOKED: "Anulada",
    EXPIRED: "Vencida",
  },
  roles: {
    OWNER: "Dueño",
    ADMIN: "Administrador",
    APPROVER: "Aprobador",
  },
  roleDescriptions: {
    OWNER:
      "Todo lo que hace un administrador, más el equipo y las claves de API",
    ADMIN:
      "Empleados, invitaciones, nómina, configuración, exportación y actividad",
    APPROVER: "Inicio, aprobaciones, empleados e informes",
  },
  invite: {
    heading: "Invitar empleado",
    intro:
      "Le enviamos a tu empleado un correo con un enlace para unirse a tu empresa. Elige su propio usuario y contraseña, así nadie más los conoce, y puede pedir un adelanto en cuanto se une.",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    department: "Departamento (opcional)",
    failed: "No se envió la invitación",
    sending: "Enviando...",
    submit: "Enviar invitación",
    back: "Volver a empleados",
  },
};

export default invitations;
