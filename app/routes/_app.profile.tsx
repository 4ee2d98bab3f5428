import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireEmployee } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireEmployee(request);
  return json({});
}

export default function Page() {
  return <h1 className="text-2xl font-bold text-gray-900">My Profile</h1>;
}

export const meta: MetaFunction = () => [
  { title: "My Profile · Grocery Advance" },
];

export const ErrorBoundary = GeneralErrorBoundary;
