import { formatDate } from "~/utils/dates";
import { useLanguage, useT } from "~/utils/i18n";
import { formatMoney } from "~/utils/money";

/** A deduction's recorded result, as the ledger's figures tell it (deductionFigures). */
export type DeductionResultData = {
  status: string;
  /** What was due. */
  amount: string;
  /** What payroll collected (null before a result). */
  collectedAmount: string | null;
  /** Due − collected once recorded. */
  shortfall: string;
  /** The pay date the shortfall moved to, if it did. */
  arrearsDate: string | null;
  /** What was written off after the employee's last paycheck. */
  writtenOffAmount: string;
};

/** Collected in part: the due amount was not all collected. */
export function isPartial(d: DeductionResultData): boolean {
  return (
    d.status === "COLLECTED" &&
    d.shortfall !== "0.00" &&
    d.collectedAmount !== null
  );
}

/**
 * What payroll did with one deduction, in words: "Collected $100.00 of $150.00 — $50.00 moved
 * to Dec 12, 2026" (or written off), "Collected $150.00", or a dash before any result.
 */
export function DeductionResult({ d }: { d: DeductionResultData }) {
  const t = useT("common");
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  if (d.collectedAmount === null) return <>—</>;
  if (d.shortfall === "0.00")
    return (
      <>
        {t("deductionResult.collected", {
          collected: money(d.collectedAmount),
        })}
      </>
    );
  const taken =
    d.collectedAmount === "0.00"
      ? t("deductionResult.missed", { amount: money(d.amount) })
      : t("deductionResult.partial", {
          collected: money(d.collectedAmount),
          amount: money(d.amount),
        });
  const rest =
    d.writtenOffAmount !== "0.00"
      ? t("deductionResult.writtenOff", {
          shortfall: money(d.writtenOffAmount),
        })
      : d.arrearsDate
        ? t("deductionResult.moved", {
            shortfall: money(d.shortfall),
            date: formatDate(d.arrearsDate, language),
          })
        : null;
  return (
    <>
      {taken}
      {rest ? ` — ${rest}` : null}
    </>
  );
}
