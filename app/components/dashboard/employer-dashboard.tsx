import type { SerializeFrom } from "@remix-run/node";
import type { EmployerDashboardData } from "~/models/employer-dashboard.server";

export function EmployerDashboard({
  data,
}: {
  data: SerializeFrom<EmployerDashboardData>;
}) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">
        Welcome back, {data.greetingName}
      </h1>
    </div>
  );
}
