// The `story` namespace in US Spanish: the money of a request in plain words (app/utils/money-story.ts).
const story = {
  checkoutNoFee:
    "El cargo por servicio de este adelanto es de $0.00 (el límite mensual de cargos de tu estado ya se alcanzó): no se cobra nada a tu tarjeta. Al presionar Recibir mi tarjeta confirmas el adelanto y se emite tu tarjeta de supermercado.",
  noFee:
    "El cargo por servicio de este adelanto fue de $0.00: no se cobró nada a tu tarjeta.",
  noFeeCardBeingIssued:
    "Tarjeta en emisión: el cargo por servicio de este adelanto es de $0.00 y no se cobra nada a tu tarjeta.",
  deduction: "{{amount}} el {{date}}",
  deductionCollected: "{{amount}} el {{date}} (cobrado)",
  deductionCarried: "{{amount}} el {{date}} (pasado del {{from}})",
  resultPartial: "{{collected}} de {{amount}} cobrados el {{date}}",
  resultMissed: "{{amount}} sin cobrar el {{date}}",
  restMoved: "{{shortfall}} pasados al {{date}}",
  restWrittenOff: "{{shortfall}} cancelados (no se descuenta nada más)",
  checkoutCompanyFee:
    "Al presionar Recibir mi tarjeta confirmas el adelanto y se emite tu tarjeta de supermercado: no se cobra nada a tu tarjeta.",
  checkoutFee:
    "Al presionar Pagar, a tu tarjeta solo se le cobra el cargo por servicio de {{fee}}: se autoriza ahora y se cobra cuando se emite tu tarjeta de supermercado. Si no se puede emitir la tarjeta, se libera la autorización y no se cobra nada.",
  pending: "No se retiene ni se cobra nada mientras tu empleador la revisa.",
  nothingHeld: "No se retuvo ni se cobró nada.",
  feeRefunded:
    "Cargo reembolsado: se cobró el cargo por servicio de {{fee}} y luego se devolvió a tu tarjeta, porque no se pudo emitir la tarjeta de supermercado. No debes nada.",
  holdReleased: "Se liberó la retención de {{amount}}; no se cobró nada.",
  companyCardBeingIssued:
    "Tarjeta en emisión: tu empresa paga el cargo por servicio de {{fee}} y no se cobra nada a tu tarjeta.",
  companyPaid:
    "Tu empresa pagó el cargo por servicio de {{fee}}: no se cobró nada a tu tarjeta.",
  cardClosed:
    "Tu tarjeta de supermercado está cerrada: {{spent}} gastados, {{returned}} devueltos. Descuentos de nómina: {{deductions}}.",
  cardHolds:
    "Tu tarjeta de supermercado tiene {{amount}}. Descuentos de nómina: {{deductions}}.",
  cardBeingIssued:
    "Tarjeta en emisión: el cargo por servicio de {{fee}} está autorizado en tu tarjeta. Si no se puede emitir la tarjeta en una hora, el cargo vuelve a tu tarjeta y no debes nada.",
  approvedNotPaid:
    "Aprobada, todavía sin pagar: no se retiene ni se cobra nada, y la nómina no descuenta nada hasta que se emita tu tarjeta. Las aprobaciones sin pagar vencen a los {{days}} días.",
  heldChargedReleased:
    "Retenido en tu tarjeta: {{held}}. Cobrado: {{charged}} (el cargo por servicio). Liberado: {{released}}.",
  charged:
    "Cobrado a tu tarjeta: {{charged}} (el cargo por servicio). El adelanto no se cobró a tu tarjeta.",
};

export default story;
