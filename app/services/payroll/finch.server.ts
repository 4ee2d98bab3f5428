import Finch, { APIError } from "@tryfinch/finch-api";
import { env } from "~/utils/env.server";

// Finch, the unified payroll API (DESIGN §13), through its official SDK.
// Off while FINCH_CLIENT_ID is unset. FINCH_BASE_URL points the SDK elsewhere (the tests' fake
// Finch); the SDK retries connection errors, 408/409/429 and 5xx answers itself, honouring
// Retry-After.

/** The products a company is asked to grant in Finch Connect. */
const FINCH_PRODUCTS = [
  "company",
  "directory",
  "individual",
  "employment",
  "payment",
  "pay_statement",
  "benefits",
] as const;

export type FinchSettings = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  baseURL: string | undefined;
  sandbox: "finch" | "provider" | undefined;
};

export function finchSettings(): FinchSettings | null {
  const e = env();
  if (!e.FINCH_CLIENT_ID || !e.FINCH_CLIENT_SECRET || !e.FINCH_REDIRECT_URI)
    return null;
  return {
    clientId: e.FINCH_CLIENT_ID,
    clientSecret: e.FINCH_CLIENT_SECRET,
    redirectUri: e.FINCH_REDIRECT_URI,
    baseURL: e.FINCH_BASE_URL,
    sandbox: e.FINCH_SANDBOX,
  };
}

export function client(settings: FinchSettings, accessToken?: string): Finch {
  return new Finch({
    clientID: settings.clientId,
    clientSecret: settings.clientSecret,
    accessToken: accessToken ?? null,
    baseURL: settings.baseURL ?? null,
    timeout: 30_000,
    maxRetries: 2,
  });
}

/** Why a call to Finch failed, in the words the product shows. */
export type FinchFailure =
  | "unavailable" // Finch did not answer, or answered 5xx, after the SDK's retries
  | "rate_limited" // 429 after the SDK's retries
  | "revoked" // 401: the token no longer works (revoked at Finch or by the employer)
  | "refused"; // any other 4xx: the request itself was refused

export class FinchCallError extends Error {
  constructor(
    readonly failure: FinchFailure,
    readonly status: number | undefined,
    message: string,
    /** Seconds Finch asked us to wait (its Retry-After), on a 429. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
}

function retryAfterOf(error: InstanceType<typeof APIError>): number | null {
  const value = error.headers?.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, (at - Date.now()) / 1000);
}

export async function calling<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const status = error.status;
    const failure: FinchFailure =
      status === undefined || status >= 500
        ? "unavailable"
        : status === 429
          ? "rate_limited"
          : status === 401
            ? "revoked"
            : "refused";
    throw new FinchCallError(
      failure,
      status,
      error.message,
      status === 429 ? retryAfterOf(error) : null,
    );
  }
}

/** A Finch Connect session for a company; its connect_url is where the owner's browser goes. */
export function createConnectSession(
  settings: FinchSettings,
  customer: { id: string; name: string; email?: string },
): Promise<{ sessionId: string; connectUrl: string }> {
  return calling(async () => {
    const session = await client(settings).connect.sessions.new({
      customer_id: customer.id,
      customer_name: customer.name,
      customer_email: customer.email || null,
      products: [...FINCH_PRODUCTS],
      redirect_uri: settings.redirectUri,
      // A connect not finished within the hour is started again from the settings page.
      minutes_to_expire: 60,
      ...(settings.sandbox ? { sandbox: settings.sandbox } : {}),
    });
    return { sessionId: session.session_id, connectUrl: session.connect_url };
  });
}

export type FinchGrant = {
  accessToken: string;
  connectionId: string;
  customerId: string | null;
  providerId: string;
  products: string[];
};

/** The authorization code from the callback exchanged for an access token (POST /auth/token). */
export function exchangeCode(
  settings: FinchSettings,
  code: string,
): Promise<FinchGrant> {
  return calling(async () => {
    const token = await client(settings).accessTokens.create({
      code,
      redirect_uri: settings.redirectUri,
    });
    return {
      accessToken: token.access_token,
      connectionId: token.connection_id,
      customerId: token.customer_id ?? null,
      providerId: token.provider_id,
      products: token.products,
    };
  });
}

/** A provider's display name (GET /providers), or its id when Finch does not list it. */
export function providerName(
  settings: FinchSettings,
  accessToken: string,
  providerId: string,
): Promise<string> {
  return calling(async () => {
    for await (const provider of client(settings, accessToken).providers.list())
      if (provider.id === providerId) return provider.display_name;
    return providerId;
  });
}

/** Revokes the access token at Finch (POST /disconnect). */
export function disconnectToken(
  settings: FinchSettings,
  accessToken: string,
): Promise<void> {
  return calling(async () => {
    await client(settings, accessToken).account.disconnect();
  });
}

/**
 * How the employer authenticated the connection (GET /introspect): the type of the
 * authentication method that carries the deductions product ("benefits"), else of the first
 * one: "assisted", "credential", "api_token", "api_credential" or "oauth". Finch's `manual`
 * flag stands in when it lists no method; null when it says neither.
 */
export function connectionAuthType(
  settings: FinchSettings,
  accessToken: string,
): Promise<string | null> {
  return calling(async () => {
    const token = await client(settings, accessToken).account.introspect();
    const methods = token.authentication_methods ?? [];
    const method =
      methods.find((m) => m.products?.includes("benefits")) ?? methods[0];
    if (method) return method.type;
    return token.manual === true ? "assisted" : null;
  });
}

/** One person of the payroll system, from the directory, individual and employment records. */
export type FinchPerson = {
  id: string;
  firstName: string;
  lastName: string;
  department: string | null;
  workEmail: string | null;
  /** The payroll system's own employee id (employment `source_id`). */
  sourceId: string | null;
  isActive: boolean;
  endDate: string | null;
};

export const BATCH = 100;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(items.slice(i, i + size));
  return out;
}

/**
 * The company's whole roster: the directory (paged), then individual records (work e-mail) and
 * employment records (source id, status, end date, department) in batches of 100.
 */
export function readFinchRoster(
  settings: FinchSettings,
  accessToken: string,
): Promise<FinchPerson[]> {
  return calling(async () => {
    const finch = client(settings, accessToken);
    const directory = [];
    for await (const person of finch.hris.directory.list({ limit: BATCH }))
      directory.push(person);
    const emails = new Map<string, string | null>();
    const jobs = new Map<
      string,
      {
        sourceId: string | null;
        isActive: boolean | null;
        endDate: string | null;
        department: string | null;
      }
    >();
    for (const batch of chunks(directory, BATCH)) {
      const requests = batch.map((p) => ({ individual_id: p.id }));
      for await (const r of finch.hris.individuals.retrieveMany({ requests })) {
        if (r.code !== 200 || !r.body || !("emails" in r.body)) continue;
        const work = r.body.emails?.find((e) => e.type === "work");
        emails.set(r.individual_id ?? "", work?.data ?? null);
      }
      for await (const r of finch.hris.employments.retrieveMany({ requests })) {
        if (r.code !== 200 || !("id" in r.body)) continue;
        jobs.set(r.individual_id, {
          sourceId: r.body.source_id ?? null,
          isActive: r.body.is_active,
          endDate: r.body.end_date,
          department: r.body.department?.name ?? null,
        });
      }
    }
    return directory.map((p) => {
      const job = jobs.get(p.id);
      return {
        id: p.id,
        firstName: p.first_name ?? "",
        lastName: p.last_name ?? "",
        department: job?.department ?? p.department?.name ?? null,
        workEmail: emails.get(p.id) ?? null,
        sourceId: job?.sourceId ?? null,
        isActive: (job?.isActive ?? p.is_active) !== false,
        endDate: job?.endDate ?? null,
      };
    });
  });
}

/** Each individual's latest pay date among the company's payments between two days. */
export function lastPayDates(
  settings: FinchSettings,
  accessToken: string,
  startDate: string,
  endDate: string,
): Promise<Map<string, string>> {
  return calling(async () => {
    const latest = new Map<string, string>();
    const payments = client(settings, accessToken).hris.payments.list({
      start_date: startDate,
      end_date: endDate,
    });
    for await (const payment of payments) {
      if (!payment.pay_date) continue;
      for (const id of payment.individual_ids ?? [])
        if ((latest.get(id) ?? "") < payment.pay_date)
          latest.set(id, payment.pay_date);
    }
    return latest;
  });
}

// ---- Pay schedule; the deductions and pay statements are in finch-deductions ----------------

type Frequency = "WEEKLY" | "BIWEEKLY" | "SEMIMONTHLY" | "MONTHLY";

const FREQUENCIES: Record<string, Frequency> = {
  weekly: "WEEKLY",
  bi_weekly: "BIWEEKLY",
  semi_monthly: "SEMIMONTHLY",
  monthly: "MONTHLY",
};

export type FinchPaySchedule = {
  /** The frequency of the pay group paying the most people (one we support), or null. */
  frequency: Frequency | null;
  /** The latest pay date among the payments between the two days, or null. */
  lastPayDate: string | null;
};

/**
 * The company's pay groups (GET /employer/pay-groups, then each group for its people) and its
 * latest pay date (GET /employer/payment). Finch documents no upcoming pay dates: the next one
 * follows from the last and the frequency.
 */
export function readPaySchedule(
  settings: FinchSettings,
  accessToken: string,
  startDate: string,
  endDate: string,
): Promise<FinchPaySchedule> {
  return calling(async () => {
    const finch = client(settings, accessToken);
    let best: { frequency: Frequency; people: number } | null = null;
    for await (const group of finch.payroll.payGroups.list()) {
      const frequency = group.pay_frequencies
        .map((f) => FREQUENCIES[f])
        .find(Boolean);
      if (!frequency) continue;
      const detail = await finch.payroll.payGroups.retrieve(group.id);
      const people = detail.individual_ids.length;
      if (!best || people > best.people) best = { frequency, people };
    }
    let lastPayDate: string | null = null;
    for await (const payment of finch.hris.payments.list({
      start_date: startDate,
      end_date: endDate,
    }))
      if (payment.pay_date && payment.pay_date > (lastPayDate ?? ""))
        lastPayDate = payment.pay_date;
    return { frequency: best?.frequency ?? null, lastPayDate };
  });
}
