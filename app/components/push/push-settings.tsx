import { Form } from "@remix-run/react";
import { PushToggle } from "~/components/push/push-toggle";
import { PostButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/error-list";
import { SubmitButton } from "~/components/ui/submit-row";
import { useIsPending } from "~/components/use-is-pending";
import { useMessageText, useT } from "~/utils/i18n";
import {
  PUSH_CHOICES_INTENT,
  PUSH_REMOVE_INTENT,
  type PushType,
} from "~/validation/push-types";

// The notification settings of /profile and /settings: this device's
// toggle (it reaches the browser's PushManager), the devices that get notifications, each
// removable, and the types chosen. The pages render it as an island (its code loads after the
// page); everything but the toggle is a plain form that works without JavaScript.

/** "advance.decided" → "advanceDecided": the catalogue's key (a dot would nest it). */
const typeKey = (type: PushType) =>
  type.replace(/\.(\w)/, (_, c: string) => c.toUpperCase());

export type PushSettingsData = {
  devices: {
    id: number;
    device: string;
    added: string;
    current: boolean;
    endpoint: string;
  }[];
  types: PushType[];
  on: PushType[];
  vapidPublicKey: string;
};

export function PushSettings({
  settings,
  error,
}: {
  settings: PushSettingsData;
  error?: string;
}) {
  const t = useT("push");
  // The device's name is written in English by the server.
  const text = useMessageText();
  const busy = useIsPending({
    formData: { intent: [PUSH_REMOVE_INTENT, PUSH_CHOICES_INTENT] },
  });
  return (
    <div className="space-y-4" id="push">
      <p className="text-sm text-gray-700">{t("settings.intro")}</p>
      <PushToggle
        vapidPublicKey={settings.vapidPublicKey}
        endpoints={settings.devices.map((d) => d.endpoint)}
      />
      <ErrorList id="push-error" errors={error ? [error] : undefined} />
      <div className="space-y-2 border-t border-gray-100 pt-4">
        <h3 className="text-sm font-semibold text-gray-900">
          {t("settings.devices")}
        </h3>
        {settings.devices.length === 0 ? (
          <p className="text-sm text-gray-600">{t("settings.noDevices")}</p>
        ) : (
          <ul
            className="divide-y divide-gray-100"
            aria-label={t("settings.devicesCaption")}
          >
            {settings.devices.map((d) => (
              <li
                key={d.id}
                className="flex flex-wrap items-center justify-between gap-3 py-2"
              >
                <p className="min-w-0 flex-1 text-sm text-gray-900">
                  <span className="font-medium">{text(d.device)}</span>
                  {d.current ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      {t("settings.thisDevice")}
                    </span>
                  ) : null}
                  <span className="block text-xs text-gray-600">
                    {t("settings.columns.added")}: {d.added}
                  </span>
                </p>
                <PostButton
                  intent={PUSH_REMOVE_INTENT}
                  fields={{ deviceId: d.id }}
                  variant="secondary"
                  className="px-3 py-1.5"
                  disabled={busy}
                  aria-label={t("settings.removeLabel", {
                    device: text(d.device),
                  })}
                >
                  {t("settings.remove")}
                </PostButton>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Form
        method="post"
        className="space-y-3 border-t border-gray-100 pt-4"
        id="push-choices"
      >
        <input type="hidden" name="intent" value={PUSH_CHOICES_INTENT} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-gray-900">
            {t("settings.types")}
          </legend>
          {settings.types.map((type) => (
            <label
              key={type}
              className="flex items-center gap-2 text-sm text-gray-800"
            >
              <input
                type="checkbox"
                name="on"
                value={type}
                defaultChecked={settings.on.includes(type)}
                className="h-4 w-4 rounded border-gray-400 text-brand-700 focus:ring-brand-600"
              />
              {t(`types.${typeKey(type)}`)}
            </label>
          ))}
        </fieldset>
        <div className="flex justify-end">
          <SubmitButton
            pending={busy}
            pendingLabel={t("settings.saving")}
            variant="secondary"
          >
            {t("settings.save")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}
