import type { SerializeFrom } from "@remix-run/node";
import type { EmployeeDashboardData } from "~/models/employee-dashboard.server";

export function EmployeeDashboard({
  data,
}: {
  data: SerializeFrom<EmployeeDashboardData>;
}) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">
        Welcome back, {data.firstName}
      </h1>
    </div>
  );
}
