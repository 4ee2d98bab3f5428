// The employee's form and validation messages, refusals and toasts in US Spanish, keyed by their
// English text (joined to the `messages` namespace; docs/i18n-glossary.md).
const validation = {
  // /profile
  "Enter your current password to change it":
    "Escribe tu contraseña actual para cambiarla",
  "Current password is incorrect": "La contraseña actual no es correcta",
  "Too many password attempts. Please wait a few minutes and try again.":
    "Demasiados intentos con la contraseña. Espera unos minutos y vuelve a intentarlo.",
  "E-mail choices saved": "Preferencias de correo guardadas",
  "We will e-mail you as you chose.":
    "Te enviaremos correos según lo que elegiste.",
  "Profile updated": "Perfil actualizado",
  "Your profile and password have been saved.":
    "Se guardaron tu perfil y tu contraseña.",
  "Your profile has been saved.": "Se guardó tu perfil.",
  "Language saved": "Idioma guardado",
  "Your pages and e-mails are in the language you chose.":
    "Tus páginas y correos están en el idioma que elegiste.",
  "Choose a language": "Elige un idioma",
  // /request and POST /api/advance-requests
  "Amount is required": "Falta el monto",
  "Amount must be a number": "El monto debe ser un número",
  "Amount can have at most 2 decimal places":
    "El monto puede tener como máximo 2 decimales",
  "Repayment periods must be 1, 2 or 3":
    "Los períodos de pago deben ser 1, 2 o 3",
  "You must agree to the terms and conditions":
    "Debes aceptar los términos y condiciones",
  "Routing number must be exactly 9 digits":
    "El número de ruta debe tener exactamente 9 dígitos",
  "Account number must be 4 to 17 digits":
    "El número de cuenta debe tener de 4 a 17 dígitos",
  "Reason must be at most 500 characters":
    "El motivo puede tener como máximo 500 caracteres",
  "Reason must be text": "El motivo debe ser texto",
  "Amount exceeds your available balance of {{amount}}":
    "El monto supera tu saldo disponible de {{amount}}",
  "Your account is not linked to an employer yet.":
    "Tu cuenta todavía no está vinculada a un empleador.",
  "Only employees can request an advance.":
    "Solo los empleados pueden pedir un adelanto.",
  "You can only request an advance for your own account.":
    "Solo puedes pedir un adelanto para tu propia cuenta.",
  "You can no longer request advances: your employer has offboarded you.":
    "Ya no puedes pedir adelantos: tu empleador te dio de baja.",
  "There was an error submitting your request.":
    "Hubo un error al enviar tu solicitud.",
  "Request submitted": "Solicitud enviada",
  "Your grocery advance request has been submitted successfully.":
    "Tu solicitud de adelanto para el supermercado se envió correctamente.",
  "employeeId must be a positive whole number":
    "employeeId debe ser un número entero positivo",
  // /checkout
  "Invalid checkout parameters. Please try again.":
    "Los datos del pago no son válidos. Vuelve a intentarlo.",
  "Enter your card number.": "Escribe el número de tu tarjeta.",
  "Your card number is incorrect.": "El número de tu tarjeta no es correcto.",
  "Your card number is incomplete.": "El número de tu tarjeta está incompleto.",
  "Enter the expiry date (MM / YY).":
    "Escribe la fecha de vencimiento (MM / AA).",
  "Enter the expiry date as MM / YY.":
    "Escribe la fecha de vencimiento como MM / AA.",
  "Enter the security code.": "Escribe el código de seguridad.",
  "Your card's security code is incomplete.":
    "El código de seguridad de tu tarjeta está incompleto.",
  "Success!": "¡Listo!",
  "Your grocery advance has been processed. You can now use your virtual card.":
    "Tu adelanto para el supermercado está listo. Ya puedes usar tu tarjeta virtual.",
  "Payment setup failed": "No se pudo preparar el pago",
  "Payment failed": "El pago no se realizó",
  "Card creation failed": "No se pudo crear la tarjeta",
  "Unknown form": "Formulario desconocido",
  "Payment succeeded but we couldn't create your grocery card.":
    "El pago se realizó, pero no pudimos crear tu tarjeta de supermercado.",
  "This advance request has not been approved yet.":
    "Esta solicitud de adelanto todavía no se aprobó.",
  "This advance request was declined.":
    "Esta solicitud de adelanto fue rechazada.",
  "A grocery card has already been issued for this advance.":
    "Ya se emitió una tarjeta de supermercado para este adelanto.",
  "The payment for this advance has not been completed.":
    "El pago de este adelanto no se completó.",
  "This advance request was cancelled.":
    "Esta solicitud de adelanto fue cancelada.",
  "The processing fee of this advance is $0.00: there is nothing to pay. Confirm the advance to get your card.":
    "El cargo por servicio de este adelanto es de $0.00: no hay nada que pagar. Confirma el adelanto para recibir tu tarjeta.",
  "Your company pays the fee for this advance: there is nothing to pay. Confirm the advance to get your card.":
    "Tu empresa paga el cargo de este adelanto: no hay nada que pagar. Confirma el adelanto para recibir tu tarjeta.",
  "The amount {{amount}} does not match the approved advance of {{expected}}.":
    "El monto {{amount}} no coincide con el adelanto aprobado de {{expected}}.",
  "No approved advance of {{amount}} is waiting for payment.":
    "No hay ningún adelanto aprobado de {{amount}} pendiente de pago.",
  "The card could not be issued. Please try again.":
    "No se pudo emitir la tarjeta. Vuelve a intentarlo.",
  "Your payment went through, and your grocery card is being issued. We'll keep trying; if it cannot be issued within {{minutes}} minutes, the processing fee comes back to your card and we'll e-mail you.":
    "Tu pago se realizó y tu tarjeta de supermercado se está emitiendo. Seguiremos intentándolo; si no se puede emitir en {{minutes}} minutos, el cargo por servicio vuelve a tu tarjeta y te enviaremos un correo.",
  "This payment could not be found.": "No se encontró este pago.",
  "An error occurred during payment processing.":
    "Ocurrió un error al procesar el pago.",
  "The card payment provider is not available. Please try again later.":
    "El proveedor de pagos con tarjeta no está disponible. Vuelve a intentarlo más tarde.",
  "We couldn't set up the payment. Please try again.":
    "No pudimos preparar el pago. Vuelve a intentarlo.",
  "Failed to set up payment": "No se pudo preparar el pago",
  "Failed to create grocery card":
    "No se pudo crear la tarjeta de supermercado",
  Error: "Error",
  // /cards/:id
  "Card not found.": "No se encontró la tarjeta.",
  "This card can only be used at grocery stores.":
    "Esta tarjeta solo se puede usar en supermercados.",
  "This shop is not on the card's list of superstores, and purchases in its category ({{code}}) are allowed only there.":
    "Esta tienda no está en la lista de hipermercados de la tarjeta, y las compras de su categoría ({{code}}) solo se permiten en ellos.",
  "This card is frozen.": "Esta tarjeta está congelada.",
  "This card is not active.": "Esta tarjeta no está activa.",
  "This card has expired.": "Esta tarjeta venció.",
  "This card can only be used for purchases in US dollars.":
    "Esta tarjeta solo se puede usar para compras en dólares estadounidenses.",
  "The purchase amount must be more than $0.00.":
    "El monto de la compra debe ser mayor que $0.00.",
  "The purchase of {{amount}} is more than the card's remaining balance of {{remaining}}.":
    "La compra de {{amount}} supera el saldo restante de la tarjeta de {{remaining}}.",
  "Simulated purchases exist only in sandbox mode: with Stripe, purchases come from the card network.":
    "Las compras simuladas solo existen en el modo de prueba: con Stripe, las compras vienen de la red de tarjetas.",
  "This card is already closed.": "Esta tarjeta ya está cerrada.",
  "The full card details are shown by the card provider's secure display, which needs JavaScript. Please enable it to see them.":
    "Los datos completos de la tarjeta se muestran en la pantalla segura del proveedor de la tarjeta, que necesita JavaScript. Actívalo para verlos.",
  "This card is closed: its details are no longer shown.":
    "Esta tarjeta está cerrada: sus datos ya no se muestran.",
  "Card details come from the built-in sandbox here: press Show card details on the card's page.":
    "Aquí los datos de la tarjeta vienen del entorno de prueba: toca Mostrar datos de la tarjeta en la página de la tarjeta.",
  "A refund cannot be more than the card has spent.":
    "Un reembolso no puede ser mayor que lo que se gastó con la tarjeta.",
  "Not applied: the refund is more than the card has spent.":
    "No aplicado: el reembolso es mayor que lo que se gastó con la tarjeta.",
  "Enter an amount in dollars, like 50.00":
    "Escribe un monto en dólares, como 50.00",
  "Merchant name": "Nombre del comercio",
  "Enter the merchant's name": "Escribe el nombre del comercio",
  "Choose the merchant's category": "Elige la categoría del comercio",
  "Must be at most 100 characters": "Máximo 100 caracteres",
  "Please confirm that you want to close this card for good.":
    "Confirma que quieres cerrar esta tarjeta para siempre.",
  "Card frozen": "Tarjeta congelada",
  "Every purchase is declined until you unfreeze it.":
    "Todas las compras se rechazan hasta que la descongeles.",
  "Card unfrozen": "Tarjeta descongelada",
  "You can shop again.": "Ya puedes volver a comprar.",
  "Card closed": "Tarjeta cerrada",
  "Nothing was left on it to return.": "No le quedaba nada por devolver.",
  "The {{left}} left on it comes off your upcoming deductions.":
    "Los {{left}} que le quedaban se restan de tus próximos descuentos.",
  "The {{left}} left on it comes off your upcoming deductions; {{credit}} of it is more than you owe, and is paid back to you.":
    "Los {{left}} que le quedaban se restan de tus próximos descuentos; {{credit}} es más de lo que debes, y te lo devolvemos.",
  "Refund received": "Reembolso recibido",
  "{{amount}} from {{merchant}} is back on the card.":
    "{{amount}} de {{merchant}} volvió a la tarjeta.",
  "Choose an action on this page.": "Elige una acción de esta página.",
  "Declined by Stripe ({{reason}}).": "Rechazada por Stripe ({{reason}}).",
  "The card details could not be shown: the card payment provider is not available. Please try again later.":
    "No se pudieron mostrar los datos de la tarjeta: el proveedor de pagos con tarjeta no está disponible. Vuelve a intentarlo más tarde.",
  // The account's sessions and its own trail (/profile; the session list on /settings too)
  "Active now": "Activa ahora",
  "{{minutes}} minutes ago": "hace {{minutes}} minutos",
  "1 hour ago": "hace 1 hora",
  "{{hours}} hours ago": "hace {{hours}} horas",
  Unknown: "Desconocida",
  "Unknown device": "Dispositivo desconocido",
  "{{browser}} on {{system}}": "{{browser}} en {{system}}",
  "Not signed out": "No se cerró la sesión",
  "Device forgotten": "Dispositivo olvidado",
  "Its next sign-in is treated as a new device's.":
    "Su próximo inicio de sesión se tratará como el de un dispositivo nuevo.",
  "Signed out": "Sesión cerrada",
  "1 other session has been signed out.": "Se cerró 1 sesión más.",
  "{{count}} other sessions have been signed out.":
    "Se cerraron {{count}} sesiones más.",
  System: "Sistema",
  "Request filed": "Solicitud enviada",
  "Request approved": "Solicitud aprobada",
  "Request declined": "Solicitud rechazada",
  "Request expired": "Solicitud vencida",
  "Payment authorized": "Pago autorizado",
  "Fee charged": "Cargo cobrado",
  "Hold released": "Retención liberada",
  "Card issued": "Tarjeta emitida",
  "Unspent card balance returned": "Saldo sin usar de la tarjeta devuelto",
  "Employee added": "Empleado agregado",
  "Employee offboarded": "Empleado dado de baja",
  "Credit netted against what is owed":
    "Saldo a favor descontado de lo adeudado",
  "Credit paid back": "Saldo a favor devuelto",
  "Reimbursement not paid by payroll": "Reembolso no pagado por la nómina",
  "Signed in": "Inicio de sesión",
  "Password reset e-mailed": "Enlace para restablecer la contraseña enviado",
  "Password reset by e-mail link":
    "Contraseña restablecida con el enlace del correo",
  "E-mail address confirmed": "Correo electrónico confirmado",
  "Session revoked": "Sesión cerrada a distancia",
  "Two-factor sign-in turned on": "Verificación en dos pasos activada",
  "Two-factor sign-in turned off": "Verificación en dos pasos desactivada",
  "Invitation accepted": "Invitación aceptada",
  "Deduction written off": "Descuento cancelado",
  "Reason: {{reason}}": "Motivo: {{reason}}",
  "Under the auto-approval limit":
    "Por debajo del límite de aprobación automática",
  "A trusted device forgotten": "Se olvidó un dispositivo de confianza",
  "Released {{amount}}; nothing charged":
    "Se liberaron {{amount}}; no se cobró nada",
  "Held {{authorized}}, charged {{captured}}, released {{released}}":
    "Retenido {{authorized}}, cobrado {{captured}}, liberado {{released}}",
  "Fee of {{amount}} paid by the company; nothing charged to the employee":
    "Cargo de {{amount}} pagado por la empresa; no se cobró nada al empleado",
};

export default validation;
