import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { User } from "#db/schema";
import {
  retentionMinimum,
  setRetentionYears,
  updatePaySchedule,
} from "~/models/companies/index.server";
import {
  attempt,
  parseWithZod,
  PAY_SCHEDULE_FROM_PAYROLL,
  payScheduleSchema,
  redirectWithError,
  redirectWithSuccess,
  replyToFailure,
  retentionSchema,
} from "./action.server";
import { can, refusalFor } from "./auth.server";

// Two of /settings' posts: the records retention (owners) and the pay schedule, each with its
// own form's reply on a refusal.

/** The records retention form: owners only (the model refuses anyone else too). */
export async function retentionAction(user: User, formData: FormData) {
  if (!can(user, "regulatorReports"))
    return redirectWithError("/settings", refusalFor("regulatorReports"));
  // The fewest years depends on the company's states: the schema is built with it, as the
  // page built it for the browser.
  const retention = parseWithZod(formData, {
    schema: retentionSchema(await retentionMinimum(user)),
  });
  if (retention.status !== "success")
    return json({ retention: retention.reply() }, { status: 400 });
  return attempt(
    async () => {
      await setRetentionYears(user, retention.value.retentionYears);
      return redirectWithSuccess(
        "/settings",
        "Retention saved",
        "Records are kept for the years you chose.",
      );
    },
    (error): { retention: SubmissionResult<string[]> } => ({
      retention: replyToFailure(retention, error, { fields: true }),
    }),
  );
}

/** The pay schedule form; a schedule a connected payroll sets waits for a confirm step. */
export async function payScheduleAction(user: User, formData: FormData) {
  const schedule = parseWithZod(formData, { schema: payScheduleSchema });
  if (schedule.status !== "success")
    return json({ schedule: schedule.reply() }, { status: 400 });
  return attempt(
    async () => {
      await updatePaySchedule(user, schedule.value);
      return redirectWithSuccess(
        "/settings",
        "Pay schedule saved",
        "New deductions fall on the new pay dates.",
      );
    },
    (
      error,
    ):
      | { confirmSchedule: { frequency: string; nextPayDate: string } }
      | { schedule: SubmissionResult<string[]> } =>
      // Connected to payroll: the change waits for a confirm step (a plain form, no JavaScript).
      error.message === PAY_SCHEDULE_FROM_PAYROLL
        ? {
            confirmSchedule: {
              frequency: schedule.value.frequency,
              nextPayDate: schedule.value.nextPayDate,
            },
          }
        : { schedule: replyToFailure(schedule, error, { fields: true }) },
  );
}
