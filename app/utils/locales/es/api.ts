// The employee's JSON API messages in US Spanish, keyed by their English text (joined to the
// `messages` namespace; field names, statuses and codes never change).
const api = {
  "Employee record not found": "No se encontró el registro del empleado",
  "You don't have permission to access this resource.":
    "No tienes permiso para acceder a este recurso.",
  "Amount must be a positive dollar amount, like 300.00":
    "El monto debe ser una cantidad positiva en dólares, como 300.00",
  "advanceRequestId is required": "Falta advanceRequestId",
  "advanceRequestId must be a request id":
    "advanceRequestId debe ser el id de una solicitud",
  "cardId must be a card id from GET /api/virtual-cards":
    "cardId debe ser el id de una tarjeta de GET /api/virtual-cards",
  "A nonce from Stripe.js is required.": "Se requiere un nonce de Stripe.js.",
  "Card details are entered in Stripe's payment form on this server.":
    "En este servidor, los datos de la tarjeta se escriben en el formulario de pago de Stripe.",
  "Unknown action": "Acción desconocida",
};

export default api;
