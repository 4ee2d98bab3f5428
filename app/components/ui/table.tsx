import type { CSSProperties, ReactNode } from "react";
import { useT } from "~/utils/i18n";

/**
 * A data table that stays readable in a narrow column: when its container is too narrow for
 * its columns, every row becomes a card of "label: value" lines (CSS container queries in
 * tailwind.css; no JavaScript). The labels come from `head` (CSS custom properties
 * `--th-1`…`--th-8`), so pages keep writing plain rows of `<Td>`s. The point where a table
 * stacks grows with its number of columns: 4 columns stack under 32rem of width, 5 under 40,
 * 6 under 48, 7 or more under 52 (decision 0032).
 */
export function Table({
  caption,
  head,
  children,
}: {
  caption?: string;
  head: ReactNode[];
  children: ReactNode;
}) {
  const t = useT("common");
  const labels: Record<string, string> = {};
  head.slice(0, 8).forEach((h, i) => {
    labels[`--th-${i + 1}`] = JSON.stringify(typeof h === "string" ? h : "");
  });
  return (
    <div
      className="data-table"
      data-cols={Math.min(7, Math.max(4, head.length))}
      style={labels as CSSProperties}
    >
      {/* A table still too wide for its card scrolls inside this region, never the page. */}
      <div
        className="overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label={caption ?? t("table")}
      >
        <table className="min-w-full text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-gray-50">
            <tr>
              {head.map((h, i) => (
                <th
                  key={i}
                  scope="col"
                  className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-700"
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="bg-white">{children}</tbody>
        </table>
      </div>
    </div>
  );
}

export function Td({
  children,
  className = "",
  blank = false,
}: {
  children: ReactNode;
  className?: string;
  /** Nothing to show ("—"): the cell stays in the table, and a stacked card leaves it out. */
  blank?: boolean;
}) {
  return (
    // Cells may wrap (a long reason, department or e-mail): a table that fits its card by
    // wrapping beats one that scrolls. Only a word longer than its cell (an e-mail) breaks.
    <td
      className={`px-3 py-2 text-gray-800 [overflow-wrap:break-word] ${className}`}
      data-blank={blank ? "" : undefined}
    >
      {/* One box for the value, so a stacked row shows "label | value" even when the value
          is several lines (a name over a department). */}
      <div className="min-w-0">{children}</div>
    </td>
  );
}

export function EmptyRow({
  colSpan,
  children,
}: {
  colSpan: number;
  children: ReactNode;
}) {
  return (
    <tr data-empty="">
      <td colSpan={colSpan} className="px-4 py-6 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}
