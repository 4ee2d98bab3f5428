import { useRouteLoaderData } from "@remix-run/react";

/**
 * Whether the signed-in user may open an address, from the signed-in layout's loader: each
 * address of the capability table the server's guards enforce, with the user's verdict
 * (pagesOf in app/utils/company-roles.ts). The longest listed prefix decides, as on the server;
 * an address not listed is open. Links and buttons to what the user's role cannot use are not
 * shown. Outside the signed-in layout there is nothing to decide.
 */
export function useMayOpen(): (to: string) => boolean {
  const pages = useRouteLoaderData<{ pages: Record<string, boolean> }>(
    "routes/_app",
  )?.pages;
  return (to) => {
    if (!pages) return true;
    const path = to.split(/[?#]/, 1)[0] ?? "";
    let found = "";
    for (const prefix in pages)
      if (
        (path === prefix || path.startsWith(`${prefix}/`)) &&
        prefix.length > found.length
      )
        found = prefix;
    return found === "" || pages[found];
  };
}
