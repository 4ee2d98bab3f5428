import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmployeeDashboard } from "~/components/dashboard/employee-dashboard";
import { EmployerDashboard } from "~/components/dashboard/employer-dashboard";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadEmployeeDashboard } from "~/models/employee-dashboard.server";
import { loadEmployerDashboard } from "~/models/employer-dashboard.server";
import { requireUser } from "~/web/auth.server";
import { pageTitle } from "~/utils/meta";

// "/" is open to any signed-in user and shows the dashboard of their role. Approve and
// Decline on the employer dashboard post to /approvals, so this route has no action.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.role === "EMPLOYEE") {
    return json({
      role: "EMPLOYEE" as const,
      employee: await loadEmployeeDashboard(user),
    });
  }
  return json({
    role: "EMPLOYER" as const,
    employer: await loadEmployerDashboard(user),
  });
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return data.role === "EMPLOYEE" ? (
    <EmployeeDashboard data={data.employee} />
  ) : (
    <EmployerDashboard data={data.employer} />
  );
}

export const meta = pageTitle("Dashboard");

export const ErrorBoundary = GeneralErrorBoundary;
