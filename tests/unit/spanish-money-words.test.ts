import type { Catalogue } from "~/utils/i18n";
import { RESOURCES } from "~/utils/i18n.server";

// The Spanish catalogue keeps the glossary's money words (docs/i18n-glossary.md): "reembolso"
// is a refund (money given back), never the repayment of an advance; the advance "goes onto"
// the grocery card ("se deposita en"), never "se carga a" (which reads as a charge); and
// "descontar" stays with payroll deductions.

/** Every entry of a catalogue as "ns.a.b" → text. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const spanish = flatten(RESOURCES.es as unknown as Catalogue);
const english = flatten(RESOURCES.en as unknown as Catalogue);

/** The English text of a Spanish entry: the same key (messages are keyed by their English). */
const englishOf = (key: string) =>
  english.get(key) ?? key.slice(key.indexOf(".") + 1);

describe("Spanish money words", () => {
  it('use "reembolso" only where the English says refund or reimbursement', () => {
    const wrong = [...spanish]
      .filter(([, text]) => /reembols/i.test(text))
      .filter(([key]) => !/refund|reimburs/i.test(englishOf(key)));
    expect(wrong).toEqual([]);
  });

  it('call repayment "pago del adelanto"', () => {
    expect(spanish.get("reports.repayment")).toBe("Pago de los adelantos");
    expect(spanish.get("common.columns.repayment")).toBe("Pago del adelanto");
    expect(spanish.get("mail.labels.repayment")).toBe("Pago del adelanto");
    const repayments = [...english]
      .filter(([key, text]) => /^repayment$/i.test(text) && spanish.has(key))
      .map(([key]) => spanish.get(key));
    expect(repayments.length).toBeGreaterThan(0);
    for (const text of repayments)
      expect(text).toMatch(/^Pago de(l| los) adelantos?$/);
  });

  it('never say the advance "se carga a" a card: it is deposited onto the grocery card', () => {
    const charged = [...spanish].filter(([, text]) =>
      /\bse cargan? a\b/i.test(text),
    );
    expect(charged).toEqual([]);
    expect(spanish.get("dashboard.employee.companyPaysFee")).toContain(
      "se depositan en tu tarjeta de supermercado",
    );
  });

  it('keep "descontar" for payroll: netting a credit says "restar"', () => {
    expect(spanish.get("activity.actions.credit__netted")).toBe(
      "Saldo a favor restado de lo adeudado",
    );
  });
});
