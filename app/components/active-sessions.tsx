import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import {
  FORGET_DEVICE,
  REVOKE_SESSION,
  SIGN_OUT_OTHERS,
} from "~/validation/session-intents";
import { useIsPending } from "~/components/use-is-pending";
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
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        Where you are signed in. If you see a device you do not recognise, sign
        it out and change your password.
      </p>
      <ul className="divide-y divide-gray-100" aria-label="Active sessions">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">
                {s.device}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    This device
                  </span>
                ) : null}
              </p>
              {/* The device and browser in words above; the address as it is (no place is
                  looked up: that needs an address database or a service). */}
              <p className="break-words text-xs text-gray-600">
                Address {s.ip} · Last seen: {s.lastSeen} · Signed in{" "}
                {s.signedIn}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={REVOKE_SESSION} />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Sign out ${s.device}, last seen ${s.lastSeen}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <ErrorList id="sessions-error" errors={error ? [error] : undefined} />
      <Form method="post">
        <input type="hidden" name="intent" value={SIGN_OUT_OTHERS} />
        <Button type="submit" variant="danger" disabled={busy || others === 0}>
          Sign out other sessions
        </Button>
      </Form>
      <TrustedDevices devices={devices} busy={busy} />
    </div>
  );
}

/**
 * The browsers this account signed in from: each keeps signing in while strangers' wrong
 * guesses hold the username locked (decision 0071). Forget one, and its next sign-in is a new
 * device's; a password change forgets them all.
 */
function TrustedDevices({
  devices,
  busy,
}: {
  devices: DeviceListRow[];
  busy: boolean;
}) {
  return (
    <div className="space-y-3 border-t border-gray-100 pt-4">
      <h3 className="text-sm font-semibold text-gray-900">Trusted devices</h3>
      <p className="text-sm text-gray-700">
        Browsers that signed in to this account. They can still sign in when
        someone else&apos;s wrong guesses have locked your username. Forget any
        you do not recognise; changing your password forgets them all.
      </p>
      {devices.length === 0 ? (
        <p className="text-sm text-gray-600">No trusted devices.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Trusted devices">
          {devices.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900">
                  {d.device}
                  {d.current ? (
                    <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      This browser
                    </span>
                  ) : null}
                </p>
                <p className="break-words text-xs text-gray-600">
                  Last signed in: {d.lastUsed} · Trusted since {d.trustedSince}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value={FORGET_DEVICE} />
                <input type="hidden" name="deviceId" value={d.id} />
                <Button
                  type="submit"
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Forget ${d.device}, last signed in ${d.lastUsed}`}
                >
                  Forget
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
