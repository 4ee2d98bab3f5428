import * as z from "zod";
import { MAX_ID } from "~/utils/ids";
import { AUDIT_ACTIONS, type ActivityFilter } from "~/validation/audit";

// The /activity and /activity.csv query string, read on the server only (a .server module of
// the web layer), so zod's schema stays out of the page's browser bundle.

const filterSchema = z.object({
  employee: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});

/**
 * The /activity filter from the query string. A malformed or unknown value is ignored (the
 * whole list), like a malformed page number: a typed URL never gives an error page.
 */
export function readActivityFilter(url: URL): ActivityFilter {
  const filter: ActivityFilter = {};
  const employee = filterSchema.shape.employee.safeParse(
    url.searchParams.get("employee") || undefined,
  );
  if (employee.success && employee.data) filter.employee = employee.data;
  const action = filterSchema.shape.action.safeParse(
    url.searchParams.get("action") || undefined,
  );
  if (action.success && action.data) filter.action = action.data;
  return filter;
}
