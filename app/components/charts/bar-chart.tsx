import { useId } from "react";
import { BarTrack } from "./bar-track";
import { ChartTable } from "./chart-table";
import { useT } from "~/utils/i18n";

export type Bar = {
  /** Short label under the bar ("Mar"). */
  label: string;
  /** Full label for the text alternative ("March 2026"). */
  longLabel: string;
  /** The bar's value in the axis unit (cents for a money axis). */
  value: number;
  /** The value as shown ("$1,250.00"). */
  valueLabel: string;
  /** Extra columns of the text alternative. */
  details?: string[];
};

/** Round steps for the value axis: 1, 2, 2.5 or 5 times a power of ten. */
export function axisTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step =
    [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ??
    10 * power;
  const ticks: number[] = [];
  for (let t = 0; t < max + step; t += step) {
    ticks.push(t);
    if (t >= max) break;
  }
  return ticks;
}

/**
 * A vertical bar chart in HTML and CSS, rendered on the server (no script): a value axis with
 * gridlines, month labels, and each bar's value. Text is real HTML text, so it stays legible
 * on a phone (an SVG scaled to a phone's width shrank its 12px labels to 6px). Under 640px
 * the same data is drawn as horizontal rows (label, bar, value), which fit a narrow screen.
 * A visually hidden table carries the data for screen readers; the drawing is hidden from
 * them. With no data at all, `emptyText` replaces the drawing.
 */
export function BarChart({
  title,
  summary,
  bars,
  valueHeading,
  detailHeadings = [],
  formatTick = (value) => String(value),
  emptyText,
}: {
  title: string;
  /** One sentence shown under the chart. */
  summary: string;
  bars: Bar[];
  valueHeading: string;
  detailHeadings?: string[];
  /** An axis value as text ("$1,000"). */
  formatTick?: (value: number) => string;
  /** Shown instead of the chart when every value is 0 ('No data yet…'). */
  emptyText?: string;
}) {
  const id = useId();
  const t = useT("reports");
  const max = Math.max(0, ...bars.map((b) => b.value));
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] || 1;
  const empty = max === 0 && emptyText;
  return (
    <figure aria-label={title} aria-describedby={`${id}-caption`}>
      {empty ? (
        <div className="flex h-40 flex-col items-center justify-center rounded-md border border-dashed border-gray-300 bg-gray-50 p-4 text-center">
          <p className="font-medium text-gray-900">{t("noDataYet")}</p>
          <p className="mt-1 max-w-sm text-sm text-gray-600">{emptyText}</p>
        </div>
      ) : (
        <>
          {/* From 640px: columns over a value axis. */}
          <div aria-hidden="true" className="hidden sm:block">
            <div className="flex">
              <div className="relative mr-2 h-60 w-16 shrink-0">
                {ticks.map((t) => (
                  <span
                    key={t}
                    className="absolute right-0 translate-y-1/2 text-xs text-gray-600"
                    style={{ bottom: `${(t / top) * 100}%` }}
                  >
                    {formatTick(t)}
                  </span>
                ))}
              </div>
              <div className="relative h-60 flex-1 border-b border-l border-gray-400">
                {ticks.slice(1).map((t) => (
                  <div
                    key={t}
                    className="absolute inset-x-0 border-t border-dashed border-gray-200"
                    style={{ bottom: `${(t / top) * 100}%` }}
                  />
                ))}
                <div className="absolute inset-0 flex items-end gap-1 px-1">
                  {bars.map((bar) => (
                    <div
                      key={bar.longLabel}
                      className="flex h-full min-w-0 flex-1 flex-col items-center justify-end"
                    >
                      {bar.value > 0 ? (
                        <span className="mb-1 hidden whitespace-nowrap text-[11px] font-medium text-gray-800 lg:block">
                          {bar.valueLabel}
                        </span>
                      ) : null}
                      <div
                        className="w-full max-w-[2.5rem] rounded-t bg-brand-700"
                        style={{
                          height: `${(bar.value / top) * 100}%`,
                          minHeight: bar.value > 0 ? 2 : 0,
                        }}
                      />
                    </div>
                  ))}
                </div>
              </div>
            </div>
            <div className="ml-[4.5rem] flex gap-1 px-1 pt-1">
              {bars.map((bar) => (
                <span
                  key={bar.longLabel}
                  className="min-w-0 flex-1 text-center text-xs text-gray-700"
                >
                  {bar.label}
                </span>
              ))}
            </div>
          </div>
          {/* Under 640px: one row per bar, its value written out. */}
          <ul aria-hidden="true" className="space-y-2 sm:hidden">
            {bars.map((bar) => (
              <li
                key={bar.longLabel}
                className="grid grid-cols-[2.5rem_1fr_auto] items-center gap-2 text-sm"
              >
                <span className="text-gray-700">{bar.label}</span>
                <BarTrack value={bar.value} max={top} className="bg-gray-100" />
                <span className="whitespace-nowrap text-right font-medium text-gray-900">
                  {bar.valueLabel}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <figcaption id={`${id}-caption`} className="mt-3 text-sm text-gray-700">
        {summary}
      </figcaption>
      <ChartTable
        caption={title}
        head={[t("month"), valueHeading, ...detailHeadings]}
        rows={bars.map((b) => [
          b.longLabel,
          b.valueLabel,
          ...(b.details ?? []),
        ])}
      />
    </figure>
  );
}
