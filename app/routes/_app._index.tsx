import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import {
  loadEmployeeDashboard,
  loadEmployerDashboard,
} from "~/models/reports/index.server";
import { requireUser } from "~/web/auth.server";
import { translatedTitle } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
import { useT } from "~/utils/i18n";

// Each role's dashboard is its own module: an employee's browser never loads the employer's
// dashboard, nor the other way round. Both are islands: rendered on the
// server, hydrated as soon as their code arrives; their links and forms work before that.
const EmployeeDashboard = island(() =>
  import("~/components/dashboard/employee-dashboard").then(
    (m) => m.EmployeeDashboard,
  ),
);
const EmployerDashboard = island(() =>
  import("~/components/dashboard/employer-dashboard").then(
    (m) => m.EmployerDashboard,
  ),
);

// "/" is open to any signed-in user and shows the dashboard of their role. Approve and
// Decline on the employer dashboard post to /approvals, so this route has no action.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const employerSide = user.role !== "EMPLOYEE" && user.companyId !== null;
  const { language, i18n } = await pageI18n(
    request,
    // The employer's page embeds the employee list's table only: not the list's forms, nor
    // the employee's dashboard (8 KB of the page's 17 KB of data).
    employerSide
      ? ["messages", "employer", "approvals", ["employees", "table"]]
      : ["dashboard", "messages"],
    user,
  );
  if (user.role === "EMPLOYEE") {
    return json({
      role: "EMPLOYEE" as const,
      employee: await loadEmployeeDashboard(user, new Date(), language),
      i18n,
    });
  }
  // A member removed from their company keeps their account, and nothing on the employer side.
  if (user.companyId === null)
    return json({ role: "FORMER_MEMBER" as const, name: user.firstName, i18n });
  const employer = await loadEmployerDashboard(user, new Date(), language);
  return json({
    role: "EMPLOYER" as const,
    employer: {
      ...employer,
      // Why Approve is not offered, in the page's language.
      pendingApprovals: employer.pendingApprovals.map((r) => ({
        ...r,
        blockedReason:
          r.blockedReason && localizeMessage(language, r.blockedReason),
      })),
    },
    i18n,
  });
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const t = useT("dashboard");
  if (data.role === "FORMER_MEMBER")
    return (
      <div className="max-w-2xl space-y-3">
        <h1 className="text-2xl font-bold text-gray-900">
          {t("formerMember.hello", { name: data.name })}
        </h1>
        <p className="text-gray-700">{t("formerMember.text")}</p>
      </div>
    );
  return data.role === "EMPLOYEE" ? (
    <EmployeeDashboard data={data.employee} />
  ) : (
    <EmployerDashboard data={data.employer} />
  );
}

export const meta = translatedTitle("common:titles.dashboard");

export const ErrorBoundary = GeneralErrorBoundary;
