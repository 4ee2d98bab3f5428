import type { MetaFunction } from "@remix-run/node";

/** A page's `meta`: its title, then the product's name ("Payroll · Grocery Advance"). */
export function pageTitle(page: string): MetaFunction {
  return () => [{ title: `${page} · Grocery Advance` }];
}
