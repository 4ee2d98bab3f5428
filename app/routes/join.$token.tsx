import type { LoaderFunctionArgs } from "@remix-run/node";
import { joinLink } from "~/web/join-link.server";

// /join/<token>: the invitation as mailed. The token leaves the address bar at once: it moves
// to a cookie for /join only, and the page is /join (app/web/token-link.server.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL("/join", request.url);
  url.searchParams.set("token", params.token ?? "");
  const read = await joinLink().read(new Request(url, request));
  if ("redirect" in read) return read.redirect;
  return new Response(null, { status: 302, headers: { Location: "/join" } });
}
