// The `settings` namespace in US Spanish: /settings (company settings, pay schedule), the team
// page and the API page (docs/i18n-glossary.md).
const settings = {
  retention: {
    heading: "Conservación de registros",
    text: "Cuántos años se conservan los registros después del último movimiento de dinero de una persona; pasado ese plazo, la tarea diaria de conservación elimina los datos personales de quienes se fueron y mantiene las sumas. Al menos {{min}} años por los estados donde trabajan tus empleados, como máximo 10.",
    label: "Años conservados",
    save: "Guardar conservación",
    saving: "Guardando...",
    failed: "No se guardó la conservación",
  },
  titles: {
    settings: "Configuración de la empresa",
    team: "Equipo",
    api: "API",
    webhookEndpoint: "Endpoint de webhook",
    payroll: "Conexión con la nómina",
  },
  email: {
    title: "Tu correo electrónico",
    confirmed: "Tu correo {{email}} está confirmado.",
    notConfirmed:
      "Tu correo {{email}} aún no está confirmado: abre el enlace que te enviamos.",
    companyLimits:
      "Tu empresa puede enviar {{hour}} invitaciones por hora y {{day}} por día.",
    companyLimitsUntilConfirmed:
      "Hasta que un dueño de la empresa confirme su correo, tu empresa puede enviar {{hour}} invitaciones por hora y {{day}} por día.",
    sendAgain: "Enviar de nuevo el enlace de confirmación",
  },
  page: {
    heading: "Configuración de la empresa",
    intro:
      "El perfil de tu empresa, tu programa de adelantos y tus preferencias de notificación.",
    team: "Equipo",
    teamText: "Invita a colegas, cambia sus roles o quítalos en la <link>.",
    teamLink: "página del equipo",
    api: "API y webhooks",
    apiText:
      "Crea claves de API para tu sistema de nómina o de recursos humanos y agrega endpoints de webhook en la <link>.",
    apiLink: "página de la API",
    company: "Empresa",
    help: "Ayuda",
    helpText:
      "¿Tienes preguntas sobre tu programa de adelantos? Escribe a <email> o lee <link>.",
    helpLink: "cómo funciona Grocery Advance",
  },
  form: {
    profile: "Perfil de la empresa",
    companyName: "Nombre de la empresa",
    contactEmail: "Correo de contacto",
    contactPhone: "Teléfono de contacto",
    optional: "Opcional",
    program: "Programa de adelantos",
    maxAdvance: "Adelanto máximo",
    maxAdvanceHint:
      "Entre {{min}} y {{max}}. Los empleados nuevos empiezan con este saldo.",
    approvalLimit: "Límite de aprobación automática",
    approvalLimitHint:
      "Las solicitudes por debajo de este monto se aprueban al instante. Con 0 se desactiva.",
    fee: "Cargo por servicio (solo lectura)",
    feeHint: "Un cargo fijo por adelanto, sin intereses.",
    companyPays: "La empresa paga el cargo",
    companyPaysHint:
      "Así tus empleados no pagan nada por un adelanto: al pagar solo se les pide confirmar, y el cargo de cada adelanto se le factura a la empresa (ver Informes).",
    coolingOffDays: "Días después de un adelanto devuelto antes del siguiente",
    coolingOffDaysHint:
      "Una pausa después de devolver cada adelanto. Las reglas de un estado pueden pedir una más larga, que entonces se aplica.",
    maxAdvancesPerYear: "Máximo de adelantos en 12 meses",
    maxAdvancesPerYearHint:
      "Por empleado, en cualquier periodo de 12 meses. También se aplica el límite propio de un estado.",
    minPaycheckLeft: "Parte del cheque de pago que queda (%)",
    minPaycheckLeftHint:
      "Cuando se conoce el pago neto de un empleado, se rechaza un adelanto cuyo descuento dejaría menos de esta parte de su próximo cheque de pago. 0 desactiva la revisión.",
    states: "Trabajan en: {{states}}.",
    noStates:
      "Aún no hay un estado de trabajo registrado: indícalo en la página de cada empleado.",
    management: "Gestión de empleados",
    enrolled_one:
      "{{count}} empleado está inscrito en tu programa de adelantos.",
    enrolled_other:
      "{{count}} empleados están inscritos en tu programa de adelantos.",
    enrolled_many:
      "{{count}} de empleados están inscritos en tu programa de adelantos.",
    manageEmployees: "Gestionar empleados",
    addEmployee: "Agregar empleado",
    notifications: "Notificaciones",
    emailMeAbout: "Envíame un correo sobre:",
    newRequests: "Nuevas solicitudes de adelanto",
    monthlyReports: "Informes mensuales",
    systemUpdates: "Novedades del sistema",
    outbox: "Ver los correos que te enviamos",
    failed: "No se guardó la configuración",
    saving: "Guardando...",
    save: "Guardar configuración",
  },
  schedule: {
    confirmTitle: "¿Cambiar el calendario de pagos que da la nómina?",
    confirmText:
      "Tu calendario de pagos viene de tu sistema de nómina conectado, y su próxima sincronización lo restablece. ¿Cambiarlo de todos modos a {{frequency}} con la próxima fecha de pago {{date}}?",
    confirmChange: "Cambiarlo de todos modos",
    confirmKeep: "Mantener el calendario de la nómina",
    title: "Calendario de pagos",
    text: "Los descuentos caen en tus días de pago: el primero de un adelanto, en el primer día de pago a partir de la emisión de su tarjeta; luego uno por día de pago.",
    frequency: "Cada cuánto pagas",
    frequencies: {
      WEEKLY: "Cada semana",
      BIWEEKLY: "Cada dos semanas",
      SEMIMONTHLY: "Dos veces al mes (el 15 y el último día)",
      MONTHLY: "Cada mes (el último día)",
    },
    nextPayDate: "Próximo día de pago",
    nextPayDateHint:
      "El próximo día en que tu empresa paga a sus empleados: hoy o después. Los descuentos caen ese día.",
    failed: "No se guardó el calendario de pagos",
    saving: "Guardando...",
    save: "Guardar calendario",
  },
  team: {
    heading: "Equipo",
    intro:
      "Las personas que manejan el programa de adelantos de tu empresa. Los aprobadores ven el inicio, aprueban o rechazan solicitudes y ven los empleados y los informes; los administradores además gestionan empleados, nómina, configuración y el registro de actividad; los dueños además gestionan el equipo.",
    members: "Miembros",
    invite: "Invitar a un colega",
    invitations: "Invitaciones",
    invitationsCaption: "Invitaciones al equipo",
    noInvitations: "No hay invitaciones.",
    back: "Volver a la configuración",
    never: "Nunca",
    caption: "Miembros del equipo",
    columns: {
      member: "Miembro",
      role: "Rol",
      lastSignIn: "Último acceso",
      remove: "Quitar",
    },
    noMembers: "No hay miembros.",
    you: "{{name}} (tú)",
    roleOf: "Rol de {{name}}",
    saveRoleOf: "Guardar el rol de {{name}}",
    save: "Guardar",
    removeFrom: "Quitar a {{name}} del equipo",
    remove: "Quitar",
    onlyOwner: "El único dueño",
    confirmRemove:
      "¿Quitar a {{name}} del equipo? Sus sesiones terminan en el acto, y se anulan las invitaciones que envió y las claves de API que creó.",
    confirmRemoveSelf:
      "¿Quitarte del equipo? Tu sesión se cierra en el acto, y se anulan las invitaciones que enviaste y las claves de API que creaste.",
    confirmRemoveButton: "Sí, quitar a {{name}}",
    email: "Correo electrónico",
    role: "Rol",
    roleDescription: "<role>: {{description}}",
    failed: "No se envió la invitación",
    sending: "Enviando...",
    send: "Enviar invitación",
  },
  api: {
    heading: "API",
    intro:
      "Las claves permiten que tu sistema de nómina o de recursos humanos use la <link> de tu empresa con <code>, limitada a los permisos que elijas.",
    jsonApi: "API JSON",
    newKeyLabel: "La nueva clave de API",
    newKey:
      "Tu nueva clave “{{name}}”. Cópiala ahora: no se volverá a mostrar.",
    keys: "Claves de API",
    createKey: "Crear una clave",
    secretLabel: "El secreto de firma",
    endpointAdded:
      "Endpoint agregado. Su secreto de firma (con él verificas la Grocery-Advance-Signature de cada entrega) no se volverá a mostrar.",
    endpoints: "Endpoints de webhook",
    addEndpoint: "Agregar un endpoint de webhook",
    recentDeliveries: "Entregas recientes",
    back: "Volver a la configuración",
    never: "Nunca",
    attemptErrors: {
      private_address: "rechazada: no es una dirección pública",
      https_only: "rechazada: solo direcciones https://",
      invalid_url: "no es una dirección válida",
      connection_refused: "conexión rechazada",
      timed_out: "se agotó el tiempo de espera",
      host_not_found: "no se encontró el servidor",
      host_unreachable: "no se puede llegar al servidor",
      connection_reset: "el endpoint cerró la conexión",
      certificate_rejected: "falló la conexión segura (certificado)",
      connection_failed: "falló la conexión",
    },
    keyColumns: {
      key: "Clave",
      scopes: "Permisos",
      lastUsed: "Último uso",
      revoke: "Anular",
    },
    noKeys: "Todavía no hay claves de API.",
    created: "Creada el {{date}}",
    revoked: "Anulada el {{date}}",
    revokeKey: "Anular la clave {{name}}",
    revoke: "Anular",
    endpointColumns: {
      endpoint: "Endpoint",
      events: "Eventos",
      remove: "Quitar",
    },
    noEndpoints: "Todavía no hay endpoints de webhook.",
    disabled:
      "Desactivado el {{date}} tras {{failures}} entregas fallidas seguidas desde el {{since}}. Arregla el endpoint y luego vuelve a activarlo.",
    enableEndpoint: "Volver a activar el endpoint {{url}}",
    enable: "Activar",
    removeEndpoint: "Quitar el endpoint {{url}}",
    remove: "Quitar",
    deliveriesCaption: "Entregas de webhook",
    deliveryColumns: {
      event: "Evento",
      status: "Estado",
      attempts: "Intentos",
      resend: "Reenviar",
    },
    noDeliveries: "Todavía no hay entregas.",
    deliveryStatus: {
      pending: "Reintentando",
      delivered: "Entregada",
      failed: "Falló",
    },
    noneYet: "Ninguno todavía",
    resendDelivery: "Reenviar {{type}} {{id}}",
    resend: "Reenviar",
    name: "Nombre",
    scopes: "Permisos",
    scopeLabels: {
      employees_read: "Ver empleados e invitaciones",
      employees_write: "Agregar, invitar y dar de baja a empleados",
      advances_read: "Ver solicitudes de adelanto",
      advances_write: "Aprobar y rechazar solicitudes de adelanto",
      payroll_read: "Ver procesos de nómina",
      payroll_write: "Enviar procesos de nómina y registrar sus resultados",
      webhooks_write: "Gestionar endpoints de webhook",
      complaints_read: "Leer las quejas de los empleados",
      complaints_write: "Revisar y resolver las quejas de los empleados",
    },
    keyFailed: "No se creó la clave",
    creating: "Creando...",
    create: "Crear clave",
    endpointUrl: "URL del endpoint",
    events: "Eventos",
    endpointFailed: "No se agregó el endpoint",
    adding: "Agregando...",
    add: "Agregar endpoint",
    answeredHttp: "el endpoint respondió HTTP {{status}}",
    manage: "Gestionar",
    manageEndpoint: "Gestionar el endpoint {{url}}",
    endpointPage: {
      heading: "Endpoint de webhook",
      back: "Volver a la página de la API",
      added:
        "Agregado el {{date}}. Los cuerpos se escriben en la versión {{version}} de la API.",
      enabledNow: "Activado: recibe los eventos a los que está suscrito.",
      disabledHeading: "Este endpoint está desactivado",
      disabledFailures:
        "Desactivado el {{date}}: sus últimas {{failures}} entregas fallaron, seguidas, desde el {{since}}. Un endpoint cuyas entregas fallan {{limit}} veces seguidas durante al menos {{hours}} horas se desactiva, para que un receptor averiado no acumule reintentos.",
      disabledTurnedOff:
        'Apagado el {{date}} por un cambio en el endpoint (Activado desmarcado aquí, o "enabled": false por la API).',
      disabledHow:
        "Mientras está desactivado no recibe eventos: no se le envía nada de lo que ocurra entretanto. Para volver a activarlo, arregla el receptor (el registro de entregas de abajo muestra su último error) y elige Activar: su cuenta de fallos vuelve a cero. Después, vuelve a entregar desde el registro los eventos que se perdió (una nueva entrega también lo activa).",
      test: "Enviar un evento de prueba",
      testText:
        "Envía un evento ping firmado solo a este endpoint, para comprobar que se puede llegar a él y que su firma se verifica. Aparece en el registro de entregas.",
      sendTest: "Enviar evento de prueba",
      edit: "Cambiar el endpoint",
      description: "Descripción (opcional)",
      enabled: "Activado (recibe eventos)",
      save: "Guardar cambios",
      saving: "Guardando...",
      editFailed: "No se cambió el endpoint",
      secret: "Secreto de firma",
      secretText:
        "Rotar crea un secreto de firma nuevo, que se muestra una sola vez. El anterior sigue firmando cada entrega (una segunda v1 en Grocery-Advance-Signature) durante {{hours}} horas: cambia tu receptor al nuevo en ese tiempo y no se rechaza ninguna entrega.",
      overlap: "El secreto anterior también firma hasta el {{date}}.",
      rotate: "Rotar el secreto",
      rotated:
        "Un secreto de firma nuevo. Cópialo ahora: no se volverá a mostrar. El secreto anterior sigue firmando hasta el {{date}}.",
      newSecretLabel: "El nuevo secreto de firma",
      log: "Registro de entregas",
      logCaption: "Entregas a este endpoint",
      logPages: "Páginas del registro de entregas",
      columns: {
        event: "Evento",
        status: "Estado",
        attempts: "Intentos",
        lastAnswer: "Última respuesta",
        next: "Próximo intento",
        redeliver: "Volver a entregar",
      },
      noDeliveries: "Todavía no hay entregas a este endpoint.",
      answered: "HTTP {{status}}",
      none: "Ninguno",
      redeliver: "Volver a entregar",
      redeliverLabel: "Volver a entregar {{type}} {{id}}",
    },
  },
  payroll: {
    heading: "Conexión con la nómina",
    intro:
      "Conecta tu sistema de nómina a través de Finch para que la plantilla, las fechas de pago y las deducciones lo sigan. Las empresas sin conexión conservan el archivo de nómina.",
    off: "La conexión con la nómina está desactivada en este servidor.",
    offHow:
      "Para activarla, el operador define FINCH_CLIENT_ID, FINCH_CLIENT_SECRET, FINCH_REDIRECT_URI (la dirección de este servidor seguida de /settings/payroll/callback) y FINCH_TOKEN_KEYS, y reinicia la aplicación (consulta docs/operations.md).",
    notConnected: "Tu sistema de nómina no está conectado.",
    connectText:
      "Al conectar se abre Finch Connect, donde eliges tu sistema de nómina e inicias sesión en él. Al terminar vuelves aquí.",
    connect: "Conectar la nómina",
    connected: "Conectado a {{provider}}",
    connectedBy: "Conectado por {{name}} el {{date}}.",
    typeAutomated:
      "Una conexión automatizada: Finch escribe las deducciones en tu sistema de nómina por sí mismo, {{days}} días antes de cada fecha de pago.",
    typeAssisted:
      "Una conexión asistida: el equipo de Finch ingresa las deducciones a mano en tu sistema de nómina en un plazo de 2 días hábiles, por eso se envían {{days}} días antes de cada fecha de pago.",
    granted: "Lo que comparte tu sistema de nómina",
    products: {
      company: "Datos de la empresa",
      directory: "Directorio de empleados",
      individual: "Nombres y correos de trabajo",
      employment: "Datos de empleo",
      payment: "Fechas de pago",
      pay_statement: "Recibos de pago",
      benefits: "Deducciones",
      deduction: "Deducciones",
    },
    disconnect: "Desconectar la nómina",
    disconnectText:
      "Al desconectar se revoca el acceso de Grocery Advance en Finch y se elimina aquí. El archivo de nómina sigue funcionando.",
    link: "página de conexión con la nómina",
    settingsText: "Conecta tu sistema de nómina en la <link>.",
    sync: "Plantilla",
    syncText:
      "La plantilla se lee de tu sistema de nómina cada mañana, o ahora. Las personas nuevas reciben una invitación; las que se fueron se proponen para la baja aquí abajo, y nadie se da de baja hasta que lo confirmes.",
    syncNow: "Sincronizar ahora",
    neverSynced: "Aún no se ha sincronizado.",
    lastSync:
      "Última sincronización {{date}}: {{people}} personas en la nómina, {{matched}} encontradas, {{updated}} actualizadas, {{invited}} invitadas, {{deferred}} esperando el límite de envíos, {{proposed}} propuestas para la baja, {{skipped}} sin correo de trabajo o nombre utilizable.",
    proposals: "Propuestas para la baja",
    noProposals: "No hay nadie propuesto para la baja.",
    proposal:
      "{{name}} ({{email}}): el empleo terminó {{endDate}}; última fecha de pago {{lastPayDate}}.",
    unknownDate: "desconocida",
    noLastPayDate:
      "La nómina no muestra una fecha de pago reciente: da de baja desde la página del empleado con la última fecha de pago.",
    confirm: "Confirmar la baja",
    confirmLabel: "Confirmar la baja de {{name}}",
    dismiss: "Descartar",
    dismissLabel: "Descartar la propuesta de {{name}}",
    openEmployee: "Abrir {{name}}",
    state: "Estado de la conexión",
    status: {
      OK: "Funciona: la última llamada a Finch salió bien.",
      UNAVAILABLE:
        "Finch no respondió el {{date}}. No se escribió nada en tu nómina; se vuelve a intentar cada mañana. Si falta poco para una fecha de pago, descarga el archivo de la corrida en Nómina e ingrésalo en tu sistema de nómina.",
      RATE_LIMITED:
        "Finch nos pidió ir más despacio el {{date}}. No se escribió nada en tu nómina; se vuelve a intentar después de {{retry}}.",
      REVOKED:
        "Finch ya no acepta esta conexión (se revocó en Finch o en tu sistema de nómina) desde el {{date}}. No se escribe nada en tu nómina: desconecta y vuelve a conectar. Mientras tanto, usa el archivo de la corrida en Nómina.",
      JOB_FAILED:
        "Tu sistema de nómina no aceptó las deducciones de la fecha de pago {{payDate}} ({{detail}}). Ingresa los montos del archivo de la corrida en tu sistema de nómina antes de la fecha de pago, o vuelve a escribirlos abajo.",
    },
    schedule: "Calendario de pagos",
    scheduleText:
      "Tu frecuencia de pago y tu próxima fecha de pago siguen los grupos de pago y las fechas de pago de tu sistema de nómina en cada sincronización: {{frequency}}, próxima fecha de pago {{date}}.",
    runs: "Deducciones escritas en la nómina",
    runsText:
      'Antes de cada fecha de pago, el pago del adelanto que debe cada empleado se escribe en el descuento "Grocery Advance repayment" de tu sistema de nómina, y vuelve a 0 después de la fecha de pago, cuando se leen los recibos de pago.',
    noRuns:
      "Todavía no se escribió ninguna corrida de nómina en tu sistema de nómina.",
    run: "Fecha de pago {{date}}: {{total}} de {{count}} empleados (trabajo de Finch {{job}}).",
    job: {
      PENDING: "Tu sistema de nómina está recibiendo las deducciones.",
      IN_PROGRESS:
        "Finch está escribiendo las deducciones en tu sistema de nómina.",
      COMPLETE: "Escrito en tu sistema de nómina.",
      FAILED:
        "No se escribió ({{detail}}): ingresa los montos del archivo de la corrida en tu sistema de nómina antes de la fecha de pago, o vuelve a escribirlos.",
    },
    jobAssisted:
      "El equipo de Finch ingresa estas deducciones a mano en tu sistema de nómina (una conexión asistida): revísalas allí antes de la fecha de pago; el archivo de la corrida tiene los montos.",
    writeAgain: "Volver a escribir",
    writeAgainLabel: "Volver a escribir las deducciones del {{date}}",
    openRun: "Abrir la corrida",
    resultsRead: "Resultados leídos de los recibos de pago el {{date}}.",
    unmatched: "Quedan para que los registres en la página de la corrida:",
    unmatchedLine: "{{name}}: {{reason}}",
    credits: "Créditos a devolver",
    creditsText:
      "Finch no puede agregar dinero a un cheque de pago, así que agrégalos tú a los próximos cheques de los empleados en tu sistema de nómina; se marcan pagados cuando se registran los resultados de la corrida.",
    noCredits: "No se debe devolver ningún crédito.",
    creditLine: "{{name}}: {{amount}} con la fecha de pago {{date}}",
    back: "Volver a Configuración de la empresa",
  },
};

export default settings;
