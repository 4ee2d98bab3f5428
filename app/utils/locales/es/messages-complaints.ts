// The `messages` namespace's entries in US Spanish for complaints (keyed by the English text;
// spread into it by ./messages).
const complaintMessages = {
  "Complaint sent": "Queja enviada",
  "Your reference is {{reference}}. We e-mailed you an acknowledgement.":
    "Tu referencia es {{reference}}. Te enviamos un correo de confirmación.",
  "Review started": "Revisión iniciada",
  "{{name}} was e-mailed that {{reference}} is in review.":
    "Le enviamos un correo a {{name}} de que {{reference}} está en revisión.",
  "Complaint resolved": "Queja resuelta",
  "{{name}} was e-mailed the resolution of {{reference}}.":
    "Le enviamos a {{name}} por correo la resolución de {{reference}}.",
  "Complaint not found": "Queja no encontrada",
  "This complaint is already resolved.": "Esta queja ya está resuelta.",
  "This complaint is already in review.": "Esta queja ya está en revisión.",
  "Only a company owner or admin can handle complaints.":
    "Solo un dueño o administrador de la empresa puede atender las quejas.",
  "Choose what the complaint is about": "Elige de qué se trata la queja",
  "Describe the problem": "Describe el problema",
  "Must be at most 2000 characters": "Debe tener como máximo 2000 caracteres",
  "Write the resolution the employee will read":
    "Escribe la resolución que leerá el empleado",
  "Reference cannot contain line breaks or control characters":
    "La referencia no puede contener saltos de línea ni caracteres de control",
  "status must be open, all, RECEIVED, IN_REVIEW or RESOLVED":
    "status debe ser open, all, RECEIVED, IN_REVIEW o RESOLVED",
  "Only a company owner can see the regulators' report.":
    "Solo un dueño de la empresa puede ver el informe para los reguladores.",
  "The period needs a from and a to date (yyyy-MM-dd), from before to.":
    "El período necesita una fecha inicial y una final (aaaa-MM-dd), la inicial antes de la final.",
  "The state is a two-letter US code, such as NV.":
    "El estado es un código de EE. UU. de dos letras, como NV.",
};

export default complaintMessages;
