/**
 * The domains of app/models, lowest first: each may use only the domains before it, and only
 * through their index.server.ts (tests/unit/layers.test.ts). The README's layout lists them in
 * this order (tests/unit/docs-layout.test.ts).
 */
export const DOMAINS = [
  "audit",
  "ledger",
  "notifications",
  "integrations",
  "people",
  "companies",
  "advances",
  "repayments",
  "cards",
  "payroll",
  "complaints",
  "reports",
  "records",
] as const;
