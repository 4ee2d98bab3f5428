import crypto from "node:crypto";
import type { User } from "#db/schema";
import { connectedCompanies } from "~/models/integrations/index.server";
import { action as payrollAction } from "~/routes/_app.settings_.payroll";
import { loader as callbackLoader } from "~/routes/settings.payroll.callback";
import { resetEnvCache } from "~/utils/env.server";
import { call, requestAs, withCookie } from "./factories";
import {
  FINCH_CLIENT_ID,
  FINCH_CLIENT_SECRET,
  startFakeFinch,
  type FakeFinch,
} from "./fake-finch";

// The payroll connection pointed at the fake Finch server, or turned off (no Finch variables).

const FINCH_REDIRECT_URI = "http://localhost/settings/payroll/callback";
export const TOKEN_KEY = crypto.randomBytes(32).toString("base64");

const FINCH_VARS = [
  "FINCH_CLIENT_ID",
  "FINCH_CLIENT_SECRET",
  "FINCH_REDIRECT_URI",
  "FINCH_TOKEN_KEYS",
  "FINCH_BASE_URL",
  "FINCH_SANDBOX",
] as const;

export function enableFinch(fake: FakeFinch, keys = TOKEN_KEY) {
  process.env.FINCH_CLIENT_ID = FINCH_CLIENT_ID;
  process.env.FINCH_CLIENT_SECRET = FINCH_CLIENT_SECRET;
  process.env.FINCH_REDIRECT_URI = FINCH_REDIRECT_URI;
  process.env.FINCH_TOKEN_KEYS = keys;
  process.env.FINCH_BASE_URL = fake.baseURL;
  resetEnvCache();
}

export function disableFinch() {
  for (const name of FINCH_VARS) delete process.env[name];
  resetEnvCache();
}

/** For a test file: the fake Finch started before its tests, the app pointed at it. */
export function useFakeFinch(): () => FakeFinch {
  let fake: FakeFinch | undefined;
  beforeAll(async () => {
    fake = await startFakeFinch();
    enableFinch(fake);
  });
  afterAll(async () => {
    disableFinch();
    await fake?.stop();
  });
  return () => {
    if (!fake) throw new Error("The fake Finch server starts in beforeAll.");
    return fake;
  };
}

/**
 * The owner connects the company's payroll as a person does: Settings › Payroll connection's
 * Connect, Finch's Connect redirect, the callback with the state cookie. The connection.
 */
export async function connectPayroll(owner: User) {
  const start = await call(
    payrollAction,
    await requestAs(owner, "/settings/payroll", {
      form: { intent: "connect" },
    }),
  );
  const state = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__payroll_connect="))!;
  const hop = await fetch(start.headers.get("Location")!, {
    redirect: "manual",
  });
  const back = new URL(hop.headers.get("Location")!);
  const session = (await requestAs(owner, "/")).headers.get("Cookie")!;
  await call(
    callbackLoader,
    await withCookie(`${session}; ${state}`, `${back.pathname}${back.search}`),
  );
  const [company] = await connectedCompanies(owner.companyId!);
  return company;
}
