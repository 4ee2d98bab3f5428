import { useId } from "react";
import { ChartTable } from "./chart-table";

export type Bar = {
  /** Short label under the bar ("Mar"). */
  label: string;
  /** Full label for the text alternative ("March 2026"). */
  longLabel: string;
  value: number;
  /** The value as shown ("3"). */
  valueLabel: string;
  /** Extra columns of the text alternative. */
  details?: string[];
};

const WIDTH = 640;
const HEIGHT = 240;
const TOP = 24;
const BOTTOM = 28;
const LEFT = 8;

/**
 * A vertical bar chart rendered on the server as SVG (no script needed), with a
 * visually hidden table of the same data.
 */
export function BarChart({
  title,
  summary,
  bars,
  valueHeading,
  detailHeadings = [],
}: {
  title: string;
  /** One sentence read as the chart's label. */
  summary: string;
  bars: Bar[];
  valueHeading: string;
  detailHeadings?: string[];
}) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const slot = (WIDTH - LEFT * 2) / Math.max(1, bars.length);
  const barWidth = Math.min(40, slot * 0.6);
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <line
          x1={LEFT}
          x2={WIDTH - LEFT}
          y1={HEIGHT - BOTTOM}
          y2={HEIGHT - BOTTOM}
          stroke="#9ca3af"
        />
        {bars.map((bar, i) => {
          const h = (bar.value / max) * plot;
          const x = LEFT + slot * i + (slot - barWidth) / 2;
          const y = HEIGHT - BOTTOM - h;
          return (
            <g key={bar.longLabel}>
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={Math.max(h, bar.value > 0 ? 2 : 0)}
                rx={3}
                fill="#047857"
              />
              <text
                x={x + barWidth / 2}
                y={y - 6}
                textAnchor="middle"
                fontSize="12"
                fill="#1f2937"
              >
                {bar.valueLabel}
              </text>
              <text
                x={x + barWidth / 2}
                y={HEIGHT - BOTTOM + 18}
                textAnchor="middle"
                fontSize="12"
                fill="#374151"
              >
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={title}
        head={["Month", valueHeading, ...detailHeadings]}
        rows={bars.map((b) => [
          b.longLabel,
          b.valueLabel,
          ...(b.details ?? []),
        ])}
      />
    </figure>
  );
}
