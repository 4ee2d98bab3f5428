import { createCookie } from "@remix-run/node";
import { CONNECT_STATE_MINUTES } from "~/models/integrations/index.server";
import { isSecureRequest } from "./session.server";

// The single-use state of a Finch Connect under way, held by the owner's browser between the
// redirect to Finch and the callback. Only its hash is stored; the
// callback spends it. SameSite=Lax: the browser sends it on Finch's top-level redirect back.

const CALLBACK_PATH = "/settings/payroll/callback";

const stateCookie = createCookie("__payroll_connect", {
  httpOnly: true,
  sameSite: "lax",
  path: CALLBACK_PATH,
  maxAge: CONNECT_STATE_MINUTES * 60,
});

export function keepConnectState(request: Request, state: string) {
  return stateCookie.serialize(state, { secure: isSecureRequest(request) });
}

export async function readConnectState(
  request: Request,
): Promise<string | null> {
  const value: unknown = await stateCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export function forgetConnectState(request: Request) {
  return stateCookie.serialize("", {
    maxAge: 0,
    secure: isSecureRequest(request),
  });
}
