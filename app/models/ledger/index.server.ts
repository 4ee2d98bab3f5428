// Ledger: the double-entry money record and the balances derived from it.
// The domain's public face: code outside app/models/ledger/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  availableExpression,
  cardLeftCents,
  entryCtes,
  foldLedgerBalances,
  owedCents,
  postEntry,
  rebuildLedgerBalances,
  recordCardFunded,
  refreshAvailable,
  reserveOrRefuse,
  transfer,
} from "./ledger.server";
export type { EntryInput, Posting } from "./ledger.server";
export {
  companyCreditSql,
  companyTotals,
  repaymentOf,
  repaymentSince,
  repaymentStatement,
  type RepaymentRow,
} from "./repayment-figures.server";
export {
  cardRemainingSql,
  creditSql,
  availableToRequest,
  creditPaybackFrom,
  creditPaybackOf,
  creditPaybackSql,
  type CreditPayback,
  type CreditPaybackRow,
  owedSql,
} from "./figures.server";
