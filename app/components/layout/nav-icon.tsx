/**
 * The navigation's icons, drawn from one SVG sprite (public/nav-icons.svg, lucide's drawings)
 * instead of from JavaScript: the sidebar is on every signed-in page, and its fourteen icons
 * as React components weighed about 1.5 KB of each page's 100 KB budget.
 * The sprite is made from lucide-react's own icon data by tests/support/nav-icons.ts, and a
 * test fails when it no longer matches them.
 */
export const NAV_ICONS = [
  "layout-dashboard",
  "shopping-basket",
  "history",
  "user-round",
  "mail",
  "circle-check-big",
  "users",
  "banknote",
  "chart-column",
  "scroll-text",
  "settings",
  "log-out",
  "menu",
  "x",
] as const;

export type NavIconName = (typeof NAV_ICONS)[number];

/** One icon of the sprite, decorative (hidden from assistive technology), as lucide draws it. */
export function NavIcon({
  name,
  className,
}: {
  name: NavIconName;
  className: string;
}) {
  return (
    <svg
      aria-hidden="true"
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`/nav-icons.svg#${name}`} />
    </svg>
  );
}
