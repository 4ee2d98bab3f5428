import type { LoaderFunctionArgs } from "@remix-run/node";
import { completePayrollConnect } from "~/models/companies/index.server";
import { redirectWithSuccess } from "~/web/action.server";
import { requireEmployer } from "~/web/auth.server";
import { toastOutcome } from "~/web/invitation-buttons.server";
import {
  forgetConnectState,
  readConnectState,
} from "~/web/payroll-connect.server";

// /settings/payroll/callback (owners only): where Finch Connect sends the owner back, with an
// authorization code. Accepted only with the single-use state this browser was given when it
// left; the state is spent whatever the outcome.

const BACK = "/settings/payroll";

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const url = new URL(request.url);
  const state = await readConnectState(request);
  const forget = {
    headers: { "Set-Cookie": await forgetConnectState(request) },
  };
  const response = await toastOutcome(BACK, async () => {
    const view = await completePayrollConnect(owner, {
      state,
      code: url.searchParams.get("code"),
      error: url.searchParams.get("error"),
    });
    return redirectWithSuccess(
      BACK,
      "Payroll connected",
      `Your payroll system is connected: ${view.connection?.providerName ?? ""}.`,
    );
  });
  response.headers.append("Set-Cookie", forget.headers["Set-Cookie"]);
  return response;
}
