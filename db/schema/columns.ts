// What more than one domain's tables use: the column helpers and the company roles (a user's
// role in their company, and the role an invitation offers).
import { numeric, timestamp } from "drizzle-orm/pg-core";

// Money columns are numeric(10,2). drizzle returns them as strings ("300.00"); code converts
// them to integer cents with app/utils/money.ts and never does arithmetic on floats.
export const money = (name: string) =>
  numeric(name, { precision: 10, scale: 2 });
export const tstz = (name: string) =>
  timestamp(name, { withTimezone: true, mode: "date" });

export const COMPANY_ROLES = ["OWNER", "ADMIN", "APPROVER"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
