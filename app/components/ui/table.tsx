import type { ReactNode } from "react";

export function Table({
  caption,
  head,
  children,
}: {
  caption?: string;
  head: ReactNode[];
  children: ReactNode;
}) {
  return (
    // A wide table scrolls inside its wrapper; keyboard users reach the scroll with Tab.
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={caption ?? "Table"}
    >
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-gray-50">
          <tr>
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className="px-4 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-700"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export function Td({
  children,
  className = "",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <td className={`whitespace-nowrap px-4 py-2 text-gray-800 ${className}`}>
      {children}
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
    <tr>
      <td colSpan={colSpan} className="px-4 py-6 text-center text-gray-600">
        {children}
      </td>
    </tr>
  );
}
