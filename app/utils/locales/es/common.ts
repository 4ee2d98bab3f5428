// The `common` namespace in US Spanish (i18next's JSON format; docs/i18n-glossary.md).
const common = {
  titles: {
    activity: "Actividad",
    addEmployee: "Agregar empleado",
    apiReference: "Referencia de la API",
    approvals: "Aprobar solicitudes",
    dashboard: "Inicio",
    employees: "Empleados",
    history: "Historial de adelantos",
    howItWorks: "Cómo funciona",
    importRoster: "Importar una lista de empleados",
    inviteEmployee: "Invitar a un empleado",
    join: "Únete a tu empresa",
    outbox: "Correos",
    paymentSuccess: "Pago realizado",
    payroll: "Nómina",
    profile: "Mi perfil",
    reports: "Análisis de bienestar financiero de los empleados",
    rosterImport: "Importación de la lista",
  },
  skipToMain: "Ir al contenido principal",
  loading: "Cargando",
  language: {
    label: "Idioma",
    switch: "Cambiar el idioma a {{language}}",
  },
  nav: {
    main: "Principal",
    menu: "Menú",
    dashboard: "Inicio",
    requestAdvance: "Pedir adelanto",
    history: "Historial",
    profile: "Perfil",
    approvals: "Aprobar solicitudes",
    employees: "Empleados",
    reports: "Informes",
    activity: "Actividad",
    settings: "Configuración",
    logout: "Cerrar sesión",
  },
  errors: {
    accessDenied: "Acceso denegado",
    noPermission: "No tienes permiso para ver esta página.",
    backToDashboard: "Volver al inicio",
    notFound: "404: página no encontrada",
    notFoundHint: "La página que buscas no existe o cambió de dirección.",
    unavailable: "Volvemos enseguida",
    unavailableHint:
      "El servicio no está disponible por el momento. Vuelve a intentarlo en un momento.",
    refused: "No pudimos procesar esa solicitud",
    somethingWrong: "Algo salió mal",
    couldNotLoad:
      "No pudimos cargar esta página. Vuelve a intentarlo en un momento.",
  },
  toast: {
    dismiss: "Cerrar aviso",
  },
  notAvailable: "N/D",
  fields: {
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
  },
};

export default common;
