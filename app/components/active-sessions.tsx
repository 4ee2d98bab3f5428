import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { REVOKE_SESSION, SIGN_OUT_OTHERS } from "~/validation/session-intents";
import { useIsPending } from "~/components/use-is-pending";

export type SessionListRow = {
  id: number;
  device: string;
  userAgent: string;
  ip: string;
  lastSeen: string;
  signedIn: string;
  current: boolean;
};

/**
 * The signed-in user's active sessions with "Sign out other sessions" and a Sign out button per
 * other session. Plain forms: they work without JavaScript.
 */
export function ActiveSessions({
  sessions,
  error,
}: {
  sessions: SessionListRow[];
  error?: string;
}) {
  const busy = useIsPending({
    formData: { intent: [SIGN_OUT_OTHERS, REVOKE_SESSION] },
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
              <p className="break-words text-xs text-gray-600">
                {s.ip} · Last seen: {s.lastSeen} · Signed in {s.signedIn}
              </p>
              {s.userAgent ? (
                <p className="break-all text-xs text-gray-500">{s.userAgent}</p>
              ) : null}
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
    </div>
  );
}
