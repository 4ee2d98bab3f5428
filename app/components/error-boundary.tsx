import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

export function AccessDenied() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Access Denied</h1>
      <p className="mt-2 text-gray-700">
        You don&apos;t have permission to access this page.
      </p>
      <Link to="/" className="mt-6 inline-block text-brand-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
      <p className="mt-2 text-gray-700">
        Did you forget to add the page to the router?
      </p>
      <Link to="/" className="mt-6 inline-block text-brand-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

/** The one error boundary: 403 → Access Denied, 404 → not found, 503 → try again, else a
 * friendly message (never a stack trace). */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <AccessDenied />;
    if (error.status === 404) return <NotFound />;
    if (error.status === 503) {
      return (
        <div className="mx-auto max-w-lg py-16 text-center">
          <h1 className="text-2xl font-bold text-gray-900">
            We&apos;ll be right back
          </h1>
          <p className="mt-2 text-gray-700">
            The service is temporarily unavailable. Please try again in a
            moment.
          </p>
        </div>
      );
    }
    // A refused post (a body that is not a form, too large...): say why.
    const message = (error.data as { message?: unknown } | null)?.message;
    if (error.status < 500 && typeof message === "string") {
      return (
        <div className="mx-auto max-w-lg py-16 text-center">
          <h1 className="text-2xl font-bold text-gray-900">
            We couldn&apos;t process that request
          </h1>
          <p className="mt-2 text-gray-700">{message}</p>
        </div>
      );
    }
  }
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Something went wrong</h1>
      <p className="mt-2 text-gray-700">
        We couldn&apos;t load this page. Please try again in a moment.
      </p>
    </div>
  );
}
