// The database schema, one file a domain (docs/architecture.md "Tables, raw SQL and the rules in
// triggers"): each table is defined in the file of the domain that owns it, lowest domain first.
// drizzle-kit reads this index (drizzle.config.ts) and the app imports it as `#db/schema`.
// tests/unit/layers.test.ts reads which file defines a table as the table's owner.
export { COMPANY_ROLES, type CompanyRole } from "./columns";
export * from "./audit";
export * from "./ledger";
export * from "./notifications";
export * from "./integrations";
export * from "./people";
export * from "./companies-base";
export * from "./companies";
export * from "./advances";
export * from "./repayments";
export * from "./cards";
export * from "./payroll";
export * from "./complaints";
export * from "./reports";
