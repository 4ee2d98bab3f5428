import { createToastUtilsWithCustomSession } from "remix-toast";
import type { Language } from "~/utils/i18n";
import { currentLanguage, localizeMessage } from "~/utils/i18n.server";
import { TOAST_COOKIE, toastStorage } from "./session.server";

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

/** A Cookie header that carries the toast cookie. */
const carriesToast = new RegExp(`(?:^|;)\\s*${TOAST_COOKIE}=`);

/**
 * The flash toast, in the page's language: toasts are written in English where they are
 * raised and translated here through the `messages` catalogue (decision 0084).
 * A request without the toast cookie has no toast to read or clear: it costs nothing and its
 * response sets no cookie (remix-toast would sign and set an empty one on every page). One with
 * it gets its toast once, and the cookie is removed.
 */
export async function readToast(
  request: Request,
  language: Language = "en",
): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = request.headers.get("Cookie");
  if (!carriesToast.test(cookie ?? ""))
    return { toast: null, headers: new Headers() };
  const { toast } = await toasts().getToast(request);
  // The cookie holds nothing but the flash, and the flash is read now: it is removed, where
  // remix-toast would set it again, empty, and the browser would send it with every page.
  const storage = toastStorage();
  const headers = new Headers({
    "Set-Cookie": await storage.destroySession(
      await storage.getSession(cookie),
    ),
  });
  const text = (message: string) => localizeMessage(language, message);
  return {
    toast: toast
      ? {
          type:
            toast.type === "error"
              ? "error"
              : toast.type === "success"
                ? "success"
                : "info",
          title: text(toast.message),
          description:
            toast.description === undefined
              ? undefined
              : text(toast.description),
        }
      : null,
    headers,
  };
}

/**
 * An error toast carried in action data: shown on the page the form was posted from, in the
 * language of the request (the lng cookie or Accept-Language).
 */
export function errorToast(
  englishTitle: string,
  englishDescription?: string,
  englishDetail?: string,
): Toast {
  const language = currentLanguage();
  const text = (message: string | undefined) =>
    message === undefined ? undefined : localizeMessage(language, message);
  const title = text(englishTitle) ?? englishTitle;
  const description = text(englishDescription);
  const detail = text(englishDetail);
  return detail
    ? { type: "error", title, description, detail }
    : { type: "error", title, description };
}
