import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useMessageText, useT } from "~/utils/i18n";

function AccessDenied() {
  const t = useT("common");
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("errors.accessDenied")}
      </h1>
      <p className="mt-2 text-gray-700">{t("errors.noPermission")}</p>
      <Link to="/" className="mt-6 inline-block text-brand-700 underline">
        {t("errors.backToDashboard")}
      </Link>
    </div>
  );
}

export function NotFound() {
  const t = useT("common");
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("errors.notFound")}
      </h1>
      <p className="mt-2 text-gray-700">{t("errors.notFoundHint")}</p>
      <Link to="/" className="mt-6 inline-block text-brand-700 underline">
        {t("errors.backToDashboard")}
      </Link>
    </div>
  );
}

/** The one error boundary: 403 → Access Denied, 404 → not found, 503 → try again, else a
 * friendly message (never a stack trace). */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const t = useT("common");
  const messageText = useMessageText();
  if (isRouteErrorResponse(error)) {
    if (error.status === 403) return <AccessDenied />;
    if (error.status === 404) return <NotFound />;
    if (error.status === 503) {
      return (
        <div className="mx-auto max-w-lg py-16 text-center">
          <h1 className="text-2xl font-bold text-gray-900">
            {t("errors.unavailable")}
          </h1>
          <p className="mt-2 text-gray-700">{t("errors.unavailableHint")}</p>
        </div>
      );
    }
    // A refused post (a body that is not a form, too large...): say why.
    const message = (error.data as { message?: unknown } | null)?.message;
    if (error.status < 500 && typeof message === "string") {
      return (
        <div className="mx-auto max-w-lg py-16 text-center">
          <h1 className="text-2xl font-bold text-gray-900">
            {t("errors.refused")}
          </h1>
          <p className="mt-2 text-gray-700">{messageText(message)}</p>
        </div>
      );
    }
  }
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("errors.somethingWrong")}
      </h1>
      <p className="mt-2 text-gray-700">{t("errors.couldNotLoad")}</p>
    </div>
  );
}
