import { updatePaySchedule } from "~/models/companies/index.server";
import { createPayrollRun, getPayrollRun } from "~/models/payroll/index.server";
import { action as payrollPageAction } from "~/routes/_app.payroll";
import { action as resultsApi } from "~/routes/api.payroll-runs.$id.results";
import { addDaysIso, dayStart, isoDay } from "~/utils/pay-schedule";
import { cardedAdvance } from "#tests/support/data";
import { useTestDatabase } from "#tests/support/db";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

// A run's results come in three ways (the run page's row, its results file, the API) and are
// checked by one schema: the same bad amount gets the same message each way, and changes nothing.

useTestDatabase();

const on = (iso: string) => new Date(dayStart(iso).getTime() + 12 * 3_600_000);
const BAD_AMOUNT =
  "Enter what payroll collected, in dollars with at most 2 decimals (0 if nothing).";

it("refuses a bad collected amount with one message from the page, the file and the API", async () => {
  const payDay = addDaysIso(isoDay(new Date()), 1);
  const employer = await createEmployer();
  await updatePaySchedule(employer, {
    frequency: "BIWEEKLY",
    nextPayDate: payDay,
  });
  await cardedAdvance(await createEmployee(employer), "200.00", 1);
  const { run } = await createPayrollRun(
    employer,
    { payDate: payDay },
    on(payDay),
  );
  const deductionId = String(run.deductions[0].id);
  const runId = String(run.id);

  const page = await call(
    payrollPageAction,
    await requestAs(employer, "/payroll", {
      form: { intent: "result", runId, deductionId, collectedAmount: "12.345" },
    }),
  );
  expect(page.status).toBe(400);
  expect(await page.json()).toEqual({ error: BAD_AMOUNT });

  const upload = new FormData();
  upload.set("intent", "upload");
  upload.set("runId", runId);
  upload.set(
    "results",
    new File(
      [`deductionId,collectedAmount\n${deductionId},-5\n`],
      "results.csv",
      {
        type: "text/csv",
      },
    ),
  );
  const file = await call(
    payrollPageAction,
    await requestAs(employer, "/payroll", { method: "POST", body: upload }),
  );
  expect(file.status).toBe(400);
  expect(await file.json()).toEqual({ error: BAD_AMOUNT });

  const api = await call(
    resultsApi,
    await requestAs(employer, `/api/payroll-runs/${runId}/results`, {
      json: {
        results: [
          { deductionId: run.deductions[0].id, collectedAmount: "1e3" },
        ],
      },
    }),
    { id: runId },
  );
  expect(api.status).toBe(400);
  expect((await api.json()) as { message: string }).toMatchObject({
    message: BAD_AMOUNT,
  });

  // Nothing was recorded; a good amount from the page is.
  expect((await getPayrollRun(employer, run.id)).deductions[0].status).toBe(
    "SUBMITTED",
  );
  const good = await call(
    payrollPageAction,
    await requestAs(employer, "/payroll", {
      form: {
        intent: "result",
        runId,
        deductionId,
        collectedAmount: " 75.50 ",
      },
    }),
  );
  expect(good.status).toBe(302);
  expect(
    (await getPayrollRun(employer, run.id)).deductions[0].collectedAmount,
  ).toBe("75.50");
});
