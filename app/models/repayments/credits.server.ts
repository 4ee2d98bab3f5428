import { sql } from "drizzle-orm";
import { queryRows, type Executor, type Tx } from "~/utils/db.server";
import { fromCents, toCents } from "~/utils/money";
import { recordAudit } from "~/models/audit/index.server";
import { postEntry, refreshAvailable } from "~/models/ledger/index.server";

// Credits (DESIGN §12): what the program owes an employee back (the ledger's
// `credit` account: payroll collected beyond what their cards spent, net of write-offs). A
// credit is netted first against what the employee still owes on their other advances (their
// SCHEDULED deductions, the latest first, cut to the cent: `credit.netted`); what is left is
// paid back through a recorded path, a `credit_payouts` row:
//
// - PAYROLL: a reimbursement line on the company's next payroll run, added when the run is
//   created and paid when the run's results are recorded (the run is reconciled);
// - RECORDED: for a leaver with no paycheck to come, a payment the employer records.
//
// A payout is posted when it is paid (`credit.paid_back`: the company's payroll gives back
// what it collected), which brings the credit down; a line still SUBMITTED in a run is promised
// and cannot be netted or paid again.

/** An employee's credit (owed back to them), and the part of it already in a run, in cents. */
async function creditOf(
  executor: Executor,
  employeeId: number,
): Promise<{ creditCents: number; inRunCents: number }> {
  const [row] = await queryRows<{ credit: string; in_run: string }>(
    executor,
    sql`select
          coalesce((select -sum(p.amount) from ledger_postings p
            where p.employee_id = ${employeeId} and p.account = 'credit'), 0)::text as credit,
          coalesce((select sum(o.amount) from credit_payouts o
            where o.employee_id = ${employeeId} and o.status = 'SUBMITTED'), 0)::text as in_run`,
  );
  return {
    creditCents: Math.max(0, toCents(row?.credit ?? "0")),
    inRunCents: toCents(row?.in_run ?? "0"),
  };
}

/** What of an employee's credit is free to net or pay out (not already in a run), in cents. */
export async function freeCreditCents(
  executor: Executor,
  employeeId: number,
): Promise<number> {
  const { creditCents, inRunCents } = await creditOf(executor, employeeId);
  return Math.max(0, creditCents - inRunCents);
}

/**
 * Nets an employee's free credit against their SCHEDULED deductions (any advance, the latest
 * first; one cut to nothing is removed), inside the caller's transaction. Each cut is a
 * `credit.netted` entry on the deduction's advance: the employee owes less and is owed less.
 * Returns what was netted, in cents.
 */
export async function netCredit(
  tx: Tx,
  employeeId: number,
  now: Date,
): Promise<number> {
  let rest = await freeCreditCents(tx, employeeId);
  if (rest === 0) return 0;
  const open = await queryRows<{
    id: number;
    request_id: number;
    amount: string;
    arrears_of_id: number | null;
    company_id: number;
  }>(
    tx,
    sql`select d.id, d.request_id, d.amount::text as amount, d.arrears_of_id,
               d.employer_id as company_id
        from payroll_deductions d join advance_requests r on r.id = d.request_id
        where r.employee_id = ${employeeId} and d.status = 'SCHEDULED'
        order by d.deduction_date desc, d.id desc for update of d`,
  );
  let netted = 0;
  for (const d of open) {
    if (rest === 0) break;
    const amount = toCents(d.amount);
    const cut = Math.min(amount, rest);
    rest -= cut;
    netted += cut;
    if (cut === amount)
      await tx.execute(sql`delete from payroll_deductions where id = ${d.id}`);
    else
      await tx.execute(
        sql`update payroll_deductions set amount = ${fromCents(amount - cut)} where id = ${d.id}`,
      );
    await postEntry(tx, {
      event: "credit.netted",
      companyId: d.company_id,
      employeeId,
      requestId: d.request_id,
      at: now,
      postings: [
        { account: "credit", cents: cut },
        {
          account: d.arrears_of_id === null ? "receivable" : "arrears",
          cents: -cut,
        },
      ],
    });
  }
  if (netted > 0) {
    await refreshAvailable(tx, { employeeIds: [employeeId] });
    const [company] = await queryRows<{ company_id: number | null }>(
      tx,
      sql`select employer_id as company_id from employees where id = ${employeeId}`,
    );
    await recordAudit(tx, {
      actorId: null,
      companyId: company?.company_id ?? null,
      action: "credit.netted",
      amountCents: netted,
      details: { employeeId, netted: fromCents(netted) },
    });
  }
  return netted;
}

export type ReimbursementLine = {
  id: number;
  employeeId: number;
  employeeName: string;
  amount: string;
  /** NOT_PAID: the payroll did not pay it; the credit stays owed and goes on the next run. */
  status: "SUBMITTED" | "PAID" | "NOT_PAID";
  paidAt: Date | null;
};

/**
 * Adds to a payroll run, inside its transaction, a reimbursement line for every employee of the
 * company who is owed a credit and still has this paycheck (not a leaver, or a leaver whose last
 * pay date is on or after it): the credit is first netted against what they still owe, then
 * what is free of it goes on the line. Returns the lines added.
 */
export async function addReimbursementLines(
  tx: Tx,
  companyId: number,
  runId: number,
  payDate: string,
  now: Date,
): Promise<{ employeeId: number; userId: number; cents: number }[]> {
  const owed = await queryRows<{ id: number; user_id: number }>(
    tx,
    sql`select e.id, e.user_id from employees e
        where e.employer_id = ${companyId}
          and (e.offboarded_at is null or e.last_pay_date >= ${payDate}::date)
          and exists (select 1 from ledger_postings p
            where p.employee_id = e.id and p.account = 'credit')
        order by e.id`,
  );
  const added: { employeeId: number; userId: number; cents: number }[] = [];
  for (const e of owed) {
    await netCredit(tx, e.id, now);
    const free = await freeCreditCents(tx, e.id);
    if (free === 0) continue;
    await tx.execute(
      sql`insert into credit_payouts (company_id, employee_id, amount, method, run_id)
          values (${companyId}, ${e.id}, ${fromCents(free)}, 'PAYROLL', ${runId})`,
    );
    added.push({ employeeId: e.id, userId: e.user_id, cents: free });
  }
  return added;
}

/** A run's reimbursement lines, by employee name. */
export async function reimbursementLines(
  executor: Executor,
  runId: number,
): Promise<ReimbursementLine[]> {
  const rows = await queryRows<{
    id: number;
    employee_id: number;
    name: string;
    amount: string;
    status: "SUBMITTED" | "PAID" | "NOT_PAID";
    paid_at: Date | string | null;
  }>(
    executor,
    sql`select o.id, o.employee_id, u.first_name || ' ' || u.last_name as name,
               o.amount::text as amount, o.status, o.paid_at
        from credit_payouts o join employees e on e.id = o.employee_id
        join users u on u.id = e.user_id
        where o.run_id = ${runId}
        order by u.last_name, u.first_name, o.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    employeeId: r.employee_id,
    employeeName: r.name,
    amount: r.amount,
    status: r.status,
    paidAt: r.paid_at ? new Date(r.paid_at) : null,
  }));
}

/** Posts a paid payout: the company gives back what its payroll collected; the credit falls. */
async function postPaidBack(
  tx: Tx,
  payout: { companyId: number; employeeId: number; cents: number },
  now: Date,
): Promise<void> {
  await postEntry(tx, {
    event: "credit.paid_back",
    companyId: payout.companyId,
    employeeId: payout.employeeId,
    at: now,
    postings: [
      { account: "credit", cents: payout.cents },
      { account: "payroll", cents: -payout.cents },
    ],
  });
  await refreshAvailable(tx, { employeeIds: [payout.employeeId] });
}

/**
 * The run's results confirm its reimbursement lines: each SUBMITTED one is paid, posted and
 * audited, inside the run's transaction. Returns the lines paid.
 */
export async function payReimbursementLines(
  tx: Tx,
  runId: number,
  actorId: number | null,
  now: Date,
): Promise<{ payoutId: number; employeeId: number; cents: number }[]> {
  const lines = await queryRows<{
    id: number;
    company_id: number;
    employee_id: number;
    amount: string;
  }>(
    tx,
    sql`update credit_payouts set status = 'PAID', paid_at = ${now.toISOString()}::timestamptz
        where run_id = ${runId} and status = 'SUBMITTED'
        returning id, company_id, employee_id, amount::text as amount`,
  );
  for (const l of lines) {
    const cents = toCents(l.amount);
    await postPaidBack(
      tx,
      { companyId: l.company_id, employeeId: l.employee_id, cents },
      now,
    );
    await recordAudit(tx, {
      actorId,
      companyId: l.company_id,
      action: "credit.paid_back",
      amountCents: cents,
      details: {
        employeeId: l.employee_id,
        payoutId: l.id,
        runId,
        method: "PAYROLL",
      },
    });
  }
  return lines.map((l) => ({
    payoutId: l.id,
    employeeId: l.employee_id,
    cents: toCents(l.amount),
  }));
}

/**
 * The payroll did not pay these reimbursement lines of a run (SUBMITTED ones; the caller checked
 * they are the run's), inside the run's transaction: each becomes NOT_PAID, nothing is posted,
 * and the credit, no longer promised on the run, is free again for the next run's line (or to
 * net against what the employee owes). Audited. Returns the lines marked.
 */
export async function markLinesNotPaid(
  tx: Tx,
  runId: number,
  lineIds: number[],
  actorId: number | null,
): Promise<{ payoutId: number; employeeId: number; cents: number }[]> {
  if (lineIds.length === 0) return [];
  const ids = `{${lineIds.map(Number).join(",")}}`;
  const lines = await queryRows<{
    id: number;
    company_id: number;
    employee_id: number;
    amount: string;
  }>(
    tx,
    sql`update credit_payouts set status = 'NOT_PAID'
        where run_id = ${runId} and status = 'SUBMITTED' and id = any(${ids}::int[])
        returning id, company_id, employee_id, amount::text as amount`,
  );
  for (const l of lines)
    await recordAudit(tx, {
      actorId,
      companyId: l.company_id,
      action: "credit.not_paid",
      amountCents: toCents(l.amount),
      details: { employeeId: l.employee_id, payoutId: l.id, runId },
    });
  return lines.map((l) => ({
    payoutId: l.id,
    employeeId: l.employee_id,
    cents: toCents(l.amount),
  }));
}

/**
 * A payment of the whole free credit the employer records (a leaver, who has no paycheck to
 * come), inside the caller's transaction (the employee's row locked by the caller). Returns what
 * was paid, 0 when nothing was owed.
 */
export async function recordPayout(
  tx: Tx,
  payout: {
    companyId: number;
    employeeId: number;
    actorId: number;
    reference: string | null;
  },
  now: Date,
): Promise<{ payoutId: number; cents: number } | null> {
  const cents = await freeCreditCents(tx, payout.employeeId);
  if (cents === 0) return null;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into credit_payouts
          (company_id, employee_id, amount, method, status, reference, recorded_by_id, paid_at)
        values (${payout.companyId}, ${payout.employeeId}, ${fromCents(cents)}, 'RECORDED',
                'PAID', ${payout.reference}, ${payout.actorId}, ${now.toISOString()}::timestamptz)
        returning id`,
  );
  await postPaidBack(
    tx,
    { companyId: payout.companyId, employeeId: payout.employeeId, cents },
    now,
  );
  await recordAudit(tx, {
    actorId: payout.actorId,
    companyId: payout.companyId,
    action: "credit.paid_back",
    amountCents: cents,
    details: {
      employeeId: payout.employeeId,
      payoutId: row.id,
      method: "RECORDED",
      ...(payout.reference ? { reference: payout.reference } : {}),
    },
  });
  return { payoutId: row.id, cents };
}
