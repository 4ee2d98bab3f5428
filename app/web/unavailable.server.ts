import { json } from "@remix-run/node";
import { isDatabaseUnavailable } from "~/utils/errors";
import { noteDatabaseError } from "~/utils/request-context.server";

/**
 * A page whose database is down answers a friendly 503 (GeneralErrorBoundary shows the
 * message), never a 500: throws that response when `error` is such an outage, the request's
 * log line noting the database error; anything else is left to the caller.
 */
export function refuseWhileDatabaseDown(error: unknown): void {
  if (!isDatabaseUnavailable(error)) return;
  noteDatabaseError(error);
  throw json(
    { message: "The service is temporarily unavailable." },
    { status: 503 },
  );
}
