import { useId } from "react";
import { BarTrack } from "./bar-track";
import { ChartTable } from "./chart-table";

export type HorizontalBar = {
  label: string;
  /** Bar length relative to the largest value. */
  value: number;
  /** Shown at the end of the bar ("$900.00 · 30.5%"). */
  valueLabel: string;
  details?: string[];
};

/**
 * Horizontal bars (a ranking) in HTML and CSS, rendered on the server: label, bar and value on
 * one row from 640px, the label above its bar on a phone, so the text keeps its size. The
 * drawing is hidden from screen readers; a visually hidden table carries the data.
 */
export function HorizontalBarChart({
  title,
  summary,
  rows,
  labelHeading,
  valueHeading,
  detailHeadings = [],
}: {
  title: string;
  summary: string;
  rows: HorizontalBar[];
  labelHeading: string;
  valueHeading: string;
  detailHeadings?: string[];
}) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <figure aria-label={title} aria-describedby={`${id}-caption`}>
      <ul aria-hidden="true" className="space-y-3">
        {rows.map((row) => (
          <li
            key={row.label}
            className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[8rem_1fr_auto]"
          >
            <span className="truncate text-gray-800">{row.label}</span>
            <BarTrack
              value={row.value}
              max={max}
              className="col-span-2 row-start-2 bg-gray-200 sm:col-span-1 sm:row-start-auto"
            />
            <span className="whitespace-nowrap text-right font-medium text-gray-900">
              {row.valueLabel}
            </span>
          </li>
        ))}
      </ul>
      <figcaption id={`${id}-caption`} className="sr-only">
        {summary}
      </figcaption>
      <ChartTable
        caption={title}
        head={[labelHeading, valueHeading, ...detailHeadings]}
        rows={rows.map((r) => [r.label, r.valueLabel, ...(r.details ?? [])])}
      />
    </figure>
  );
}
