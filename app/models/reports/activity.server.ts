import {
  exportCompanyEventsCsv,
  listCompanyEvents,
} from "~/models/audit/index.server";
import { userNames } from "~/models/people/index.server";
import type { User } from "#db/schema";
import type { Language } from "~/utils/i18n";
import type { ActivityFilter } from "~/validation/audit";

// The company's audit trail as /activity and its CSV show it: the audit's events, with who
// acted and on whom named from people's users.

/** A page of the company's events, newest first (see listCompanyEvents). */
export function listCompanyActivity(
  employer: User,
  filter: ActivityFilter,
  limit?: number,
  offset = 0,
  language: Language = "en",
) {
  return listCompanyEvents(
    employer,
    filter,
    userNames,
    limit,
    offset,
    language,
  );
}

/** The company's events matching the filter as CSV, newest first. */
export function exportCompanyActivityCsv(
  employer: User,
  filter: ActivityFilter,
) {
  return exportCompanyEventsCsv(employer, filter, userNames);
}
