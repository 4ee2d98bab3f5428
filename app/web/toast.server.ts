import { createToastUtilsWithCustomSession } from "remix-toast";
import { toastStorage } from "./session.server";

// remix-toast over our signed cookie session (its default cookie is not signed). Toasts travel
// as flash cookies on redirects and are read in the root loader.
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toasts() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

export type Toast = {
  type: "success" | "error" | "info";
  title: string;
  description?: string;
  /** A second line under the spec's message: why this action failed. */
  detail?: string;
};

export function redirectWithSuccess(
  url: string,
  title: string,
  description?: string,
  init?: ResponseInit,
) {
  return toasts().redirectWithSuccess(
    url,
    { message: title, description },
    init,
  );
}

export function redirectWithError(
  url: string,
  title: string,
  description?: string,
  init?: ResponseInit,
) {
  return toasts().redirectWithError(url, { message: title, description }, init);
}

export async function readToast(
  request: Request,
): Promise<{ toast: Toast | null; headers: Headers }> {
  const { toast, headers } = await toasts().getToast(request);
  return {
    toast: toast
      ? {
          type:
            toast.type === "error"
              ? "error"
              : toast.type === "success"
                ? "success"
                : "info",
          title: toast.message,
          description: toast.description,
        }
      : null,
    headers,
  };
}

/** An error toast carried in action data: shown on the page the form was posted from. */
export function errorToast(
  title: string,
  description?: string,
  detail?: string,
): Toast {
  return detail
    ? { type: "error", title, description, detail }
    : { type: "error", title, description };
}
