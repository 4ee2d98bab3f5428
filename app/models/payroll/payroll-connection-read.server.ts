import { and, eq, sql } from "drizzle-orm";
import { payrollRunWrites, payrollRuns, type RunUnmatched } from "#db/schema";
import { recordAudit } from "~/models/audit/index.server";
import {
  recordNetPay,
  type ConnectedCompany,
} from "~/models/integrations/index.server";
import { recordNetPay as recordEmployeeNetPay } from "~/models/people/index.server";
import {
  readPayStatements,
  writeEnrolments,
  type FinchStatement,
} from "~/services/payroll/finch-deductions.server";
import { db, queryRows } from "~/utils/db.server";
import { formatCents, fromCents, toCents } from "~/utils/money";
import { dayStart, isoDay } from "~/utils/pay-schedule";
import { recordRunResults } from "./payroll-runs.server";

// A written run's results read back (DESIGN §13): after the pay date the
// pay statements are read and the run's results recorded through the same function a manual
// result uses (recordRunResults), then the enrolments go back to 0. Whatever cannot be matched
// is left for a person, with the reason.

/** Reasons a deduction is left for a person after the statements are read. */
export const UNMATCHED = {
  notLinked:
    "not matched to anyone in the payroll system: key the amount in from the run's file, then record the result on the run's page",
  noStatement: (day: string) =>
    `no pay statement on ${day}: record the result on the run's page`,
  tooMuch: (collected: number, due: number) =>
    `the pay statement shows ${formatCents(collected)} deducted, more than the ${formatCents(due)} due: check the payroll system, then record the result on the run's page`,
} as const;

type Open = {
  id: number;
  employee_id: number;
  name: string;
  amount: string;
  last_pay_date: string | null;
  individual_id: string | null;
};

/** What the statements say of each open deduction: a result, or a reason for a person. */
function matchStatements(
  open: Open[],
  statements: FinchStatement[],
  payDate: string,
) {
  const results: { deductionId: number; collectedAmount: string }[] = [];
  const unmatched: RunUnmatched[] = [];
  const byEmployee = new Map<number, Open[]>();
  for (const d of open)
    byEmployee.set(d.employee_id, [
      ...(byEmployee.get(d.employee_id) ?? []),
      d,
    ]);
  for (const deductions of byEmployee.values()) {
    const first = deductions[0];
    const leave = (reason: string) =>
      deductions.forEach((d) =>
        unmatched.push({ deductionId: d.id, employeeName: d.name, reason }),
      );
    if (!first.individual_id) {
      leave(UNMATCHED.notLinked);
      continue;
    }
    const own = statements.filter(
      (s) => s.individualId === first.individual_id,
    );
    const leaver =
      first.last_pay_date !== null && first.last_pay_date <= payDate;
    if (own.length === 0 && !leaver) {
      leave(UNMATCHED.noStatement(payDate));
      continue;
    }
    // A leaver without a statement was not paid on their last pay date: nothing was taken.
    let left = own.reduce((s, st) => s + st.deductedCents, 0);
    const due = deductions.reduce((s, d) => s + toCents(d.amount), 0);
    if (left > due) {
      leave(UNMATCHED.tooMuch(left, due));
      continue;
    }
    for (const d of deductions) {
      const taken = Math.min(left, toCents(d.amount));
      left -= taken;
      results.push({ deductionId: d.id, collectedAmount: fromCents(taken) });
    }
  }
  return { results, unmatched };
}

/** A written run's statements recorded: net pay kept, results as a manual result, the rest left. */
async function recordStatements(
  company: ConnectedCompany,
  write: { runId: number; payDate: string },
  statements: FinchStatement[],
  now: Date,
) {
  for (const s of statements)
    if (s.netPayCents !== null && s.type !== "off_cycle_payroll") {
      const employeeId = await recordNetPay(
        company.companyId,
        s.individualId,
        s.netPayCents,
        write.payDate,
      );
      // The person's net pay, the one figure /request's paycheck check reads.
      if (employeeId !== null && s.netPayCents > 0)
        await recordEmployeeNetPay(db(), employeeId, {
          cents: s.netPayCents,
          source: "payroll",
          asOf: dayStart(write.payDate),
        });
    }
  const open = await queryRows<Open>(
    db(),
    sql`select d.id, e.id as employee_id, u.first_name || ' ' || u.last_name as name,
               d.amount::text as amount, e.last_pay_date::text as last_pay_date,
               pi.finch_individual_id as individual_id
        from payroll_deductions d
        join advance_requests r on r.id = d.request_id
        join employees e on e.id = r.employee_id
        join users u on u.id = e.user_id
        left join payroll_individuals pi on pi.employee_id = e.id
        where d.run_id = ${write.runId} and d.status = 'SUBMITTED'
        order by e.id, d.id`,
  );
  const { results, unmatched } = matchStatements(
    open,
    statements,
    write.payDate,
  );
  if (results.length > 0)
    await recordRunResults(
      company.companyId,
      null,
      write.runId,
      { results },
      now,
    );
  await db().transaction(async (tx) => {
    await tx
      .update(payrollRunWrites)
      .set({ resultsReadAt: now, unmatched })
      .where(eq(payrollRunWrites.runId, write.runId));
    await recordAudit(tx, {
      actorId: null,
      companyId: company.companyId,
      action: "payroll_run.read",
      details: {
        runId: write.runId,
        payDate: write.payDate,
        recorded: results.length,
        leftForAPerson: unmatched.length,
      },
    });
  });
}

/**
 * After a written run's pay date: its pay statements are read, each employee's net pay kept,
 * the results recorded as a manual result would be (full, partial, missed → arrears, a leaver's
 * last paycheck → write-off), the rest left for a person; and the enrolments go back to 0,
 * statements or not. Statements Finch is still fetching are read the next morning.
 */
export async function readRunResults(company: ConnectedCompany, now: Date) {
  const today = isoDay(now);
  const due = await db()
    .select({
      runId: payrollRunWrites.runId,
      payDate: payrollRuns.payDate,
      enrolled: payrollRunWrites.enrolled,
      unmatched: payrollRunWrites.unmatched,
      resultsReadAt: payrollRunWrites.resultsReadAt,
      resetAt: payrollRunWrites.resetAt,
    })
    .from(payrollRunWrites)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunWrites.runId))
    .where(
      and(
        eq(payrollRunWrites.companyId, company.companyId),
        sql`(${payrollRunWrites.resetAt} is null or ${payrollRunWrites.resultsReadAt} is null)`,
        sql`${payrollRuns.payDate} < ${today}::date`,
      ),
    )
    .orderBy(payrollRuns.payDate);
  let read = 0;
  for (const write of due) {
    if (!write.resultsReadAt) {
      const { ready, statements } = await readPayStatements(
        company.settings,
        company.accessToken,
        write.payDate,
      );
      if (ready) {
        await recordStatements(company, write, statements, now);
        read += 1;
      }
    }
    // The enrolments back to 0 once the pay date is past (the same overwrite, repeatable),
    // whether or not the statements came: an assisted provider's come up to a week later, and
    // an amount left enrolled would be taken again on the next pay date.
    if (write.resetAt) continue;
    if (write.enrolled.length > 0 && company.benefitId) {
      const resetJobId = await writeEnrolments(
        company.settings,
        company.accessToken,
        company.benefitId,
        write.enrolled.map((l) => ({ individualId: l.individualId, cents: 0 })),
      );
      await db()
        .update(payrollRunWrites)
        .set({ resetJobId, resetAt: now })
        .where(eq(payrollRunWrites.runId, write.runId));
    } else
      await db()
        .update(payrollRunWrites)
        .set({ resetAt: now })
        .where(eq(payrollRunWrites.runId, write.runId));
  }
  return read;
}
