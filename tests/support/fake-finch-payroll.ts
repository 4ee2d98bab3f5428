import crypto from "node:crypto";
import type { FakeFinch, FinchRequest, Token } from "./fake-finch";

// The fake Finch's payroll side (tests/support/fake-finch.ts): pay groups, deductions
// (benefits) and their enrolments, deduction jobs at /jobs/manual, and pay statements, from
// the request and response shapes in Finch's API reference.

export type Answer = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

/**
 * A deduction job: its status at /jobs/manual (Finch answers every deductions job there; its
 * /jobs/automated is data sync jobs), and what it writes once complete.
 */
export type Job = {
  status: "pending" | "in_progress" | "complete" | "error";
  body: unknown[] | null;
  apply: () => void;
};

export const json = (status: number, body: unknown): Answer => ({
  status,
  body,
});
export const finchError = (status: number, name: string, message: string) =>
  json(status, { code: status, name, message, finch_code: name });

export function payrollRoute(
  fake: FakeFinch,
  r: FinchRequest,
  token: Token,
): Answer | null {
  const body = r.body;
  if (r.method === "GET" && r.path === "/employer/pay-groups")
    return json(
      200,
      fake.payGroups.map((g) => ({
        id: g.id,
        name: g.name,
        pay_frequencies: g.payFrequencies,
      })),
    );
  const group = /^\/employer\/pay-groups\/([^/]+)$/.exec(r.path);
  if (r.method === "GET" && group) {
    const g = fake.payGroups.find((x) => x.id === group[1]);
    if (!g) return finchError(404, "not_found", "Pay group not found");
    return json(200, {
      id: g.id,
      name: g.name,
      pay_frequencies: g.payFrequencies,
      individual_ids: g.individualIds,
    });
  }
  if (r.method === "GET" && r.path === "/employer/benefits")
    return json(
      200,
      fake.benefits.map((b) => ({
        benefit_id: b.benefitId,
        description: b.description,
        type: b.type,
        frequency: b.frequency,
        company_contribution: null,
      })),
    );
  if (
    r.method === "POST" &&
    (r.path === "/employer/benefits" ||
      r.path === "/employer/benefits/register")
  ) {
    const b = (body ?? {}) as Record<string, unknown>;
    if (
      r.path === "/employer/benefits/register" &&
      token.authType !== "assisted"
    )
      return finchError(
        422,
        "unsupported_operation",
        "Registering deductions is available for assisted providers only",
      );
    if (r.path === "/employer/benefits" && fake.benefitCreateRefused)
      return finchError(
        422,
        "unsupported_operation",
        "Creating deductions is not supported for this provider",
      );
    if (typeof b.description !== "string" || typeof b.type !== "string")
      return finchError(400, "invalid_request", "description and type");
    const benefitId = crypto.randomUUID();
    fake.benefits.push({
      benefitId,
      description: b.description,
      type: b.type,
      frequency: (b.frequency as string | null) ?? null,
    });
    return json(200, { benefit_id: benefitId, job_id: fake.newJob() });
  }
  const individuals = /^\/employer\/benefits\/([^/]+)\/individuals$/.exec(
    r.path,
  );
  if (individuals) {
    const benefitId = individuals[1];
    if (!fake.benefits.some((b) => b.benefitId === benefitId))
      return finchError(404, "not_found", "Benefit not found");
    const enrolled =
      fake.enrolments.get(benefitId) ?? new Map<string, number>();
    fake.enrolments.set(benefitId, enrolled);
    if (r.method === "POST") {
      if (!Array.isArray(body))
        return finchError(400, "invalid_request", "An array of individuals");
      const items = body as {
        individual_id: string;
        configuration?: { employee_deduction?: { amount?: number } };
      }[];
      // Written when the job completes; a job that fails at the provider writes nothing.
      const write = () => {
        for (const item of items)
          enrolled.set(
            item.individual_id,
            item.configuration?.employee_deduction?.amount ?? 0,
          );
      };
      return json(200, { job_id: fake.newJob(write) });
    }
    if (r.method === "DELETE") {
      const ids = ((body ?? {}) as { individual_ids?: string[] })
        .individual_ids;
      return json(200, {
        job_id: fake.newJob(() => {
          for (const id of ids ?? []) enrolled.delete(id);
        }),
      });
    }
  }
  const manual = /^\/jobs\/manual\/([^/]+)$/.exec(r.path);
  if (r.method === "GET" && manual) {
    const job = fake.jobs.get(manual[1]);
    if (!job) return finchError(404, "not_found", "Job not found");
    return json(200, {
      job_id: manual[1],
      status: job.status,
      body: job.body,
    });
  }
  if (r.method === "POST" && r.path === "/employer/pay-statement") {
    const requests =
      (
        (body ?? {}) as {
          requests?: {
            payment_id: string;
            limit?: number;
            offset?: number;
          }[];
        }
      ).requests ?? [];
    return json(200, {
      responses: requests.map((q) => {
        if (fake.statementsSyncing.has(q.payment_id))
          return {
            payment_id: q.payment_id,
            code: 202,
            body: {
              code: 202,
              finch_code: "data_sync_in_progress",
              message:
                "The pay statements for this payment are being fetched. Please check back later.",
              name: "accepted",
            },
          };
        const all = fake.statements.get(q.payment_id);
        if (!all)
          return {
            payment_id: q.payment_id,
            code: 404,
            body: {
              code: 404,
              name: "not_found",
              message: "Payment not found",
            },
          };
        const offset = q.offset ?? 0;
        const page = all.slice(offset, offset + (q.limit ?? 100));
        return {
          payment_id: q.payment_id,
          code: 200,
          body: {
            paging: { count: all.length, offset },
            pay_statements: page.map((st) => ({
              individual_id: st.individualId,
              type: "regular_payroll",
              payment_method: "direct_deposit",
              total_hours: 80,
              gross_pay: { amount: st.grossPayCents, currency: "usd" },
              net_pay: { amount: st.netPayCents, currency: "usd" },
              earnings: [
                {
                  type: "salary",
                  name: "Salary",
                  amount: st.grossPayCents,
                  currency: "usd",
                  hours: 80,
                },
              ],
              taxes: [],
              employee_deductions: st.deductions.map((d) => ({
                name: d.name,
                amount: d.cents,
                currency: "usd",
                pre_tax: false,
                type: "custom_post_tax",
              })),
              employer_contributions: [],
            })),
          },
        };
      }),
    });
  }
  return null;
}
