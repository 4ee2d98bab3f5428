import type { ReactNode } from "react";
import { LinkButton } from "~/components/ui/button";

export type ToDoEntry = {
  key: string;
  text: ReactNode;
  to: string;
  action: string;
};

/**
 * The first thing on a dashboard: what this person should do now, each with its one primary
 * button (a plain link, so it works without JavaScript), or a line saying there is nothing.
 */
export function ToDoList({
  title,
  empty,
  entries,
}: {
  title: string;
  empty: string;
  entries: ToDoEntry[];
}) {
  return (
    <section
      aria-labelledby="to-do-title"
      data-testid="to-do"
      className="rounded-lg border border-brand-100 bg-brand-50 p-4 shadow-sm"
    >
      <h2 id="to-do-title" className="text-base font-semibold text-gray-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {entries.map((e) => (
            <li
              key={e.key}
              className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand-100 bg-white px-4 py-3 text-sm text-gray-900"
            >
              <span className="min-w-0 flex-1 basis-60">{e.text}</span>
              <LinkButton to={e.to}>{e.action}</LinkButton>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
