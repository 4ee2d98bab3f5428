import { readToast } from "~/web/toast.server";

// What a response tells the user: the flash toast it sets, or the message of a refusal.

/** The toast cookie a response sets, as a browser sends it back ("toast=…"), or "" if none. */
export function toastCookieOf(response: Response): string {
  return (
    (response.headers.get("Set-Cookie") ?? "")
      .split(/,(?=\s*[\w-]+=)/)
      .map((c) => c.trim().split(";")[0])
      .find((c) => c.startsWith("toast=")) ?? ""
  );
}

/** The flash toast a redirect response set, as the next page's root loader would read it. */
export async function toastOf(response: Response) {
  const pair = toastCookieOf(response);
  if (!pair) return null;
  const { toast } = await readToast(
    new Request("http://localhost/", { headers: { Cookie: pair } }),
  );
  return toast;
}

/**
 * The message a refusal carries: `message` (API errors, thrown page responses), `error` or a
 * form error of Conform's reply (page actions), or the toast's description. Null when none.
 */
export function refusalMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const data = body as {
    message?: unknown;
    error?: unknown;
    result?: { error?: Record<string, unknown> | null };
    toast?: { description?: unknown };
  };
  if (typeof data.message === "string" && data.message) return data.message;
  if (typeof data.error === "string" && data.error) return data.error;
  const errors = data.result?.error ? Object.values(data.result.error) : [];
  for (const list of errors) {
    if (Array.isArray(list) && typeof list[0] === "string" && list[0])
      return list[0];
  }
  if (typeof data.toast?.description === "string" && data.toast.description)
    return data.toast.description;
  // A page with two Conform forms answers each under its own key (/settings: `schedule`).
  for (const value of Object.values(body as Record<string, unknown>)) {
    const reply = value as { error?: Record<string, unknown> | null } | null;
    if (!reply || typeof reply !== "object" || !reply.error) continue;
    for (const list of Object.values(reply.error))
      if (Array.isArray(list) && typeof list[0] === "string" && list[0])
        return list[0];
  }
  return null;
}
