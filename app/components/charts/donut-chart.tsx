import { useId } from "react";
import { ChartTable } from "./chart-table";

export type DonutSegment = {
  label: string;
  value: number;
  /** Shown in the legend and the table ("2 · 33.3%"). */
  valueLabel: string;
  color: string;
};

const SIZE = 200;
const RADIUS = 70;
const STROKE = 32;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A donut chart of shares, server-rendered SVG: each segment is a dashed stroke of one circle.
 * The legend is HTML beside it; a visually hidden table carries the data.
 */
export function DonutChart({
  title,
  summary,
  segments,
  centerValue,
  centerCaption,
  labelHeading,
  valueHeading,
}: {
  title: string;
  summary: string;
  segments: DonutSegment[];
  /** Big number in the hole ("5") and the word under it ("advances"). */
  centerValue: string;
  centerCaption: string;
  labelHeading: string;
  valueHeading: string;
}) {
  const id = useId();
  const total = segments.reduce((sum, s) => sum + s.value, 0);
  let offset = 0;
  return (
    <figure className="flex flex-col items-center gap-6 sm:flex-row">
      <svg
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-44 w-44 shrink-0"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          stroke="#e5e7eb"
          strokeWidth={STROKE}
        />
        {total > 0
          ? segments.map((segment) => {
              const length = (segment.value / total) * CIRCUMFERENCE;
              const circle = (
                <circle
                  key={segment.label}
                  cx={SIZE / 2}
                  cy={SIZE / 2}
                  r={RADIUS}
                  fill="none"
                  stroke={segment.color}
                  strokeWidth={STROKE}
                  strokeDasharray={`${length} ${CIRCUMFERENCE - length}`}
                  strokeDashoffset={-offset}
                  transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
                />
              );
              offset += length;
              return circle;
            })
          : null}
        <text
          x={SIZE / 2}
          y={SIZE / 2 + 4}
          textAnchor="middle"
          fontSize="30"
          fontWeight="700"
          fill="#111827"
        >
          {centerValue}
        </text>
        <text
          x={SIZE / 2}
          y={SIZE / 2 + 24}
          textAnchor="middle"
          fontSize="13"
          fill="#374151"
        >
          {centerCaption}
        </text>
      </svg>
      <ul
        className="grid w-full grid-cols-[auto_1fr_auto] items-center gap-x-2 gap-y-2 text-sm"
        aria-hidden="true"
      >
        {segments.map((segment) => (
          <li key={segment.label} className="contents">
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" rx="2" fill={segment.color} />
            </svg>
            <span className="text-gray-800">{segment.label}</span>
            <span className="whitespace-nowrap text-right font-medium text-gray-900">
              {segment.valueLabel}
            </span>
          </li>
        ))}
      </ul>
      <ChartTable
        caption={title}
        head={[labelHeading, valueHeading]}
        rows={segments.map((s) => [s.label, s.valueLabel])}
      />
    </figure>
  );
}
