import type { LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary, NotFound } from "~/components/error-boundary";
import { requireUser } from "~/web/auth.server";

// Any other path: the not-found page inside the layout, with status 404.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export const ErrorBoundary = GeneralErrorBoundary;
