import { APIError } from "@tryfinch/finch-api";
import { BATCH, calling, client, type FinchSettings } from "./finch.server";

// Finch's Deductions product and the pay statements read back (DESIGN §13): the company-level
// deduction, each individual's enrolment amount, the deduction jobs' outcomes, and the
// deduction lines of a pay date's statements.

/** The company-level deduction's name, in the payroll system and on pay statements. */
const DEDUCTION_NAME = "Grocery Advance repayment";

/**
 * The company-level post-tax deduction: the one already there with our name (GET
 * /employer/benefits), else created (POST /employer/benefits), else, on an assisted connection
 * whose provider does not create through the API, registered (POST /employer/benefits/register,
 * which Finch offers for assisted providers only). Never two.
 */
export function ensureDeduction(
  settings: FinchSettings,
  accessToken: string,
  connection: { assisted: boolean },
): Promise<{ benefitId: string; jobId: string | null }> {
  return calling(async () => {
    const finch = client(settings, accessToken);
    for await (const benefit of finch.hris.benefits.list())
      if (
        benefit.description?.trim().toLowerCase() ===
        DEDUCTION_NAME.toLowerCase()
      )
        return { benefitId: benefit.benefit_id, jobId: null };
    const body = {
      type: "custom_post_tax" as const,
      description: DEDUCTION_NAME,
      frequency: "every_paycheck" as const,
    };
    try {
      const created = await finch.hris.benefits.create(body);
      return { benefitId: created.benefit_id, jobId: created.job_id };
    } catch (error) {
      if (
        !connection.assisted ||
        !(error instanceof APIError) ||
        (error.status !== 400 && error.status !== 422)
      )
        throw error;
      const registered = await finch.hris.benefits.register(body);
      return { benefitId: registered.benefit_id, jobId: registered.job_id };
    }
  });
}

/**
 * Each individual's enrolment amount in the deduction (POST
 * /employer/benefits/{id}/individuals), in cents, as one batch: an overwrite, so the same
 * request again changes nothing (Finch's documented idempotency for enrolments). Returns the job.
 */
export function writeEnrolments(
  settings: FinchSettings,
  accessToken: string,
  benefitId: string,
  lines: { individualId: string; cents: number }[],
): Promise<string> {
  return calling(async () => {
    const job = await client(
      settings,
      accessToken,
    ).hris.benefits.individuals.enrollMany(benefitId, {
      individuals: lines.map((l) => ({
        individual_id: l.individualId,
        configuration: {
          employee_deduction: { type: "fixed", amount: l.cents },
        },
      })),
    });
    return job.job_id;
  });
}

/** A deduction job as Finch reports it (GET /jobs/manual/{id}), status for status. */
export type FinchJobState = "pending" | "in_progress" | "complete" | "error";

/**
 * Where a deduction job stands. Finch answers every deductions job, of an automated connection
 * or an assisted one, at GET /jobs/manual/{id} (its Write Deductions guide: verify each job
 * there; /jobs/automated is for data sync jobs). `detail` is the job's body (per-individual
 * outcomes of a batch) when it has one.
 */
export function jobState(
  settings: FinchSettings,
  accessToken: string,
  jobId: string,
): Promise<{ state: FinchJobState; detail: string | null }> {
  return calling(async () => {
    const job = await client(settings, accessToken).jobs.manual.retrieve(jobId);
    const detail =
      job.body && job.body.length > 0 ? JSON.stringify(job.body) : null;
    return { state: job.status, detail };
  });
}

export type FinchStatement = {
  individualId: string;
  type: string | null;
  netPayCents: number | null;
  /** The sum of the statement's lines of our deduction, in cents (0 when it has none). */
  deductedCents: number;
  /** Whether the statement has a line of our deduction at all. */
  hasLine: boolean;
};

/**
 * The pay statements of every payment on `payDate` (GET /employer/payment for the day, then POST
 * /employer/pay-statement for those payments). `ready` is false while Finch is still fetching
 * them (its 202 data_sync_in_progress).
 */
export function readPayStatements(
  settings: FinchSettings,
  accessToken: string,
  payDate: string,
): Promise<{ ready: boolean; statements: FinchStatement[] }> {
  return calling(async () => {
    const finch = client(settings, accessToken);
    const paymentIds: string[] = [];
    for await (const payment of finch.hris.payments.list({
      start_date: payDate,
      end_date: payDate,
    }))
      if (payment.pay_date === payDate) paymentIds.push(payment.id);
    const statements: FinchStatement[] = [];
    if (paymentIds.length === 0) return { ready: false, statements };
    let ready = true;
    // Each payment's statements, 100 at a time (its paging's offset and count).
    const pending = paymentIds.map((id) => ({ payment_id: id, offset: 0 }));
    while (pending.length > 0) {
      const request = pending.shift()!;
      const [response] = await finch.hris.payStatements
        .retrieveMany({ requests: [{ ...request, limit: BATCH }] })
        .then((page) => page.getPaginatedItems());
      if (!response) continue;
      if (response.code === 202) {
        ready = false;
        continue;
      }
      if (response.code !== 200 || !("pay_statements" in response.body))
        continue;
      const page = response.body.pay_statements;
      if (page.length === BATCH)
        pending.push({ ...request, offset: request.offset + BATCH });
      for (const s of page) {
        const lines = (s.employee_deductions ?? []).filter(
          (d) => d.name?.trim().toLowerCase() === DEDUCTION_NAME.toLowerCase(),
        );
        statements.push({
          individualId: s.individual_id,
          type: s.type,
          netPayCents: s.net_pay?.amount ?? null,
          deductedCents: lines.reduce((sum, d) => sum + (d.amount ?? 0), 0),
          hasLine: lines.length > 0,
        });
      }
    }
    return { ready, statements };
  });
}
