import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOutHeader } from "~/web/auth.server";
import { redirectWithSuccess } from "~/web/toast.server";

export async function loader() {
  // Logout is a POST; a GET (a typed URL) just goes home.
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirectWithSuccess(
    "/auth",
    "Logged out",
    "You have been successfully logged out.",
    {
      headers: { "Set-Cookie": await signOutHeader(request) },
    },
  );
}
