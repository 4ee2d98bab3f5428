import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireEmployer } from "~/utils/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireEmployer(request);
  return json({});
}

export default function Page() {
  return <h1 className="text-2xl font-bold text-gray-900">Add New Employee</h1>;
}

export const meta: MetaFunction = () => [
  { title: "Add New Employee · Grocery Advance" },
];

export const ErrorBoundary = GeneralErrorBoundary;
