// The `auth` namespace in US Spanish (i18next's JSON format; docs/i18n-glossary.md).
const auth = {
  titles: {
    signIn: "Iniciar sesión",
    forgotPassword: "Olvidé mi contraseña",
    resetPassword: "Restablecer la contraseña",
    confirmEmail: "Confirma tu correo electrónico",
  },
  tabs: {
    label: "Iniciar sesión o registrarse",
    login: "Entrar",
    register: "Registrarse",
  },
  fields: {
    username: "Usuario",
    password: "Contraseña",
    rememberMe: "Recordarme",
    companyName: "Nombre de la empresa",
    departmentOptional: "Departamento (opcional)",
    code: "Código de verificación",
    identifier: "Usuario o correo electrónico",
    newPassword: "Contraseña nueva",
    confirmPassword: "Confirma la contraseña nueva",
  },
  passwordHint:
    "Al menos 6 caracteres y difícil de adivinar: sin palabras comunes, nombres ni tu usuario.",
  login: {
    heading: "Entra a tu cuenta",
    forgot: "¿Olvidaste tu contraseña?",
    failed: "No se pudo iniciar sesión",
    submit: "Entrar",
    pending: "Entrando...",
  },
  code: {
    heading: "Verificación en dos pasos",
    intro:
      "Escribe el código de 6 dígitos de tu app de autenticación. ¿Perdiste tu teléfono? Escribe uno de tus códigos de recuperación.",
    submit: "Verificar",
    pending: "Verificando...",
    startAgain: "Empezar de nuevo",
  },
  register: {
    employeeHeading: "Crea una cuenta de empleado",
    employerHeading: "Crea una cuenta de empleador",
    failed: "No se pudo completar el registro",
    pending: "Registrando...",
    asEmployee: "Registrarme como empleado",
    asEmployer: "Registrarme como empleador",
    insteadEmployee: "Mejor registrarme como empleado",
    insteadEmployer: "Mejor registrarme como empleador",
  },
  aside: {
    heading: "Dinero para el supermercado cuando lo necesitas",
    intro:
      "Pequeños adelantos de tu sueldo, solo para compras de supermercado, que se pagan solos.",
    instantTitle: "Acceso rápido al dinero",
    instantText: "Aprobación en horas, no en días.",
    deductionsTitle: "Descuentos automáticos de nómina",
    deductionsText:
      "Paga en 1 a 3 cheques de pago, sin esfuerzo y sin intereses.",
    employersTitle: "Fácil de administrar para empleadores",
    employersText: "Revisa y aprueba solicitudes desde un panel sencillo.",
    learnMore: "Cómo funciona",
  },
  forgot: {
    heading: "¿Olvidaste tu contraseña?",
    intro:
      "Escribe tu usuario o el correo electrónico de tu cuenta. Te enviaremos un enlace para elegir una contraseña nueva.",
    notSent: "No se envió",
    submit: "Enviar enlace",
    pending: "Enviando...",
    support:
      "¿Ya no usas ese correo? Pide a tu empleador que restablezca tu contraseña o escribe a <email>.",
    backToSignIn: "Volver a iniciar sesión",
  },
  reset: {
    heading: "Elige una contraseña nueva",
    notChanged: "No se cambió la contraseña",
    submit: "Guardar contraseña nueva",
    pending: "Guardando...",
    newLink: "Pedir un enlace nuevo",
  },
  confirmEmail: {
    heading: "Confirma tu correo electrónico",
    text: "Confirma que {{email}} es tu correo. Así tu empresa podrá enviar todas sus invitaciones.",
    submit: "Confirmar mi correo electrónico",
    invalid:
      "Este enlace de confirmación venció, ya se usó o se envió a otro correo. Pide uno nuevo en la página de Configuración.",
    settings: "Ir a tu configuración",
  },
};

export default auth;
