import { useRouteLoaderData } from "@remix-run/react";
import { mayOpen, type Access } from "~/utils/company-roles";

/**
 * Whether the signed-in user may open an address, from the signed-in layout's loader (the
 * capability table the server's guards enforce): links and buttons to what the user's role
 * cannot use are not shown. Outside the signed-in layout there is nothing to decide.
 */
export function useMayOpen(): (to: string) => boolean {
  const data = useRouteLoaderData<{ access: Access }>("routes/_app");
  return (to) => (data ? mayOpen(data.access, to) : true);
}
