// The roster import's rules and messages (/employees/import), in one browser-safe module: the
// upload form, the model and the tests read them.

/** A roster file is at most 5 MB and 10,000 rows. */
export const ROSTER_MAX_BYTES = 5 * 1024 * 1024;
export const ROSTER_MAX_ROWS = 10_000;
/** Invitations are sent in batches of this many rows, one transaction each. */
export const ROSTER_BATCH = 200;

export const ROSTER_NO_FILE = "Choose a CSV file to upload.";
export const ROSTER_TOO_LARGE = "The file is larger than 5 MB.";
export const ROSTER_NOT_CSV =
  "The file is not a CSV file (comma-separated values, as a spreadsheet saves it).";
export const ROSTER_NO_HEADER =
  "The file has no header row with First name, Last name and Email columns.";
export const ROSTER_NO_ROWS = "The file has a header row but no employees.";
export const ROSTER_TOO_MANY_ROWS =
  "The file has more than 10,000 rows; split it into smaller files.";
export const ROSTER_NOT_PREVIEW =
  "This import was already confirmed; its progress is below.";

export const duplicateInFile = (line: number) =>
  `Duplicate of line ${line} in this file`;
export const ALREADY_EMPLOYEE = "Already one of your employees";
export const ALREADY_INVITED = "Already invited (invitation pending)";

/**
 * The columns a roster may have, by their header's letters (case, accents, spaces and "_"
 * ignored), in English or Spanish ("Nombre", "Apellido", "Correo", "Número de empleado").
 */
export const ROSTER_COLUMNS = {
  firstName: ["firstname", "first", "givenname", "nombre"],
  lastName: [
    "lastname",
    "last",
    "surname",
    "familyname",
    "apellido",
    "apellidos",
  ],
  email: ["email", "emailaddress", "mail", "correo", "correoelectronico"],
  department: ["department", "dept", "departamento"],
  employeeNumber: [
    "employeenumber",
    "employeeno",
    "employeeid",
    "number",
    "numerodeempleado",
  ],
  workState: ["workstate", "state", "estado", "estadodetrabajo"],
} as const;

/** How many refused or skipped rows the preview lists (the rest are counted). */
export const ROSTER_LISTED_ROWS = 200;
