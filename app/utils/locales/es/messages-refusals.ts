// The `messages` namespace's entries in US Spanish for refusals and notices the server writes in
// English (keyed by the English text; spread into it by ./messages). tests/unit/i18n-catalogue.test.ts
// finds every such text in app/ and fails when one has no entry here or in another catalogue.
const refusalMessages = {
  "We couldn't create your grocery card, so the processing fee was refunded to your card. This request is cancelled; you can request a new advance.":
    "No pudimos crear tu tarjeta de supermercado, así que te reembolsamos el cargo por servicio a tu tarjeta. Esta solicitud quedó cancelada; puedes pedir un nuevo adelanto.",
  "We couldn't create your grocery card. This request is cancelled and the processing fee is being given back to your card; you can request a new advance.":
    "No pudimos crear tu tarjeta de supermercado. Esta solicitud quedó cancelada y te estamos devolviendo el cargo por servicio a tu tarjeta; puedes pedir un nuevo adelanto.",
  "Only employees can cancel their requests.":
    "Solo los empleados pueden cancelar sus solicitudes.",
  "Only employees sign a wage-deduction authorization.":
    "Solo los empleados firman una autorización de descuento de nómina.",
  "Only employees pay for their advances.":
    "Solo los empleados pagan sus adelantos.",
  "Not applied: the purchase it refunded was reversed.":
    "No aplicado: la compra que reembolsaba fue anulada.",
  "Only employers can add employees.":
    "Solo los empleadores pueden agregar empleados.",
  "This Idempotency-Key was already used with a different request.":
    "Esta Idempotency-Key ya se usó con otra solicitud.",
  "A request with this Idempotency-Key is still in progress. Please retry shortly.":
    "Una solicitud con esta Idempotency-Key todavía está en curso. Vuelve a intentarlo en un momento.",
  "A test event from Grocery Advance: this endpoint is reachable and its signature verifies.":
    "Un evento de prueba de Grocery Advance: este endpoint responde y su firma se verifica.",
  "The endpoint must be an https:// address":
    "El endpoint debe ser una dirección https://",
  "Delivered. The link is not kept.": "Entregado. El enlace no se guarda.",
  "Enter the last pay date as a date like 2026-11-27.":
    "Escribe la última fecha de pago como una fecha del tipo 2026-11-27.",
  "Only employers can run payroll.":
    "Solo los empleadores pueden procesar la nómina.",
  "Only employers can record payroll results.":
    "Solo los empleadores pueden registrar los resultados de la nómina.",
  "Use a date like 2026-11-22.": "Usa una fecha del tipo 2026-11-22.",
  "Only employers can export payroll.":
    "Solo los empleadores pueden exportar la nómina.",
  "User not found": "Usuario no encontrado",
  "Session not found": "Sesión no encontrada",
  "This is the session you are using. Use Sign out to end it.":
    "Esta es la sesión que estás usando. Usa Cerrar sesión para terminarla.",
  "Only employers can see reports.":
    "Solo los empleadores pueden ver los informes.",
  "The key was shown once, in the first answer to this request, and is not stored. If it was lost, revoke it and create another.":
    "La clave se mostró una sola vez, en la primera respuesta a esta solicitud, y no se guarda. Si se perdió, revócala y crea otra.",
  "The client secret was given once, in the first answer to this request, and is not stored. Send the request again without this Idempotency-Key: it reuses the same payment intent.":
    "El client secret se entregó una sola vez, en la primera respuesta a esta solicitud, y no se guarda. Envía la solicitud de nuevo sin esta Idempotency-Key: reutiliza el mismo payment intent.",
  "The ephemeral key was given once, in the first answer to this request, and is not stored. Ask for a new one with a new nonce.":
    "La clave efímera se entregó una sola vez, en la primera respuesta a esta solicitud, y no se guarda. Pide una nueva con un nuevo nonce.",
  "The new signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, rotate the secret again.":
    "El nuevo secreto de firma se mostró una sola vez, en la primera respuesta a esta solicitud, y no se guarda. Si se perdió, cambia el secreto de nuevo.",
  "The signing secret was shown once, in the first answer to this request, and is not stored. If it was lost, remove the endpoint and add it again.":
    "El secreto de firma se mostró una sola vez, en la primera respuesta a esta solicitud, y no se guarda. Si se perdió, elimina el endpoint y agrégalo de nuevo.",
  "Your card was declined.": "Tu tarjeta fue rechazada.",
  "This payment was canceled.": "Este pago fue cancelado.",
  "This payment was already captured.": "Este pago ya se cobró.",
  "This payment was not captured, so it has no refund.":
    "Este pago no se cobró, así que no tiene reembolso.",
  "The card details could not be shown. Please press Show card details again.":
    "No se pudieron mostrar los datos de la tarjeta. Vuelve a pulsar Mostrar datos de la tarjeta.",
  "You don't have permission to access this page.":
    "No tienes permiso para entrar a esta página.",
  "enabled must be true or false": "enabled debe ser true o false",
  "A nonce from Stripe.js is at most 500 characters.":
    "Un nonce de Stripe.js tiene como máximo 500 caracteres.",
  "page must be a whole number from 1":
    "page debe ser un número entero a partir de 1",
  "page is too large": "page es demasiado grande",
  "Too many requests with this API key. Please slow down.":
    "Demasiadas solicitudes con esta clave de API. Ve más despacio.",
  "The request body must be a form.":
    "El cuerpo de la solicitud debe ser un formulario.",
  "The form is too large.": "El formulario es demasiado grande.",
  "Text cannot contain null characters.":
    "El texto no puede contener caracteres nulos.",
  "Files cannot be uploaded here.": "Aquí no se pueden subir archivos.",
  "Text must be valid Unicode.": "El texto debe ser Unicode válido.",
  "Only employees enter their net pay.":
    "Solo los empleados escriben su sueldo neto.",
  "Net pay must be more than $0.00": "El sueldo neto debe ser mayor que $0.00",
};

export default refusalMessages;
