import { PostButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import {
  FORGET_DEVICE,
  REVOKE_SESSION,
  SIGN_OUT_OTHERS,
} from "~/validation/session-intents";
import { useIsPending } from "~/components/use-is-pending";
import { useMessageText, useT } from "~/utils/i18n";
import type { DeviceRow, SessionRow } from "~/models/people/index.server";

/** The rows as the models give them to the page. */
export type SessionListRow = SessionRow;
export type DeviceListRow = DeviceRow;

/**
 * The signed-in user's active sessions with "Sign out other sessions" and a Sign out button per
 * other session. Plain forms: they work without JavaScript.
 */
export function ActiveSessions({
  sessions,
  devices,
  error,
}: {
  sessions: SessionListRow[];
  devices: DeviceListRow[];
  error?: string;
}) {
  const busy = useIsPending({
    formData: { intent: [SIGN_OUT_OTHERS, REVOKE_SESSION, FORGET_DEVICE] },
  });
  const others = sessions.filter((s) => !s.current).length;
  const t = useT("sessions");
  // The device's name and "last seen" are written in English by the server.
  const text = useMessageText();
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t("intro")}</p>
      <ul className="divide-y divide-gray-100" aria-label={t("list")}>
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">
                {text(s.device)}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    {t("thisDevice")}
                  </span>
                ) : null}
              </p>
              {/* The device and browser in words above; the address as it is (no place is
                  looked up: that needs an address database or a service). */}
              <p className="break-words text-xs text-gray-600">
                {t("facts", {
                  ip: text(s.ip),
                  lastSeen: text(s.lastSeen),
                  signedIn: s.signedIn,
                })}
              </p>
            </div>
            {s.current ? null : (
              <PostButton
                intent={REVOKE_SESSION}
                fields={{ sessionId: s.id }}
                variant="secondary"
                disabled={busy}
                aria-label={t("signOutOne", {
                  device: text(s.device),
                  lastSeen: text(s.lastSeen),
                })}
              >
                {t("signOut")}
              </PostButton>
            )}
          </li>
        ))}
      </ul>
      <ErrorList id="sessions-error" errors={error ? [error] : undefined} />
      <PostButton
        intent={SIGN_OUT_OTHERS}
        variant="danger"
        disabled={busy || others === 0}
      >
        {t("signOutOthers")}
      </PostButton>
      <TrustedDevices devices={devices} busy={busy} />
    </div>
  );
}

/**
 * The browsers this account signed in from: each keeps signing in while strangers' wrong
 * guesses hold the username locked. Forget one, and its next sign-in is a new
 * device's; a password change forgets them all.
 */
function TrustedDevices({
  devices,
  busy,
}: {
  devices: DeviceListRow[];
  busy: boolean;
}) {
  const t = useT("sessions");
  const text = useMessageText();
  return (
    <div className="space-y-3 border-t border-gray-100 pt-4">
      <h3 className="text-sm font-semibold text-gray-900">
        {t("trusted.title")}
      </h3>
      <p className="text-sm text-gray-700">{t("trusted.intro")}</p>
      {devices.length === 0 ? (
        <p className="text-sm text-gray-600">{t("trusted.none")}</p>
      ) : (
        <ul
          className="divide-y divide-gray-100"
          aria-label={t("trusted.title")}
        >
          {devices.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900">
                  {text(d.device)}
                  {d.current ? (
                    <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      {t("trusted.thisBrowser")}
                    </span>
                  ) : null}
                </p>
                <p className="break-words text-xs text-gray-600">
                  {t("trusted.facts", {
                    lastUsed: text(d.lastUsed),
                    trustedSince: d.trustedSince,
                  })}
                </p>
              </div>
              <PostButton
                intent={FORGET_DEVICE}
                fields={{ deviceId: d.id }}
                variant="secondary"
                disabled={busy}
                aria-label={t("trusted.forgetOne", {
                  device: text(d.device),
                  lastUsed: text(d.lastUsed),
                })}
              >
                {t("trusted.forget")}
              </PostButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
