// The `disclosure` namespace in US Spanish: the cost of an advance before the employee commits
// (/request and /checkout; docs/i18n-glossary.md).
const disclosure = {
  title: "Lo que cuesta este adelanto",
  cardAmount: "Se carga en tu tarjeta de supermercado",
  feeCompany: "Cargo por servicio (lo paga tu empresa)",
  feeCheckout: "Cargo por servicio (se paga al confirmar)",
  total: "Total que pagas (el cargo y los descuentos)",
  totalCompanyPays: "Total que pagas (los descuentos)",
  apr: "Tasa de porcentaje anual (APR)",
  aprExplained:
    "El cargo expresado como tasa anual según tus fechas de pago, para compararlo con otros créditos.",
  deductions: "Descuentos de nómina",
  onlyCost:
    "El cargo por servicio de {{fee}} es el único costo: no hay intereses y pagas solo mediante descuento de nómina.",
  companyPays:
    "Tu empresa paga el cargo por servicio de {{fee}}: este adelanto no te cuesta nada, no hay intereses y solo devuelves el adelanto, mediante descuento de nómina.",
  terms:
    "Las fechas suponen que tu tarjeta se emite hoy. Versión de los términos {{version}}: <link>.",
  readTerms: "lee los términos",
  feeCapped:
    "{{state}} limita este cargo: {{fee}} es lo máximo que se puede cobrar por él, así que ese es el cargo.",
};

export default disclosure;
