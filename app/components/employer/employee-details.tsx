import { Badge } from "~/components/ui/badge";
import { useT } from "~/utils/i18n";

/** Under a list that holds more rows than the page shows (DETAILS_LIMIT, the newest). */
export function Newest({
  shown,
  limit,
  what,
}: {
  shown: boolean;
  limit: number;
  /** The `employees` key of the sentence. */
  what: "newestRequests" | "newestDeductions" | "newestCards";
}) {
  const t = useT("employees");
  return shown ? (
    <p className="mt-3 text-sm text-gray-700">
      {t(`details.${what}`, { limit })}
    </p>
  ) : null;
}

const DEDUCTION_TONE: Record<
  string,
  "green" | "yellow" | "gray" | "red" | "blue"
> = {
  SCHEDULED: "yellow",
  SUBMITTED: "blue",
  COLLECTED: "green",
  MISSED: "red",
  WRITTEN_OFF: "gray",
};

export function DeductionStatus({ status }: { status: string }) {
  const t = useT("employees");
  const tone = DEDUCTION_TONE[status];
  return (
    <Badge tone={tone ?? "gray"}>
      {tone ? t(`details.deductionStatus.${status}`) : status}
    </Badge>
  );
}

export const CARD_STATUS = ["active", "frozen", "closed", "expired"];
