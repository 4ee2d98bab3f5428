import { getEmployeeTerms } from "~/models/companies/index.server";
import { type User } from "#db/schema";
import { db } from "~/utils/db.server";
import { badRequest, forbidden } from "~/utils/errors";
import type { PaySchedule } from "~/utils/pay-schedule";
import { quoteAdvance, type FeePayer, type Quote } from "~/utils/quote";
import { onePeriodOnly, periodsAtMost } from "~/utils/state-rules";
import { advanceTermsFor, type AdvanceTerms } from "./limits.server";
import {
  availableToRequestCents,
  ONLY_EMPLOYEES,
  pendingCentsOf,
} from "./advance.server";

/**
 * The cost of an advance of `amountCents` over `periods` for this employee, as if the card were
 * issued now (GET /api/advance-quote, /request). An employee without a record
 * gets the schedule from today.
 */
export async function quoteForEmployee(
  user: User,
  amountCents: number,
  periods: number,
): Promise<Quote> {
  if (user.role !== "EMPLOYEE") throw forbidden(ONLY_EMPLOYEES);
  const employee = await getEmployeeTerms(user);
  const terms = employee ? await advanceTermsFor(db(), employee.id) : null;
  if (terms && periods > terms.maxPeriods) {
    const message =
      terms.maxPeriods === 1
        ? onePeriodOnly(terms.rule.name)
        : periodsAtMost(terms.rule.name, terms.maxPeriods);
    throw badRequest(message, { repaymentPeriods: [message] });
  }
  return quoteAdvance(
    amountCents,
    periods,
    employee?.paySchedule ?? null,
    new Date(),
    employee?.feePayer,
    terms?.feeLimit ?? null,
  );
}

export type RequestPage = {
  linked: boolean;
  availableCents: number;
  paySchedule: PaySchedule | null;
  feePayer: FeePayer;
  /** Offboarded: no new request is accepted. */
  left: boolean;
  /** The state's rules and the company's limits on the next advance (null: not linked). */
  terms: AdvanceTerms | null;
  /** Net pay on the latest pay statement read through the payroll connection. */
};

/** What /request needs: whether the employee is linked, what they may request, their pay date. */
export async function getRequestPage(user: User): Promise<RequestPage> {
  const employee = await getEmployeeTerms(user);
  if (!employee)
    return {
      linked: false,
      availableCents: 0,
      paySchedule: null,
      feePayer: "EMPLOYEE",
      left: false,
      terms: null,
    };
  return {
    linked: employee.companyId !== null,
    availableCents: availableToRequestCents(
      employee.availableBalance,
      await pendingCentsOf(db(), employee.id),
    ),
    paySchedule: employee.paySchedule,
    feePayer: employee.feePayer,
    left: employee.offboardedAt !== null,
    terms:
      employee.companyId !== null
        ? await advanceTermsFor(db(), employee.id)
        : null,
  };
}
