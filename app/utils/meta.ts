import type { MetaFunction } from "@remix-run/node";

/** A page's `meta`: its title, then the product's name ("Payroll · Grocery Advance"). */
export function pageTitle(page: string): MetaFunction {
  return () => [{ title: `${page} · Grocery Advance` }];
}

/** The installed app's colour (the title bar, the splash screen): the brand's green, 700. */
export const THEME_COLOR = "#047857";
