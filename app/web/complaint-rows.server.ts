import type {
  ComplaintView,
  QueuedComplaint,
} from "~/models/complaints/index.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";

/** A complaint for the pages: its dates in the page's language. */
export function complaintRow(
  c: ComplaintView | QueuedComplaint,
  language: Language,
) {
  return {
    id: c.id,
    reference: c.reference,
    category: c.category,
    details: c.details,
    subjectReference: c.subjectReference,
    status: c.status,
    resolution: c.resolution,
    filedOn: formatDate(c.createdAt, language),
    acknowledgeBy: formatDate(c.acknowledgeBy, language),
    resolveBy: formatDate(c.resolveBy, language),
    reviewedOn: c.reviewedAt ? formatDate(c.reviewedAt, language) : null,
    resolvedOn: c.resolvedAt ? formatDate(c.resolvedAt, language) : null,
    late: c.late,
    employeeName:
      "employee" in c
        ? `${c.employee.firstName} ${c.employee.lastName}`
        : undefined,
  };
}
