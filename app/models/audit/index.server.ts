// Audit: the company's and each user's trail of who did what.
// The domain's public face: code outside app/models/audit/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  actionLabel,
  AUDITED_SETTINGS,
  companyOf,
  countCompanyActivity,
  exportCompanyEventsCsv,
  listCompanyEvents,
  listOwnEvents,
  type PersonName,
  recordAudit,
  recordOwnAccountAction,
  recordSignIn,
  recordSignOut,
} from "./audit.server";
