// The `messages` namespace's entries in US Spanish for the state rules and the limits on repeat
// use (app/utils/state-rules.ts; keyed by the English text; spread into it by ./messages).
const stateRuleMessages = {
  "Net pay saved": "Pago neto guardado",
  "Net pay removed": "Pago neto eliminado",
  "Each advance shows what is left of your next paycheck.":
    "Cada adelanto muestra lo que queda de tu próximo cheque de pago.",
  "Advances no longer check what is left of your paycheck.":
    "Los adelantos ya no revisan lo que queda de tu cheque de pago.",
  "Net pay must be a dollar amount from $1.00 to $99,999.99, like 1250.00, or empty":
    "El pago neto debe ser un monto en dólares de $1.00 a $99,999.99, como 1250.00, o quedar vacío",
  "This advance would leave {{left}} of your next paycheck, less than the {{percent}} % your employer requires: choose a smaller amount or more pay periods.":
    "Este adelanto dejaría {{left}} de tu próximo cheque de pago, menos del {{percent}} % que exige tu empleador: elige un monto menor o más periodos de pago.",
  "The share of the paycheck left must be a whole number from 0 to 90":
    "La parte del cheque de pago que debe quedar debe ser un número entero de 0 a 90",
  "Retention saved": "Conservación guardada",
  "Records are kept for the years you chose.":
    "Los registros se conservan durante los años que elegiste.",
  "Records are kept {{min}} to 10 years: the states your employees work in require at least {{min}}.":
    "Los registros se conservan de {{min}} a 10 años: los estados donde trabajan tus empleados exigen al menos {{min}}.",
  "Authorization signed": "Autorización firmada",
  "Your advances can be repaid by payroll deduction.":
    "Tus adelantos se pueden devolver por descuento de nómina.",
  "Authorization withdrawn": "Autorización retirada",
  "No new advance can be requested until you sign it again. Advances already made are still repaid by payroll deduction.":
    "No se puede solicitar un adelanto nuevo hasta que la firmes de nuevo. Los adelantos ya hechos se siguen devolviendo por descuento de nómina.",
  "Days after a repaid advance must be a whole number from 0 to 90":
    "Los días después de un adelanto devuelto deben ser un número entero de 0 a 90",
  "Advances in 12 months must be a whole number from 1 to 52":
    "Los adelantos en 12 meses deben ser un número entero de 1 a 52",
  "Work state saved": "Estado de trabajo guardado",
  "The employee's next advances follow the rules of the state they work in.":
    "Los próximos adelantos del empleado siguen las reglas del estado donde trabaja.",
  "Grocery advances are not available for work in {{state}}: the program is not enabled there.":
    "Los adelantos para compras de supermercado no están disponibles para el trabajo en {{state}}: el programa no está habilitado allí.",
  "In {{state}}, advances must be offered at no cost to you: your employer has to pay the fee before you can request one.":
    "En {{state}}, los adelantos deben ofrecerse sin costo para ti: tu empleador tiene que pagar el cargo antes de que puedas solicitar uno.",
  "In {{state}}, an advance is repaid on your next pay date only: choose 1 pay period.":
    "En {{state}}, un adelanto se devuelve solo en tu próxima fecha de pago: elige 1 periodo de pago.",
  "In {{state}}, an advance is repaid over at most {{count}} pay periods.":
    "En {{state}}, un adelanto se devuelve en como máximo {{count}} periodos de pago.",
  "You can request your next advance on {{day}}: there is a pause after each advance is repaid.":
    "Puedes solicitar tu próximo adelanto el {{day}}: hay una pausa después de devolver cada adelanto.",
  "You have reached the limit of {{count}} advances in 12 months: you can request again on {{day}}.":
    "Llegaste al límite de {{count}} adelantos en 12 meses: puedes volver a solicitar el {{day}}.",
  "{{state}} allows {{count}} advances in {{days}} days: you can request again on {{day}}.":
    "{{state}} permite {{count}} adelantos en {{days}} días: puedes volver a solicitar el {{day}}.",
  "Sign the wage-deduction authorization on your Profile (/profile) before you request an advance.":
    "Firma la autorización de descuento de salario en tu Perfil (/profile) antes de solicitar un adelanto.",
  "Tick the box to sign the wage-deduction authorization.":
    "Marca la casilla para firmar la autorización de descuento de salario.",
  "Choose a US state (two letters, like CT).":
    "Elige un estado de EE. UU. (dos letras, como CT).",
  "South Carolina": "Carolina del Sur",
  "North Carolina": "Carolina del Norte",
  Louisiana: "Luisiana",
  Missouri: "Misuri",
  Pennsylvania: "Pensilvania",
  "New York": "Nueva York",
  "New Jersey": "Nueva Jersey",
  "New Mexico": "Nuevo México",
  Hawaii: "Hawái",
  "District of Columbia": "Distrito de Columbia",
};

export default stateRuleMessages;
