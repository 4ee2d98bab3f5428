import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/utils/auth.server";

// The dashboard by role. The employee and employer dashboards are filled in by their issues.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    role: user.role,
    firstName: user.firstName,
    companyName: user.companyName,
  });
}

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  const name =
    data.role === "EMPLOYER"
      ? data.companyName || data.firstName
      : data.firstName;
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Welcome back, {name}</h1>
    </div>
  );
}

export const meta: MetaFunction = () => [
  { title: "Dashboard · Grocery Advance" },
];

export const ErrorBoundary = GeneralErrorBoundary;
