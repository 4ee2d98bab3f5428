import { getEmployerReport, trendPercent } from "~/models/reports/index.server";
import { cancelAdvance } from "~/models/advances/index.server";
import { loader as reportsLoader } from "~/routes/_app.reports";
import { useTestDatabase } from "#tests/support/db";
import { insertAdvance, approvedAdvances, daysAgo } from "#tests/support/data";
import {
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";

useTestDatabase();

describe("getEmployerReport", () => {
  it("counts only requests waiting for a decision as pending, not cancelled ones", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const waiting = await insertAdvance(employee, { amount: "220.00" });
    const withdrawn = await insertAdvance(employee, { amount: "230.00" });
    await cancelAdvance(employee, withdrawn.id);
    const report = await getEmployerReport(employer);
    expect(report).toMatchObject({
      totalAdvances: 2,
      pendingAdvances: 1,
      cancelledAdvances: 1,
      approvedAdvances: 0,
      declinedAdvances: 0,
    });
    expect(waiting.status).toBe("PENDING");
  });

  it("reports zeros for a company with no requests", async () => {
    const employer = await createEmployer();
    await createEmployee(employer);
    const report = await getEmployerReport(employer);
    expect(report).toMatchObject({
      totalAdvances: 0,
      approvedAdvances: 0,
      totalAmountCents: 0,
      averageAmountCents: 0,
      approvedAmountCents: 0,
      approvalRate: 0,
      trend: { last30Days: 0, prior30Days: 0, percent: 0 },
      departments: [],
    });
    expect(report.monthly).toHaveLength(12);
    expect(report.monthly.every((m) => m.requests === 0)).toBe(true);
    expect(report.risk.map((r) => [r.band, r.count, r.percent])).toEqual([
      ["low", 0, 0],
      ["moderate", 0, 0],
      ["high", 0, 0],
    ]);
    expect(report.estimates).toEqual({
      retentionPercent: 12,
      savingsCents: 840000,
      satisfaction: 4.7,
      satisfactionScale: 5,
      replacementCostCents: 350000,
    });
  });

  it("computes totals, average and approval rate from the employer's own requests of the last 12 months", async () => {
    const employer = await createEmployer();
    const produce = await createEmployee(employer, { department: "Produce" });
    const bakery = await createEmployee(employer, { department: "Bakery" });
    await insertAdvance(produce, {
      amount: "300.00",
      status: "APPROVED",
      requestDate: daysAgo(10),
    });
    await insertAdvance(bakery, {
      amount: "200.00",
      status: "APPROVED",
      requestDate: daysAgo(40),
    });
    await insertAdvance(bakery, {
      amount: "400.00",
      status: "DECLINED",
      requestDate: daysAgo(5),
    });
    await insertAdvance(produce, { amount: "250.50", requestDate: daysAgo(0) });
    // Outside the period: 13 months ago.
    await insertAdvance(bakery, {
      amount: "100.00",
      status: "APPROVED",
      requestDate: daysAgo(400),
    });
    // Another employer's data never counts.
    const other = await createEmployer();
    const stranger = await createEmployee(other, { department: "Produce" });
    await insertAdvance(stranger, {
      amount: "500.00",
      status: "APPROVED",
      requestDate: daysAgo(3),
    });

    const report = await getEmployerReport(employer);
    expect(report.totalAdvances).toBe(4);
    expect(report.approvedAdvances).toBe(2);
    expect(report.declinedAdvances).toBe(1);
    expect(report.pendingAdvances).toBe(1);
    expect(report.totalAmountCents).toBe(30000 + 20000 + 40000 + 25050);
    // 1150.50 / 4 = 287.625 → 287.63
    expect(report.averageAmountCents).toBe(28763);
    expect(report.approvedAmountCents).toBe(50000);
    // 2 approved of 3 decided; the pending one is not counted yet.
    expect(report.approvalRate).toBe(66.7);
    expect(report.trend).toEqual({
      last30Days: 3,
      prior30Days: 1,
      percent: 200,
    });
    expect(report.monthly.reduce((sum, m) => sum + m.requests, 0)).toBe(4);
    expect(report.monthly.reduce((sum, m) => sum + m.amountCents, 0)).toBe(
      report.totalAmountCents,
    );
    expect(report.departments).toEqual([
      { department: "Produce", advances: 1, amountCents: 30000, percent: 60 },
      { department: "Bakery", advances: 1, amountCents: 20000, percent: 40 },
    ]);

    const otherReport = await getEmployerReport(other);
    expect(otherReport.totalAdvances).toBe(1);
    expect(otherReport.departments).toEqual([
      { department: "Produce", advances: 1, amountCents: 50000, percent: 100 },
    ]);
  });

  it("gives a trend of 100 when the prior 30 days are empty", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertAdvance(employee, {
      amount: "200.00",
      requestDate: daysAgo(1),
    });
    await insertAdvance(employee, {
      amount: "200.00",
      requestDate: daysAgo(29),
    });
    const report = await getEmployerReport(employer);
    expect(report.trend).toEqual({
      last30Days: 2,
      prior30Days: 0,
      percent: 100,
    });
  });

  it("compares the last 30 days with the 30 before them", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await insertAdvance(employee, {
      amount: "200.00",
      requestDate: daysAgo(2),
    });
    for (const days of [31, 45, 59]) {
      await insertAdvance(employee, {
        amount: "200.00",
        requestDate: daysAgo(days),
      });
    }
    // 61 days ago is outside both windows.
    await insertAdvance(employee, {
      amount: "200.00",
      requestDate: daysAgo(61),
    });
    const report = await getEmployerReport(employer);
    expect(report.trend).toEqual({
      last30Days: 1,
      prior30Days: 3,
      percent: -67,
    });
    expect(trendPercent(3, 2)).toBe(50);
    expect(trendPercent(2, 2)).toBe(0);
    expect(trendPercent(0, 4)).toBe(-100);
    expect(trendPercent(5, 0)).toBe(100);
  });

  it("ranks the top five departments by approved amount, then by count", async () => {
    const employer = await createEmployer();
    await approvedAdvances(employer, "Deli", ["500.00", "400.00"]); // 900
    await approvedAdvances(employer, "Bakery", ["300.00", "300.00"]); // 600, 2
    await approvedAdvances(employer, "Produce", ["200.00", "200.00", "200.00"]); // 600, 3
    await approvedAdvances(employer, "Frozen", ["450.00"]); // 450
    await approvedAdvances(employer, "", ["250.00"]); // no department: 250
    await approvedAdvances(employer, "Dairy", ["200.00"]); // 200: sixth, left out
    // Declined and pending requests are not part of the department breakdown.
    const dairy = await createEmployee(employer, { department: "Dairy" });
    await insertAdvance(dairy, { amount: "500.00", status: "DECLINED" });
    await insertAdvance(dairy, { amount: "500.00" });

    const report = await getEmployerReport(employer);
    expect(report.approvedAmountCents).toBe(300000);
    expect(
      report.departments.map((d) => [d.department, d.advances, d.amountCents]),
    ).toEqual([
      ["Deli", 2, 90000],
      ["Produce", 3, 60000],
      ["Bakery", 2, 60000],
      ["Frozen", 1, 45000],
      ["No department", 1, 25000],
    ]);
    // Shares of the whole approved amount (Dairy's $200 included), one decimal.
    expect(report.departments.map((d) => d.percent)).toEqual([
      30, 20, 20, 15, 8.3,
    ]);
  });

  it("puts approved advances into risk bands at $150 / $151 and $350 / $351", async () => {
    const employer = await createEmployer();
    await approvedAdvances(employer, "Produce", [
      "150.00",
      "151.00",
      "350.00",
      "351.00",
      "100.00",
      "500.00",
    ]);
    const employee = await createEmployee(employer);
    await insertAdvance(employee, { amount: "100.00", status: "DECLINED" });
    await insertAdvance(employee, { amount: "400.00" });
    const report = await getEmployerReport(employer);
    expect(report.risk).toEqual([
      { band: "low", label: "Low (up to $150)", count: 2, percent: 33.3 },
      {
        band: "moderate",
        label: "Moderate ($151 to $350)",
        count: 2,
        percent: 33.3,
      },
      { band: "high", label: "High (above $350)", count: 2, percent: 33.3 },
    ]);
  });

  it("buckets the 12 months (UTC) ending with the current one", async () => {
    const now = new Date("2030-06-15T12:00:00Z");
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const at = (iso: string, amount = "200.00") =>
      insertAdvance(employee, { amount, requestDate: new Date(iso) });
    await at("2030-06-01T00:00:00Z", "210.00");
    await at("2030-05-31T23:59:59Z", "220.00");
    await at("2030-05-02T10:00:00Z", "230.00");
    await at("2029-07-01T00:00:00Z", "240.00"); // first day of the period
    await at("2029-06-30T23:59:59Z", "250.00"); // before the period
    await at("2030-06-16T00:00:00Z", "260.00"); // after "now"
    const report = await getEmployerReport(employer, now);
    expect(report.period).toEqual({
      start: "2029-07-01T00:00:00.000Z",
      end: "2030-06-15T12:00:00.000Z",
      months: 12,
    });
    expect(report.monthly.map((m) => m.month)).toEqual([
      "2029-07",
      "2029-08",
      "2029-09",
      "2029-10",
      "2029-11",
      "2029-12",
      "2030-01",
      "2030-02",
      "2030-03",
      "2030-04",
      "2030-05",
      "2030-06",
    ]);
    const byMonth = Object.fromEntries(
      report.monthly.map((m) => [m.month, [m.requests, m.amountCents]]),
    );
    expect(byMonth["2029-07"]).toEqual([1, 24000]);
    expect(byMonth["2030-05"]).toEqual([2, 45000]);
    expect(byMonth["2030-06"]).toEqual([1, 21000]);
    expect(report.totalAdvances).toBe(4);
  });

  it("is for employers only", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    await expect(getEmployerReport(employee)).rejects.toMatchObject({
      status: 403,
    });
  });
});

describe("/reports loader", () => {
  it("serves the employer's report", async () => {
    const employer = await createEmployer();
    await approvedAdvances(employer, "Produce", ["300.00"]);
    const res = await call(
      reportsLoader,
      await requestAs(employer, "/reports"),
    );
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data.report).toMatchObject({
      totalAdvances: 1,
      approvedAmountCents: 30000,
      departments: [{ department: "Produce", percent: 100 }],
    });
  });

  it("refuses employees (403) and sends anonymous visitors to /auth", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer);
    const denied = await call(
      reportsLoader,
      await requestAs(employee, "/reports"),
    );
    expect(denied.status).toBe(403);
    const anon = await call(reportsLoader, await requestAs(null, "/reports"));
    expect(anon.status).toBe(302);
    expect(anon.headers.get("Location")).toBe("/auth?redirectTo=%2Freports");
  });
});
