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
    workState: "Estado de trabajo (dos letras, como CT; opcional)",
    language: "Idioma de la invitación",
    languageHint:
      "El correo y la página a la que lleva están en este idioma; se elige el de tu empresa si no escoges otro.",
    failed: "No se envió la invitación",
    sending: "Enviando...",
    submit: "Enviar invitación",
    back: "Volver a empleados",
  },
  // /join: la página de la invitación, para quien la recibe.
  join: {
    gone: {
      unknown: {
        title: "Este enlace de invitación no funciona",
        text: "El enlace está incompleto o se reemplazó por una invitación más nueva. Pide a quien te invitó que te la envíe otra vez.",
      },
      used: {
        title: "Esta invitación ya se usó",
        text: "Cada enlace de invitación funciona una sola vez. Si fuiste tú, inicia sesión con el usuario y la contraseña que elegiste.",
      },
      revoked: {
        title: "Esta invitación se anuló",
        text: "La empresa anuló esta invitación. Pídele una nueva si todavía necesitas unirte.",
      },
      expired: {
        title: "Esta invitación venció",
        text: "Los enlaces de invitación funcionan durante 7 días. Pide a quien te invitó que te la envíe otra vez.",
      },
    },
    goToSignIn: "Ir a iniciar sesión",
    yourEmployer: "Tu empleador",
    heading: "Únete a {{company}}",
    invitesMember:
      "{{company}} invita a {{email}} a su equipo en Grocery Advance como {{role}}.",
    invitesEmployee:
      "{{company}} invita a {{email}} a Grocery Advance: adelantos para el supermercado de $200 a $500, que se pagan con tus cheques de pago.",
    signedInAs:
      "Iniciaste sesión como {{name}}. Únete con esta cuenta: conservas tu usuario y tu contraseña.",
    alreadyLinked:
      "Iniciaste sesión como {{name}}, cuya cuenta ya pertenece a una empresa. No cambiará nada.",
    newAccountOnly:
      "Iniciaste sesión como {{name}}. Esta invitación es para una cuenta nueva: cierra sesión y vuelve a abrir el enlace.",
    choose: "Elige tu usuario y tu contraseña. Nadie más los sabrá.",
    haveAccount:
      "¿Ya tienes una cuenta de empleado? <link> y vuelve a esta página.",
    signIn: "Inicia sesión",
    firstName: "Nombre",
    lastName: "Apellido",
    username: "Usuario",
    password: "Contraseña",
    passwordHint: "Al menos 6 caracteres, y que no sea fácil de adivinar.",
    notCreated: "No se creó la cuenta",
    creating: "Creando tu cuenta...",
    create: "Crear la cuenta y unirme",
    sentTo: "Esta invitación se envió a {{email}}.",
    otherAddress:
      "La dirección de tu cuenta es {{email}}: únete solo si la invitación era para ti.",
    confirmAddress: "{{email}} es mi dirección",
    notJoined: "No te uniste",
    joining: "Uniéndote...",
    join: "Unirme a {{company}}",
  },
};

export default invitations;
