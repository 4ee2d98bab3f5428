import { useId } from "react";
import { ChartTable } from "./chart-table";

export type HorizontalBar = {
  label: string;
  /** Bar length relative to the largest value. */
  value: number;
  /** Shown at the end of the bar ("$900.00 · 30.5%"). */
  valueLabel: string;
  details?: string[];
};

const WIDTH = 400;
const ROW = 36;
const LABEL = 110;
const VALUE = 130;
const LABEL_CHARS = 14;

/** Horizontal bars (a ranking), server-rendered SVG with a visually hidden data table. */
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
  const track = WIDTH - LABEL - VALUE;
  const height = Math.max(1, rows.length) * ROW;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {rows.map((row, i) => {
          const y = i * ROW;
          const w = (row.value / max) * (track - 8);
          return (
            <g key={row.label}>
              <text x={0} y={y + ROW / 2 + 4} fontSize="13" fill="#1f2937">
                {row.label.length > LABEL_CHARS
                  ? `${row.label.slice(0, LABEL_CHARS - 1)}…`
                  : row.label}
              </text>
              <rect
                x={LABEL}
                y={y + 9}
                width={track - 8}
                height={ROW - 18}
                rx={4}
                fill="#e5e7eb"
              />
              <rect
                x={LABEL}
                y={y + 9}
                width={Math.max(w, row.value > 0 ? 3 : 0)}
                height={ROW - 18}
                rx={4}
                fill="#047857"
              />
              <text
                x={WIDTH}
                y={y + ROW / 2 + 4}
                textAnchor="end"
                fontSize="13"
                fill="#1f2937"
              >
                {row.valueLabel}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={title}
        head={[labelHeading, valueHeading, ...detailHeadings]}
        rows={rows.map((r) => [r.label, r.valueLabel, ...(r.details ?? [])])}
      />
    </figure>
  );
}
