import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  companyStates,
  retentionMinimum,
  getPaySchedule,
  getSettingsOverview,
  invitationAllowance,
  updateCompanySettings,
} from "~/models/companies/index.server";
import { stateName } from "~/utils/state-rules.server";
import {
  getMfaStatus,
  isEmailConfirmed,
  resendEmailConfirmation,
} from "~/models/people/index.server";
import { db } from "~/utils/db.server";
import { isAppError } from "~/utils/errors";
import { refuseWhileDatabaseDown } from "~/web/unavailable.server";
import { can, refusalFor, requireEmployerAuth } from "~/web/auth.server";
import type { SecurityActionData } from "~/validation/mfa";
import { parseISO } from "date-fns";
import { formatDate } from "~/utils/dates";
import { isoDay } from "~/utils/pay-schedule";
import { env } from "~/utils/env.server";
import { formatMoney, toCents } from "~/utils/money";
import { sessionListAction, sessionLists } from "~/web/session-actions.server";
import { pushSettings, pushSettingsAction } from "~/web/push-actions.server";
import {
  payScheduleAction,
  retentionAction,
} from "~/web/company-schedule-actions.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithError,
  redirectWithSuccess,
  type Toast as ToastData,
  companySettingsSchema,
  MFA_INTENTS,
  parseWithZod,
  RETENTION_INTENT,
} from "~/web/action.server";
import { island } from "~/components/island";
import { mfaAction } from "~/web/mfa-actions.server";
import { translatedTitle, useLanguage, useT, withElements } from "~/utils/i18n";
import { localizeMessage } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";

const SettingsForm = island(() =>
  import("~/components/settings/company-settings-form").then(
    (m) => m.SettingsForm,
  ),
);
const RetentionForm = island(() =>
  import("~/components/settings/retention-form").then((m) => m.RetentionForm),
);
const PayScheduleForm = island(() =>
  import("~/components/settings/pay-schedule-form").then(
    (m) => m.PayScheduleForm,
  ),
);
const SecuritySection = island(() =>
  import("~/components/security-section").then((m) => m.SecuritySection),
);

const PushSettings = island(() =>
  import("~/components/push/push-settings").then((m) => m.PushSettings),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireEmployerAuth(request);
  // Every member manages their own sign-in here; the company form is the owner's and admins'.
  const mayEdit = can(user, "settings");
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "sessions", "messages", "push"],
    user,
  );
  const count = (n: number) =>
    n.toLocaleString(language === "es" ? "es-US" : "en-US");
  const [overview, paySchedule, lists, mfa, allowance, push] =
    await Promise.all([
      mayEdit ? getSettingsOverview(user) : null,
      mayEdit ? getPaySchedule(user) : null,
      sessionLists(request, user.id, session.id, language),
      getMfaStatus(user),
      user.companyId === null
        ? null
        : invitationAllowance(db(), user.companyId),
      pushSettings(user, session.id, language),
    ]);
  return json({
    i18n,
    ...lists,
    push,
    mfa:
      mfa.state === "on"
        ? {
            state: mfa.state,
            since: formatDate(mfa.since, language),
            recoveryCodesLeft: mfa.recoveryCodesLeft,
          }
        : mfa.state === "enrolling"
          ? {
              state: mfa.state,
              manualKey: mfa.manualKey,
              qrDataUrl: mfa.qrDataUrl,
            }
          : { state: mfa.state },
    settings: overview && {
      companyName: overview.settings.companyName,
      contactEmail: overview.settings.contactEmail,
      contactPhone: overview.settings.contactPhone,
      maxAdvance: overview.settings.maxAdvance,
      approvalLimit: overview.settings.approvalLimit,
      processingFee: overview.settings.processingFee,
      notifyNewRequests: overview.settings.notifyNewRequests,
      notifyMonthlyReports: overview.settings.notifyMonthlyReports,
      notifySystemUpdates: overview.settings.notifySystemUpdates,
      companyPaysFee: overview.settings.companyPaysFee,
      coolingOffDays: overview.settings.coolingOffDays,
      maxAdvancesPerYear: overview.settings.maxAdvancesPerYear,
      minPaycheckLeftPercent: overview.settings.minPaycheckLeftPercent,
      states: (await companyStates(user)).map(stateName).join(", "),
      updatedAt: overview.settings.updatedAt.toISOString(),
    },
    employeeCount: overview?.employeeCount ?? 0,
    paySchedule,
    // The earliest next pay date the server accepts (the pay schedule's date picker's `min`).
    today: isoDay(new Date()),
    isOwner: can(user, "team"),
    // Records retention (owners): the years, and the fewest the company's states allow.
    retention:
      overview && can(user, "regulatorReports")
        ? {
            years: overview.settings.retentionYears,
            min: await retentionMinimum(user),
          }
        : null,
    // The member's own address, confirmed by the link mailed at registration, and what the
    // company may send while it is or is not.
    email: {
      address: user.email,
      confirmed: isEmailConfirmed(user),
      companyConfirmed: allowance?.confirmed ?? false,
      perHour: count(allowance?.perHour ?? 0),
      perDay: count(allowance?.perDay ?? 0),
    },
    settingsRefusal: mayEdit
      ? null
      : localizeMessage(language, refusalFor("settings")),
    supportEmail: env().SUPPORT_EMAIL,
  });
}

const CONFIRM_EMAIL_AGAIN = "confirm-email-again";

type ActionData = {
  result?: SubmissionResult<string[]>;
  /** The pay schedule form's reply. */
  schedule?: SubmissionResult<string[]>;
  /** A change of the schedule a connected payroll sets, waiting for its confirm step. */
  confirmSchedule?: { frequency: string; nextPayDate: string };
  /** The security section's forms. */
  security?: SecurityActionData;
  pushError?: string;
  /** The records retention form's reply. */
  retention?: SubmissionResult<string[]>;
  toast?: ToastData;
};

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireEmployerAuth(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const listed = await sessionListAction(
    user.id,
    session.id,
    formData,
    "/settings",
    ({ sessionError, toast }): ActionData => ({
      security: { sessionError },
      toast,
    }),
  );
  if (listed) return listed;
  const pushed = await pushSettingsAction(
    request,
    user,
    session.id,
    formData,
    "/settings",
  );
  if (pushed) return pushed;
  if (intent === CONFIRM_EMAIL_AGAIN) {
    try {
      await resendEmailConfirmation(user);
    } catch (error) {
      refuseWhileDatabaseDown(error);
      if (!isAppError(error)) throw error;
      return redirectWithError("/settings", error.message);
    }
    return redirectWithSuccess(
      "/settings",
      "Confirmation link sent",
      "Open the link we e-mailed you to confirm your address.",
    );
  }
  if (typeof intent === "string" && MFA_INTENTS.includes(intent)) {
    return mfaAction(request, user, intent, formData);
  }
  if (intent === RETENTION_INTENT) return retentionAction(user, formData);
  if (intent === "pay-schedule") return payScheduleAction(user, formData);
  const submission = parseWithZod(formData, { schema: companySettingsSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  return attempt(
    async () => {
      const saved = await updateCompanySettings(user, submission.value);
      // What the company's people get now: the saved limits, not "updated".
      const max = formatMoney(saved.maxAdvance);
      return redirectWithSuccess(
        "/settings",
        "Settings saved",
        toCents(saved.approvalLimit) > 0
          ? `${saved.companyName}: advances up to ${max}; requests under ${formatMoney(saved.approvalLimit)} are approved at once.`
          : `${saved.companyName}: advances up to ${max}; every request waits for an approver.`,
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, { fields: true }),
    }),
  );
}

export default function SettingsPage() {
  const {
    settings,
    employeeCount,
    supportEmail,
    sessions,
    devices,
    mfa,
    isOwner,
    settingsRefusal,
    paySchedule,
    today,
    email,
    push,
    retention,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("settings");
  const language = useLanguage();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("page.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("page.intro")}</p>
      </div>
      {isOwner ? (
        <Card title={t("page.team")}>
          <p className="text-gray-700">
            {withElements(t("page.teamText"), {
              link: (
                <Link
                  className="font-medium text-brand-700 underline"
                  to="/settings/team"
                >
                  {t("page.teamLink")}
                </Link>
              ),
            })}
          </p>
        </Card>
      ) : null}
      {isOwner ? (
        <Card title={t("page.api")}>
          <p className="text-gray-700">
            {withElements(t("page.apiText"), {
              link: (
                <Link
                  className="font-medium text-brand-700 underline"
                  to="/settings/api"
                >
                  {t("page.apiLink")}
                </Link>
              ),
            })}
          </p>
        </Card>
      ) : null}
      {retention ? (
        <Card title={t("retention.heading")}>
          <p className="text-sm text-gray-700">
            {t("retention.text", { min: retention.min })}
          </p>
          {/* A save redirects back with the new years: a new key starts the form from them. */}
          <RetentionForm
            key={retention.years}
            years={retention.years}
            min={retention.min}
            lastResult={actionData?.retention}
          />
        </Card>
      ) : null}
      {paySchedule ? (
        <Card title={t("payroll.heading")}>
          <p className="text-gray-700">
            {withElements(t("payroll.settingsText"), {
              link: (
                <Link
                  className="font-medium text-brand-700 underline"
                  to="/settings/payroll"
                >
                  {t("payroll.link")}
                </Link>
              ),
            })}
          </p>
        </Card>
      ) : null}
      <Card title={t("email.title")}>
        <p className="text-gray-700">
          {t(email.confirmed ? "email.confirmed" : "email.notConfirmed", {
            email: email.address,
          })}
        </p>
        <p className="mt-2 text-gray-700">
          {t(
            email.companyConfirmed
              ? "email.companyLimits"
              : "email.companyLimitsUntilConfirmed",
            { hour: email.perHour, day: email.perDay },
          )}
        </p>
        {email.confirmed ? null : (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value={CONFIRM_EMAIL_AGAIN} />
            <Button type="submit" variant="secondary" className="min-h-[44px]">
              {t("email.sendAgain")}
            </Button>
          </Form>
        )}
      </Card>
      {/* A save redirects back here with new values: a new key starts the form from them. */}
      {settings ? (
        <SettingsForm
          key={settings.updatedAt}
          settings={settings}
          employeeCount={employeeCount}
          lastResult={actionData?.result}
        />
      ) : (
        <Card title={t("page.company")}>
          <p className="text-gray-700">{settingsRefusal}</p>
        </Card>
      )}
      {actionData?.confirmSchedule ? (
        <Card title={t("schedule.confirmTitle")}>
          <p role="alert" className="text-sm text-gray-800">
            {t("schedule.confirmText", {
              frequency: t(
                `schedule.frequencies.${actionData.confirmSchedule.frequency}`,
              ),
              date: formatDate(
                parseISO(actionData.confirmSchedule.nextPayDate),
                language,
              ),
            })}
          </p>
          <form method="post" className="mt-3 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="pay-schedule" />
            <input
              type="hidden"
              name="frequency"
              value={actionData.confirmSchedule.frequency}
            />
            <input
              type="hidden"
              name="nextPayDate"
              value={actionData.confirmSchedule.nextPayDate}
            />
            <input type="hidden" name="confirm" value="payroll" />
            <button type="submit" className={buttonClass("danger")}>
              {t("schedule.confirmChange")}
            </button>
            <Link to="/settings" className={buttonClass("secondary")}>
              {t("schedule.confirmKeep")}
            </Link>
          </form>
        </Card>
      ) : null}
      {paySchedule ? (
        <PayScheduleForm
          key={`${paySchedule.frequency}:${paySchedule.nextPayDate}`}
          schedule={paySchedule}
          today={today}
          lastResult={actionData?.schedule}
        />
      ) : null}
      <Card title={t("push:settings.title")}>
        <PushSettings settings={push} error={actionData?.pushError} />
      </Card>
      <SecuritySection
        sessions={sessions}
        devices={devices}
        mfa={mfa}
        actionData={actionData?.security}
      />
      <Card title={t("page.help")}>
        <p className="text-gray-700">
          {withElements(t("page.helpText"), {
            email: (
              <a
                className="font-medium text-brand-700 underline"
                href={`mailto:${supportEmail}`}
              >
                {supportEmail}
              </a>
            ),
            link: (
              <Link
                className="font-medium text-brand-700 underline"
                to="/how-it-works"
              >
                {t("page.helpLink")}
              </Link>
            ),
          })}
        </p>
      </Card>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.settings");

export const ErrorBoundary = GeneralErrorBoundary;
