import {
  getPaySchedule,
  updatePaySchedule,
} from "~/models/companies/index.server";
import { payScheduleResponseSchema } from "~/validation/api-responses";
import { payScheduleSchema } from "~/validation/settings";
import { apiRoute } from "~/web/api-contract.server";

// The company's pay schedule: deductions fall on its pay dates, and payroll runs move its next
// pay date on. Owners and admins.
const read = apiRoute(
  {
    method: "GET",
    path: "/api/pay-schedule",
    summary: "The company's pay schedule: its frequency and next pay date",
    role: "EMPLOYER",
    capability: "settings",
    response: payScheduleResponseSchema,
    errors: [401, 403],
  },
  async ({ user }) => getPaySchedule(user),
);

const write = apiRoute(
  {
    method: "PUT",
    path: "/api/pay-schedule",
    summary:
      'Set the company\'s pay schedule: WEEKLY, BIWEEKLY, SEMIMONTHLY (15th and last day) or MONTHLY (last day), and the next pay date (not in the past). Deductions already scheduled keep their dates. A company with a connected payroll system gets its schedule from it at each sync: a change is refused with 409 unless it sends confirm: "payroll"',
    role: "EMPLOYER",
    capability: "settings",
    body: payScheduleSchema,
    response: payScheduleResponseSchema,
    errors: [400, 401, 403, 409],
    statusText: {
      409: 'The company\'s payroll system is connected and sets the schedule at each sync: send confirm: "payroll" to change it anyway (the next sync sets it back); or a request with the same Idempotency-Key is still in progress',
    },
  },
  async ({ user, body }) => updatePaySchedule(user, body),
);

export const contract = write.contract;
export const listContract = read.contract;
export const loader = read.loader;
export const action = write.action;
