import { type SubmissionResult } from "@conform-to/react";
import {
  ActiveSessions,
  type DeviceListRow,
  type SessionListRow,
} from "~/components/active-sessions";
import { Button, PostButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/field";
import {
  InputField,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import {
  MFA_CANCEL,
  MFA_CONFIRM,
  MFA_DISABLE,
  MFA_START,
  mfaConfirmSchema,
  mfaDisableSchema,
  type SecurityActionData,
} from "~/validation/mfa";
import { useIsPending } from "~/components/use-is-pending";
import { useT } from "~/utils/i18n";

export type MfaView =
  | { state: "off" }
  | { state: "enrolling"; manualKey: string; qrDataUrl: string }
  | { state: "on"; since: string; recoveryCodesLeft: number };

/**
 * Settings › Security for employers (they have no /profile): two-factor sign-in and the active
 * sessions. Every control is a plain form, so it all works without JavaScript.
 */
export function SecuritySection({
  sessions,
  devices,
  mfa,
  actionData,
}: {
  sessions: SessionListRow[];
  devices: DeviceListRow[];
  mfa: MfaView;
  actionData: SecurityActionData | undefined;
}) {
  const t = useT("sessions");
  return (
    <section
      id="security"
      aria-labelledby="security-heading"
      className="space-y-6"
    >
      <h2 id="security-heading" className="text-xl font-bold text-gray-900">
        {t("security.heading")}
      </h2>
      <Card title={t("security.mfaTitle")}>
        {actionData?.recoveryCodes ? (
          <RecoveryCodes codes={actionData.recoveryCodes} />
        ) : mfa.state === "on" ? (
          <MfaOn mfa={mfa} lastResult={actionData?.disable} />
        ) : mfa.state === "enrolling" ? (
          <MfaEnrolling mfa={mfa} lastResult={actionData?.confirm} />
        ) : (
          <MfaOff />
        )}
      </Card>
      <Card title={t("security.sessionsTitle")}>
        <ActiveSessions
          sessions={sessions}
          devices={devices}
          error={actionData?.sessionError}
        />
      </Card>
    </section>
  );
}

function MfaOff() {
  const t = useT("sessions");
  const busy = useIsPending({ formData: { intent: MFA_START } });
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">{t("security.off")}</p>
      <PostButton intent={MFA_START} disabled={busy}>
        {t("security.setUp")}
      </PostButton>
    </div>
  );
}

function MfaEnrolling({
  mfa,
  lastResult,
}: {
  mfa: Extract<MfaView, { state: "enrolling" }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "mfa-confirm",
    schema: mfaConfirmSchema,
    shouldValidate: "onBlur",
    lastResult,
  });
  const t = useT("sessions");
  const busy = useIsPending({ formData: { intent: MFA_CONFIRM } });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-gray-700">
        <li>{t("security.scan")}</li>
        <li>{t("security.enterCode")}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={mfa.qrDataUrl}
          width={200}
          height={200}
          alt={t("security.qrAlt")}
          className="rounded border border-gray-200 bg-white"
        />
        <div className="min-w-0">
          <p className="text-sm text-gray-700">{t("security.manualKey")}</p>
          <p
            className="break-all font-mono text-base font-semibold text-gray-900"
            data-testid="mfa-manual-key"
          >
            {mfa.manualKey}
          </p>
        </div>
      </div>
      <SchemaForm form={form} method="post" className="space-y-4">
        <input type="hidden" name="intent" value={MFA_CONFIRM} />
        <InputField
          label={t("security.code")}
          field={fields.code}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {t("security.turnOn")}
          </Button>
        </div>
      </SchemaForm>
      <PostButton intent={MFA_CANCEL} variant="secondary">
        {t("security.cancel")}
      </PostButton>
    </div>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT("sessions");
  return (
    <div className="space-y-4">
      <p className="text-sm font-semibold text-gray-900">
        {t("security.codesSaved")}
      </p>
      <p className="text-sm text-gray-700">{t("security.codesOnce")}</p>
      <ul
        aria-label={t("security.codesList")}
        className="grid grid-cols-1 gap-2 rounded-md bg-gray-50 p-4 font-mono text-base sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}

function MfaOn({
  mfa,
  lastResult,
}: {
  mfa: Extract<MfaView, { state: "on" }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm({
    id: "mfa-disable",
    schema: mfaDisableSchema,
    shouldValidate: "onBlur",
    lastResult,
  });
  const t = useT("sessions");
  const busy = useIsPending({ formData: { intent: MFA_DISABLE } });
  return (
    <div className="space-y-4">
      <p className="text-sm text-gray-700">
        {t("security.on", {
          since: mfa.since,
          left: mfa.recoveryCodesLeft,
        })}
      </p>
      <SchemaForm form={form} method="post" className="space-y-4">
        <h3 className="text-sm font-semibold text-gray-900">
          {t("security.turnOff")}
        </h3>
        <input type="hidden" name="intent" value={MFA_DISABLE} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t("security.password")}
            type="password"
            field={fields.password}
            autoComplete="current-password"
          />
          <InputField
            label={t("security.codeOrRecovery")}
            field={fields.code}
            autoComplete="one-time-code"
          />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" variant="danger" disabled={busy}>
          {t("security.turnOff")}
        </Button>
      </SchemaForm>
    </div>
  );
}
