// Reports: the read side across domains: reports, both dashboards, the employee list.
// The domain's public face: code outside app/models/reports/ imports it only from here
// (tests/unit/layers.test.ts).

export {
  exportCompanyActivityCsv,
  listCompanyActivity,
} from "./activity.server";
export {
  getEmployerReport,
  NO_DEPARTMENT,
  reportingPeriod,
  TOP_DEPARTMENTS,
  trendPercent,
} from "./report.server";
export {
  COMPACT_BACKLOG,
  compactReportRollup,
  rebuildReportRollup,
} from "./report-rollup.server";
export {
  type EmployerDashboardData,
  loadEmployerDashboard,
  monthOverMonth,
} from "./employer-dashboard.server";
export {
  cardRestrictions,
  type EmployeeDashboardData,
  loadEmployeeDashboard,
} from "./employee-dashboard.server";
export { employeeCreditStory } from "./credit-story.server";
export {
  type EmployeeListRow,
  getEmployeePage,
  listEmployees,
  listEmployeesForApi,
  loadEmployeesPage,
} from "./employee-directory.server";
export { employerToDo } from "./to-do.server";
export {
  companyRegulatorReport,
  computeRegulatorReport,
  operatorRegulatorReports,
  regulatorReportCsv,
  regulatorReportsCsv,
} from "./regulator-report.server";
export { checkInvariants, INVARIANT_RULES } from "./invariants.server";
export { employeeFiguresOf } from "./employee-figures.server";
export { sendMonthlyReports } from "./monthly-report.server";
