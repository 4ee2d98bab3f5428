import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { useT } from "~/utils/i18n";

/** A complaint as the pages show it: dates already formatted in the page's language. */
export type ComplaintRow = {
  id: number;
  reference: string;
  category: string;
  details: string;
  subjectReference: string | null;
  status: "RECEIVED" | "IN_REVIEW" | "RESOLVED";
  resolution: string | null;
  filedOn: string;
  acknowledgeBy: string;
  resolveBy: string;
  reviewedOn: string | null;
  resolvedOn: string | null;
  late: boolean;
  employeeName?: string;
};

const TONES = {
  RECEIVED: "yellow",
  IN_REVIEW: "blue",
  RESOLVED: "green",
} as const;

/** One complaint: its reference, status, each step with its date, and the resolution. */
export function ComplaintCard({
  c,
  children,
}: {
  c: ComplaintRow;
  children?: ReactNode;
}) {
  const t = useT("complaints");
  return (
    <article
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4"
      aria-labelledby={`complaint-${c.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`complaint-${c.id}`} className="font-mono font-semibold">
          {c.reference}
        </h3>
        <Badge tone={TONES[c.status]}>{t(`statuses.${c.status}`)}</Badge>
        {c.late ? <Badge tone="red">{t("late")}</Badge> : null}
        <span className="text-sm text-gray-700">
          {t(`categories.${c.category}`)}
        </span>
      </div>
      {c.employeeName ? (
        <p className="text-sm text-gray-800">
          {t("columns.employee")}: {c.employeeName}
        </p>
      ) : null}
      <p className="whitespace-pre-wrap break-words text-sm text-gray-900">
        {c.details}
      </p>
      {c.subjectReference ? (
        <p className="break-words text-sm text-gray-700">
          {t("steps.reference", { reference: c.subjectReference })}
        </p>
      ) : null}
      <ol className="space-y-1 text-sm text-gray-700">
        <li>{t("steps.received", { date: c.filedOn })}</li>
        {c.reviewedOn ? (
          <li>{t("steps.review", { date: c.reviewedOn })}</li>
        ) : c.status === "RECEIVED" ? (
          <li>{t("steps.acknowledgeBy", { date: c.acknowledgeBy })}</li>
        ) : null}
        {c.resolvedOn ? (
          <li>{t("steps.resolved", { date: c.resolvedOn })}</li>
        ) : (
          <li>{t("steps.resolveBy", { date: c.resolveBy })}</li>
        )}
      </ol>
      {c.resolution ? (
        <div>
          <p className="text-sm font-medium text-gray-900">
            {t("steps.resolution")}
          </p>
          <p className="whitespace-pre-wrap break-words border-l-4 border-gray-200 pl-3 text-sm text-gray-900">
            {c.resolution}
          </p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
