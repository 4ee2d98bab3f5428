import { Badge } from "~/components/ui/badge";
import { useT } from "~/utils/i18n";

const RUN_STATUS_TONE: Record<string, "green" | "yellow" | "gray" | "red"> = {
  SUBMITTED: "yellow",
  RECONCILED: "green",
  COLLECTED: "green",
  MISSED: "red",
  WRITTEN_OFF: "gray",
};

export const LINE_TONE = {
  SUBMITTED: "blue",
  PAID: "green",
  NOT_PAID: "red",
} as const;
export const LINE_STATUS = {
  SUBMITTED: "run.reimbursements.toPay",
  PAID: "run.reimbursements.paid",
  NOT_PAID: "run.reimbursements.notPaid",
} as const;

export function RunStatus({ status }: { status: string }) {
  const t = useT("payroll");
  const tone = RUN_STATUS_TONE[status];
  return (
    <Badge tone={tone ?? "gray"}>{tone ? t(`status.${status}`) : status}</Badge>
  );
}
