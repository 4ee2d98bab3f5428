// The employer side's entries of the `messages` namespace in US Spanish (keyed by the English
// text; spread into it by ./messages).
const employerMessages = {
  "Approval failed": "No se pudo aprobar",
  "There was an error approving the request.":
    "Hubo un error al aprobar la solicitud.",
  "Decline failed": "No se pudo rechazar",
  "There was an error declining the request.":
    "Hubo un error al rechazar la solicitud.",
  "Unknown action": "Acción desconocida",
  "Request approved": "Solicitud aprobada",
  "The advance request has been approved successfully.":
    "La solicitud de adelanto se aprobó correctamente.",
  "{{name}}'s advance of {{amount}} is approved.":
    "Se aprobó el adelanto de {{amount}} de {{name}}.",
  "{{name}}'s advance of {{amount}} is declined.":
    "Se rechazó el adelanto de {{amount}} de {{name}}.",
  "Request declined": "Solicitud rechazada",
  "The advance request has been declined.":
    "La solicitud de adelanto se rechazó.",
  "This request has already been decided.":
    "Esta solicitud ya se aprobó o se rechazó.",
  "The employee's available balance no longer covers this amount.":
    "El saldo disponible del empleado ya no alcanza para este monto.",
  "Reason must be text": "El motivo debe ser texto",
  "Reason must be at most {{max}} characters":
    "El motivo puede tener como máximo {{max}} caracteres",
  "Employee added": "Empleado agregado",
  "{{name}} can now sign in as {{username}}.":
    "{{name}} ya puede iniciar sesión como {{username}}.",
  "There was an error adding the employee.":
    "Hubo un error al agregar al empleado.",
  "Employee offboarded": "Empleado dado de baja",
  "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; {{owed}} still owed falls on the last pay date.":
    "Se dio de baja a {{name}}. Tarjetas cerradas: {{cards}}; solicitudes canceladas: {{requests}}; los {{owed}} que aún debe se descuentan el último día de pago.",
  "{{name}} has left. Cards closed: {{cards}}; requests cancelled: {{requests}}; nothing is owed.":
    "Se dio de baja a {{name}}. Tarjetas cerradas: {{cards}}; solicitudes canceladas: {{requests}}; no debe nada.",
  "Employee not found.": "No se encontró al empleado.",
  "Employee not found": "No se encontró al empleado",
  "This employee has already been offboarded.":
    "Este empleado ya se dio de baja.",
  "This employee has already been offboarded with this last pay date.":
    "Este empleado ya fue dado de baja con este último día de pago.",
  "The last pay date cannot be before {{day}}, the start of the current pay cycle.":
    "El último día de pago no puede ser anterior al {{day}}, el inicio del ciclo de pago actual.",
  "The last pay date cannot be after {{day}}, the company's pay date after next.":
    "El último día de pago no puede ser posterior al {{day}}, la fecha de pago de la empresa después de la próxima.",
  "The last pay date cannot be before {{day}}, when the employee's latest card was issued.":
    "El último día de pago no puede ser anterior al {{day}}, cuando se emitió la tarjeta más reciente del empleado.",
  "The last pay date cannot be before {{day}}: a payroll run already holds this employee's deductions of that day.":
    "El último día de pago no puede ser anterior al {{day}}: una nómina ya incluye las deducciones de este empleado de ese día.",
  "The last pay date has passed: it can no longer be changed.":
    "El último día de pago ya pasó: ya no se puede cambiar.",
  "Last pay date changed": "Último día de pago cambiado",
  "What is owed now falls on {{date}}.":
    "Lo que se debe ahora se descuenta el {{date}}.",
  "Enter the employee's last pay date as a date like 2026-11-27.":
    "Escribe el último día de pago del empleado como una fecha, por ejemplo 2026-11-27.",
  "Please confirm that this employee is leaving the company.":
    "Confirma que este empleado deja la empresa.",
  "Invitation sent": "Invitación enviada",
  "{{name}} will get an e-mail at {{email}} with a link that works for {{days}} days.":
    "{{name}} recibirá un correo en {{email}} con un enlace que sirve durante {{days}} días.",
  "Invitation sent again": "Invitación reenviada",
  "Invitation revoked": "Invitación anulada",
  "A new link is on its way to {{email}}; the old one no longer works.":
    "Se está enviando un enlace nuevo a {{email}}; el anterior ya no sirve.",
  "The link sent to {{email}} no longer works.":
    "El enlace enviado a {{email}} ya no sirve.",
  "Not changed": "Sin cambios",
  "That address already belongs to one of your employees.":
    "Esa dirección ya es de uno de tus empleados.",
  "That address already belongs to a member of your team.":
    "Esa dirección ya es de un miembro de tu equipo.",
  "An invitation to that address is already pending.":
    "Ya hay una invitación pendiente para esa dirección.",
  "Invitation not found": "No se encontró la invitación",
  "This invitation is no longer pending.":
    "Esta invitación ya no está pendiente.",
  "Not removed": "No se quitó",
  "Confirm the removal with its button.":
    "Confirma con su botón que quieres quitar a esta persona.",
  "Choose a role": "Elige un rol",
  "Employee number": "Número de empleado",
  "Unknown member": "Miembro desconocido",
  "Import started": "Importación iniciada",
  "Sending {{count}} invitation; this page shows the progress.":
    "Enviando {{count}} invitación; esta página muestra el progreso.",
  "Sending {{count}} invitations; this page shows the progress.":
    "Enviando {{count}} invitaciones; esta página muestra el progreso.",
  "Import not found": "No se encontró la importación",
  "Choose a CSV file to upload.": "Elige un archivo CSV para subir.",
  "The file is larger than 5 MB.": "El archivo pesa más de 5 MB.",
  "The file is not a CSV file (comma-separated values, as a spreadsheet saves it).":
    "El archivo no es un CSV (valores separados por comas, como lo guarda una hoja de cálculo).",
  "The file has no header row with First name, Last name and Email columns.":
    "El archivo no tiene una fila de encabezado con las columnas Nombre, Apellido y Correo.",
  "The file has a header row but no employees.":
    "El archivo tiene fila de encabezado pero ningún empleado.",
  "The file has more than 10,000 rows; split it into smaller files.":
    "El archivo tiene más de 10,000 filas; divídelo en archivos más pequeños.",
  "This import was already confirmed; its progress is below.":
    "Esta importación ya se confirmó; su progreso está abajo.",
  "Duplicate of line {{line}} in this file":
    "Repite la línea {{line}} de este archivo",
  "Already one of your employees": "Ya es uno de tus empleados",
  "Already invited (invitation pending)":
    "Ya está invitado (invitación pendiente)",
  "Invalid row": "Fila no válida",
  "Role changed": "Rol cambiado",
  "{{name}} is now {{role}}.": "{{name}} ahora tiene el rol {{role}}.",
  owner: "dueño",
  admin: "administrador",
  approver: "aprobador",
  "Member removed": "Miembro quitado",
  "{{name}} no longer belongs to the team; their sessions have ended.":
    "{{name}} ya no pertenece al equipo; sus sesiones se cerraron.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}, and the API keys they created: {{keys}}.":
    "{{name}} ya no pertenece al equipo; sus sesiones se cerraron. Se revocaron con su salida las invitaciones que envió a {{invitations}} y las claves de API que creó: {{keys}}.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the invitations they sent to {{invitations}}.":
    "{{name}} ya no pertenece al equipo; sus sesiones se cerraron. Se revocaron con su salida las invitaciones que envió a {{invitations}}.",
  "{{name}} no longer belongs to the team; their sessions have ended. Revoked with them: the API keys they created: {{keys}}.":
    "{{name}} ya no pertenece al equipo; sus sesiones se cerraron. Se revocaron con su salida las claves de API que creó: {{keys}}.",
  "{{email}} will get an e-mail with a link that works for {{days}} days.":
    "{{email}} recibirá un correo con un enlace que sirve durante {{days}} días.",
  "Member not found": "No se encontró al miembro",
  "A company always keeps at least one owner.":
    "Una empresa siempre conserva al menos un dueño.",
  "Only a company owner or admin can manage employees.":
    "Solo un dueño o administrador de la empresa puede gestionar empleados.",
  "Only a company owner or admin can run payroll.":
    "Solo un dueño o administrador de la empresa puede procesar la nómina.",
  "Only a company owner or admin can change the company settings.":
    "Solo un dueño o administrador de la empresa puede cambiar la configuración de la empresa.",
  "Only a company owner or admin can see the company's activity.":
    "Solo un dueño o administrador de la empresa puede ver la actividad de la empresa.",
  "Only a company owner can manage the team.":
    "Solo un dueño de la empresa puede gestionar el equipo.",
  "Pay schedule saved": "Calendario de pagos guardado",
  "New deductions fall on the new pay dates.":
    "Los descuentos nuevos caen en los nuevos días de pago.",
  "Settings saved": "Configuración guardada",
  "{{company}}: advances up to {{max}}; requests under {{limit}} are approved at once.":
    "{{company}}: adelantos de hasta {{max}}; las solicitudes por debajo de {{limit}} se aprueban al instante.",
  "{{company}}: advances up to {{max}}; every request waits for an approver.":
    "{{company}}: adelantos de hasta {{max}}; cada solicitud espera a un aprobador.",
  "Company not found": "No se encontró la empresa",
  "Use at most 2 decimal places": "Usa como máximo 2 decimales",
  "Contact phone": "Teléfono de contacto",
  "Contact email": "Correo de contacto",
  "Contact phone must be at most {{max}} characters":
    "El teléfono de contacto puede tener como máximo {{max}} caracteres",
  "Enter a valid phone number": "Escribe un número de teléfono válido",
  "Enter the maximum advance in dollars":
    "Escribe el adelanto máximo en dólares",
  "Enter the auto-approval limit in dollars":
    "Escribe el límite de aprobación automática en dólares",
  "Choose how often the company pays: WEEKLY, BIWEEKLY, SEMIMONTHLY or MONTHLY.":
    "Elige cada cuánto paga la empresa: WEEKLY, BIWEEKLY, SEMIMONTHLY o MONTHLY.",
  "Enter the next pay date as a date like 2026-11-27.":
    "Escribe el próximo día de pago como una fecha, por ejemplo 2026-11-27.",
  "The next pay date cannot be in the past.":
    "El próximo día de pago no puede estar en el pasado.",
  "A semi-monthly schedule pays on the 15th and on the last day of the month.":
    "Un calendario quincenal paga el día 15 y el último día del mes.",
  "A monthly schedule pays on the last day of the month.":
    "Un calendario mensual paga el último día del mes.",
  "Maximum advance must be at least {{amount}}":
    "El adelanto máximo debe ser de al menos {{amount}}",
  "Maximum advance cannot exceed {{amount}}":
    "El adelanto máximo no puede ser mayor que {{amount}}",
  "Auto-approval limit cannot be negative":
    "El límite de aprobación automática no puede ser negativo",
  "Auto-approval limit cannot exceed {{amount}}":
    "El límite de aprobación automática no puede ser mayor que {{amount}}",
  "Auto-approval limit cannot exceed the maximum advance":
    "El límite de aprobación automática no puede ser mayor que el adelanto máximo",
  "Key revoked": "Clave anulada",
  "{{name}} no longer works.": "{{name}} ya no funciona.",
  "Endpoint removed": "Endpoint quitado",
  "Endpoint enabled": "Endpoint activado",
  "{{url}} gets events again.": "{{url}} vuelve a recibir eventos.",
  "{{url}} gets no more events.": "{{url}} ya no recibe eventos.",
  "Test event queued": "Evento de prueba en cola",
  "A signed ping will be sent to {{url}} shortly.":
    "En breve se enviará un ping firmado a {{url}}.",
  "Endpoint changed": "Endpoint cambiado",
  "{{url}} is saved.": "{{url}} está guardado.",
  "Delivery queued": "Entrega en cola",
  "The event will be sent again shortly.":
    "El evento se volverá a enviar en breve.",
  "API key not found": "No se encontró la clave de API",
  "Webhook endpoint not found": "No se encontró el endpoint de webhook",
  "A company can have at most 10 webhook endpoints. Remove one before adding another.":
    "Una empresa puede tener como máximo 10 endpoints de webhook. Elimina uno antes de añadir otro.",
  "Unknown Grocery-Advance-Version: send a version the API guide lists (a date such as 2026-11-28), or none":
    "Grocery-Advance-Version desconocida: envía una versión de las que lista la guía de la API (una fecha como 2026-11-28), o ninguna",
  "Webhook delivery not found": "No se encontró la entrega de webhook",
  "Send at least one of url, events, description and enabled":
    "Envía al menos uno de url, events, description y enabled",
  "The endpoint is disabled: enable it before sending a test event.":
    "El endpoint está desactivado: actívalo antes de enviar un evento de prueba.",
  "The endpoint may not contain a user name or password":
    "El endpoint no puede incluir un usuario ni una contraseña",
  "The endpoint may not be a private address":
    "El endpoint no puede ser una dirección privada",
  "Choose at least one scope": "Elige al menos un permiso",
  "Choose at least one event": "Elige al menos un evento",
  Name: "Nombre",
  "Unknown scope": "Permiso desconocido",
  "Unknown event": "Evento desconocido",
  "At most 2000 characters": "Como máximo 2000 caracteres",
  "Enter an https:// address": "Escribe una dirección https://",
  "Payroll results recorded": "Resultados de la nómina registrados",
  "Reimbursement not paid": "Reembolso no pagado",
  "The credit stays owed and goes on the next payroll run.":
    "El saldo a favor sigue pendiente y pasa a la próxima nómina.",
  "Choose a reimbursement line of this run.":
    "Elige una línea de reembolso de esta nómina.",
  "unpaidReimbursements must be a list of reimbursement line ids of this run.":
    "unpaidReimbursements debe ser una lista de ids de líneas de reembolso de esta nómina.",
  "Reimbursement line {{id}} is not in this payroll run.":
    "La línea de reembolso {{id}} no está en este proceso de nómina.",
  "Reimbursement line {{id}} is already recorded as paid.":
    "La línea de reembolso {{id}} ya está registrada como pagada.",
  "Reimbursement line {{id}} appears more than once.":
    "La línea de reembolso {{id}} aparece más de una vez.",
  "Nothing changed: these results were already recorded.":
    "Nada cambió: estos resultados ya estaban registrados.",
  "{{count}} deduction reconciled.": "{{count}} descuento conciliado.",
  "{{count}} deductions reconciled.": "{{count}} descuentos conciliados.",
  "Payroll run created": "Proceso de nómina creado",
  "Nothing to submit": "Nada que enviar",
  "There were no deductions due.": "No había descuentos para cobrar.",
  "{{count}} deduction submitted, {{amount}} in total. Record what payroll collected when it is done.":
    "{{count}} descuento enviado, {{amount}} en total. Registra lo que cobró la nómina cuando termine.",
  "{{count}} deductions submitted, {{amount}} in total. Record what payroll collected when it is done.":
    "{{count}} descuentos enviados, {{amount}} en total. Registra lo que cobró la nómina cuando termine.",
  "The results file must be a CSV with the columns deductionId and collectedAmount (the run's own file with collectedAmount filled in works).":
    "El archivo de resultados debe ser un CSV con las columnas deductionId y collectedAmount (sirve el propio archivo del proceso con collectedAmount completado).",
  "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).":
    "Escribe lo que cobró la nómina, en dólares con 2 decimales como máximo (0 si no cobró nada).",
  "Please confirm that these deductions go to this payroll.":
    "Confirma que estos descuentos van en esta nómina.",
  "A payroll run cannot be dated in the future.":
    "Un proceso de nómina no puede tener una fecha futura.",
  "Payroll run not found.": "No se encontró el proceso de nómina.",
  "Use a date like 2026-11-27.": "Usa una fecha como 2026-11-27.",
  "Deduction {{id}} is not in this payroll run.":
    "El descuento {{id}} no está en este proceso de nómina.",
  "The {{collected}} collected from {{name}} is more than the {{amount}} due.":
    "Los {{collected}} cobrados a {{name}} son más que los {{amount}} que se debían.",
  "A different result for deduction {{id}} is already recorded.":
    "Ya hay otro resultado registrado para el descuento {{id}}.",
  "Deduction {{id}} appears more than once in these results.":
    "El descuento {{id}} aparece más de una vez en estos resultados.",
  "Send at least one result.": "Envía al menos un resultado.",
  "Each result needs a deductionId.": "Cada resultado necesita un deductionId.",
  "Company not found.": "No se encontró la empresa.",
  // Settings › Security: two-factor sign-in.
  "Two-factor sign-in": "Verificación en dos pasos",
  "Check the form and try again.":
    "Revisa el formulario y vuelve a intentarlo.",
  "Two-factor sign-in is on": "La verificación en dos pasos está activada",
  "Save your recovery codes now.": "Guarda ahora tus códigos de recuperación.",
  "Two-factor sign-in is off": "La verificación en dos pasos está desactivada",
  "You now sign in with your password only.":
    "Ahora inicias sesión solo con tu contraseña.",
  "Enter your password": "Escribe tu contraseña",
  "Password is incorrect": "La contraseña no es correcta",
  "Two-factor sign-in is already on.":
    "La verificación en dos pasos ya está activada.",
  "Start the set-up again: it is not in progress.":
    "Vuelve a empezar la configuración: no está en curso.",
  "Two-factor sign-in is not on.":
    "La verificación en dos pasos no está activada.",
  "Two-factor sign-in is available to employer accounts.":
    "La verificación en dos pasos está disponible para las cuentas de empleador.",
  // /join: the invitation's page.
  "Welcome aboard": "Te damos la bienvenida",
  "Your account now belongs to {{company}}.":
    "Tu cuenta ahora pertenece a {{company}}.",
  "your company": "tu empresa",
  "Your account is ready, {{name}}.": "Tu cuenta está lista, {{name}}.",
  "Confirm that this invitation was sent to your address.":
    "Confirma que esta invitación se envió a tu dirección.",
  "Sign in first, then press Join.":
    "Primero inicia sesión y luego presiona Unirme.",
  "This invitation link is no longer valid. Ask for a new invitation.":
    "Este enlace de invitación ya no es válido. Pide una invitación nueva.",
  "This invitation is for a new account: sign out, then open the link again.":
    "Esta invitación es para una cuenta nueva: cierra sesión y vuelve a abrir el enlace.",
  "Your account already belongs to {{company}}. Nothing was changed.":
    "Tu cuenta ya pertenece a {{company}}. No se cambió nada.",
  "another company": "otra empresa",
  "Your pay schedule comes from your connected payroll system, and its next sync sets it back. Confirm to change it anyway.":
    "Tu calendario de pagos viene de tu sistema de nómina conectado, y su próxima sincronización lo restablece. Confirma para cambiarlo de todos modos.",
  "Deductions written again": "Deducciones escritas de nuevo",
  "The amounts were sent to your payroll system again.":
    "Los montos se enviaron de nuevo a tu sistema de nómina.",
  "This payroll run was not written to your payroll system.":
    "Esta corrida de nómina no se escribió en tu sistema de nómina.",
  "The payroll connection is not turned on for this server.":
    "La conexión con la nómina no está activada en este servidor.",
  "This payroll connection link is not valid any more. Start the connection again from Settings.":
    "Este enlace de conexión con la nómina ya no es válido. Vuelve a iniciar la conexión desde Configuración.",
  "Your company's payroll is already connected. Disconnect it first to connect another.":
    "La nómina de tu empresa ya está conectada. Desconéctala primero para conectar otra.",
  "Your company's payroll is not connected.":
    "La nómina de tu empresa no está conectada.",
  "The payroll connection was not finished: nothing was connected.":
    "La conexión con la nómina no se terminó: no se conectó nada.",
  "Finch did not answer. Nothing was changed: try again in a few minutes.":
    "Finch no respondió. No se cambió nada: inténtalo de nuevo en unos minutos.",
  "Finch refused the connection. Nothing was changed: start the connection again.":
    "Finch rechazó la conexión. No se cambió nada: vuelve a iniciar la conexión.",
  "Payroll connected": "Nómina conectada",
  "Your payroll system is connected: {{provider}}.":
    "Tu sistema de nómina está conectado: {{provider}}.",
  "Payroll disconnected": "Nómina desconectada",
  "The access was revoked at Finch and deleted here.":
    "El acceso se revocó en Finch y se eliminó aquí.",
  "Not connected": "No conectado",
  "Roster synced": "Plantilla sincronizada",
  "The roster was read from your payroll system.":
    "Se leyó la plantilla de tu sistema de nómina.",
  "Offboarding confirmed": "Baja confirmada",
  "{{name}} was offboarded with the last pay date from payroll.":
    "{{name}} se dio de baja con la última fecha de pago de la nómina.",
  "Proposal dismissed": "Propuesta descartada",
  "Nobody was offboarded.": "No se dio de baja a nadie.",
  "This offboarding proposal is not open any more.":
    "Esta propuesta de baja ya no está abierta.",
  "Keep the payment reference to 100 characters or fewer.":
    "La referencia del pago puede tener como máximo 100 caracteres.",
  "Please confirm that the company has paid this amount to the employee.":
    "Confirma que la empresa pagó este importe al empleado.",
  "Only a leaver's credit is paid by the employer directly; an employee still paid gets it on the next payroll run.":
    "Solo el saldo a favor de quien ya dejó la empresa lo paga el empleador directamente; un empleado que sigue cobrando lo recibe en la próxima nómina.",
  "Nothing is owed back to this employee.":
    "No se le debe nada a este empleado.",
  "{{amount}} recorded as paid; nothing is owed back any more.":
    "{{amount}} registrado como pagado; ya no se le debe nada.",
};

export default employerMessages;
