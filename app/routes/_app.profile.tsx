import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  useActionData,
  useLoaderData,
  useLocation,
} from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import {
  loadProfile,
  setOwnNetPay,
  setUserLanguage,
  updateProfile,
} from "~/models/people/index.server";
import { setEmailChoices } from "~/models/notifications/index.server";
import { ActiveSessions } from "~/components/active-sessions";
import { pushSettings, pushSettingsAction } from "~/web/push-actions.server";
import { clientInfo, requireEmployeeAuth } from "~/web/auth.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { sessionListAction, sessionLists } from "~/web/session-actions.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  EMAIL_CHOICES_INTENT,
  LANGUAGE_INTENT,
  languagePreferenceSchema,
  NET_PAY_INTENT,
  netPaySchema,
  parseWithZod,
  profileSchema,
} from "~/web/action.server";
import type { ActionData } from "~/components/profile/profile-forms";
import { Detail } from "~/components/profile/profile-details";
import { initials } from "~/utils/names";
import { island } from "~/components/island";

const AccountSettingsForm = island(() =>
  import("~/components/profile/profile-forms").then(
    (m) => m.AccountSettingsForm,
  ),
);
const EmailChoicesForm = island(() =>
  import("~/components/profile/profile-forms").then((m) => m.EmailChoicesForm),
);
const NetPayForm = island(() =>
  import("~/components/profile/profile-forms").then((m) => m.NetPayForm),
);
const LanguageForm = island(() =>
  import("~/components/profile/profile-forms").then((m) => m.LanguageForm),
);
import { fixedT, translatedTitle, useMessageText, useT } from "~/utils/i18n";
import {
  DEDUCTION_AUTHORIZATION_VERSION,
  stateName,
} from "~/utils/state-rules.server";
import {
  listDeductionAuthorizations,
  signDeductionAuthorization,
  withdrawDeductionAuthorization,
} from "~/models/advances/index.server";
import {
  clearLanguageCookieHeader,
  languageCookieHeader,
  pageI18n,
} from "~/web/language.server";

const PushSettings = island(() =>
  import("~/components/push/push-settings").then((m) => m.PushSettings),
);

const OWN_ACTIVITY_SHOWN = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireEmployeeAuth(request);
  const { language, i18n } = await pageI18n(
    request,
    ["profile", "sessions", "messages", "push"],
    user,
  );
  const [{ employee, activity, emailChoices }, lists, push, authorizations] =
    await Promise.all([
      loadProfile(user, OWN_ACTIVITY_SHOWN),
      sessionLists(request, user.id, session.id, language),
      pushSettings(user, session.id, language),
      listDeductionAuthorizations(user).catch(() => []),
    ]);
  const inForce = authorizations.find((a) => a.withdrawnAt === null);
  const you = fixedT(language, i18n, "profile")("activity.you");
  return json({
    ...lists,
    push,
    i18n,
    emailChoices,
    // The wage-deduction authorisation: the one in force, with its version.
    authorization: inForce
      ? {
          version: inForce.version,
          signedAt: formatDateTime(inForce.signedAt, language),
        }
      : null,
    authorizationWithdrawn: !inForce && authorizations.length > 0,
    authorizationVersion: DEDUCTION_AUTHORIZATION_VERSION,
    // The usual net pay of one paycheck (optional): as entered, or from payroll.
    netPay: employee?.netPay
      ? {
          amount: employee.netPay,
          text: formatMoney(employee.netPay, language),
          source: employee.netPaySource,
          asOf: employee.netPayAsOf
            ? formatDate(employee.netPayAsOf, language)
            : "",
        }
      : null,
    languageChoice: user.language ?? "browser",
    // The user's own audit trail: what they did and what was done on their account.
    activity: activity.map((a) => ({
      id: a.id,
      time: formatDateTime(a.occurredAt, language),
      iso: a.occurredAt.toISOString(),
      label: a.label,
      actorName: a.actorId === user.id ? you : a.actorName,
      amount: a.amount,
      summary: a.summary,
    })),
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      email: user.email,
      department: user.department ?? "",
      availableBalance: formatMoney(
        employee?.availableBalance ?? "0.00",
        language,
      ),
      memberSince: formatDate(user.createdAt, language),
      workState: stateName(employee?.workState ?? null),
    },
  });
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireEmployeeAuth(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const listed = await sessionListAction(
    user.id,
    session.id,
    formData,
    "/profile",
    (failure): ActionData => failure,
  );
  if (listed) return listed;
  if (intent === "sign-authorization") {
    await signDeductionAuthorization(user);
    return redirectWithSuccess(
      "/profile",
      "Authorization signed",
      "Your advances can be repaid by payroll deduction.",
    );
  }
  if (intent === NET_PAY_INTENT) {
    const netPay = parseWithZod(formData, { schema: netPaySchema });
    if (netPay.status !== "success")
      return json<ActionData>(
        { netPayResult: netPay.reply() },
        { status: 400 },
      );
    return attempt(
      async () => {
        const saved = await setOwnNetPay(user, netPay.value);
        return redirectWithSuccess(
          "/profile",
          saved ? "Net pay saved" : "Net pay removed",
          saved
            ? "Each advance shows what is left of your next paycheck."
            : "Advances no longer check what is left of your paycheck.",
        );
      },
      (error): ActionData => ({
        netPayResult: replyToFailure(netPay, error, { fields: true }),
      }),
    );
  }
  if (intent === "withdraw-authorization") {
    await withdrawDeductionAuthorization(user);
    return redirectWithSuccess(
      "/profile",
      "Authorization withdrawn",
      "No new advance can be requested until you sign it again. Advances already made are still repaid by payroll deduction.",
    );
  }
  const pushed = await pushSettingsAction(
    request,
    user,
    session.id,
    formData,
    "/profile",
  );
  if (pushed) return pushed;
  if (intent === EMAIL_CHOICES_INTENT) {
    // Unchecked boxes are absent from the form: absent means off.
    await setEmailChoices(user, {
      decisions: formData.get("decisions") === "on",
      deductions: formData.get("deductions") === "on",
    });
    return redirectWithSuccess(
      "/profile",
      "E-mail choices saved",
      "We will e-mail you as you chose.",
    );
  }
  if (intent === LANGUAGE_INTENT) {
    const choice = parseWithZod(formData, { schema: languagePreferenceSchema });
    if (choice.status !== "success")
      return json<ActionData>(
        { languageResult: choice.reply() },
        { status: 400 },
      );
    const { language } = choice.value;
    // The saved preference drives the pages (the root loader) and the mails; the cookie
    // follows it, or goes so that the browser's language decides again.
    await setUserLanguage(user.id, language === "browser" ? null : language);
    return redirectWithSuccess(
      "/profile",
      "Language saved",
      "Your pages and e-mails are in the language you chose.",
      {
        headers: {
          "Set-Cookie":
            language === "browser"
              ? clearLanguageCookieHeader(request)
              : languageCookieHeader(request, language),
        },
      },
    );
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") {
    return json<ActionData>(
      { result: submission.reply({ hideFields: PASSWORD_FIELDS }) },
      { status: 400 },
    );
  }
  return attempt(
    async () => {
      const { passwordChanged } = await updateProfile(user, submission.value, {
        sessionId: session.id,
        address: clientInfo(request).ip,
      });
      return redirectWithSuccess(
        "/profile",
        "Profile updated",
        passwordChanged
          ? "Your profile and password have been saved."
          : "Your profile has been saved.",
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, {
        fields: true,
        hideFields: PASSWORD_FIELDS,
      }),
    }),
  );
}

export default function ProfilePage() {
  const {
    profile,
    sessions,
    devices,
    activity,
    emailChoices,
    languageChoice,
    push,
    authorization,
    authorizationWithdrawn,
    authorizationVersion,
    netPay,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const t = useT("profile");
  // The trail's labels and details are written in English by the audit model.
  const text = useMessageText();
  const fullName = `${profile.firstName} ${profile.lastName}`;

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("common:titles.profile")}
      </h1>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-1">
          <div className="flex flex-col items-center text-center">
            <div
              aria-hidden="true"
              className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-700 text-2xl font-semibold text-white"
            >
              {initials(profile.firstName, profile.lastName)}
            </div>
            <h2 className="mt-3 text-lg font-semibold text-gray-900">
              {fullName}
            </h2>
            <p className="text-sm text-gray-700">
              {profile.department || t("employee")}
            </p>
          </div>
          <dl className="mt-6 space-y-3 text-sm">
            <Detail label={t("details.username")} value={profile.username} />
            <Detail label={t("details.email")} value={profile.email} />
            <Detail
              label={t("details.department")}
              value={profile.department || t("details.notAvailable")}
            />
            <Detail
              label={t("details.availableBalance")}
              value={profile.availableBalance}
            />
            <Detail
              label={t("details.memberSince")}
              value={profile.memberSince}
            />
            <Detail
              label={t("details.workState")}
              value={profile.workState || t("details.notAvailable")}
            />
          </dl>
        </Card>

        <Card title={t("accountSettings")} className="lg:col-span-2">
          {/* A fresh form after every navigation (e.g. the redirect after saving), so saved
              values show and typed passwords do not linger. */}
          <AccountSettingsForm
            key={location.key}
            profile={profile}
            actionData={actionData}
          />
        </Card>
        <Card title={t("authorization.title")} className="lg:col-span-3">
          <p className="text-sm text-gray-800" data-testid="authorization-text">
            {t("authorization.text", { version: authorizationVersion })}
          </p>
          <p className="mt-2 text-sm text-gray-700">
            {authorization
              ? t("authorization.signed", authorization)
              : authorizationWithdrawn
                ? t("authorization.withdrawn")
                : t("authorization.none")}
          </p>
          <Form method="post" className="mt-3">
            <input
              type="hidden"
              name="intent"
              value={
                authorization ? "withdraw-authorization" : "sign-authorization"
              }
            />
            <button
              type="submit"
              className="rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
            >
              {authorization
                ? t("authorization.withdraw")
                : t("authorization.sign")}
            </button>
          </Form>
        </Card>
        <Card title={t("netPay.title")} className="lg:col-span-3">
          <p className="text-sm text-gray-800">{t("netPay.text")}</p>
          {netPay ? (
            <p className="mt-2 text-sm text-gray-700" data-testid="net-pay">
              {t(
                netPay.source === "payroll"
                  ? "netPay.fromPayroll"
                  : "netPay.fromYou",
                { amount: netPay.text, date: netPay.asOf },
              )}
            </p>
          ) : null}
          <NetPayForm
            key={location.key}
            amount={netPay?.amount ?? ""}
            actionData={actionData}
          />
        </Card>
        <Card title={t("language.title")} className="lg:col-span-3">
          <LanguageForm
            key={location.key}
            choice={languageChoice}
            actionData={actionData}
          />
        </Card>
        <Card title={t("emailChoices.title")} className="lg:col-span-3">
          <EmailChoicesForm key={location.key} choices={emailChoices} />
        </Card>
        <Card title={t("push:settings.title")} className="lg:col-span-3">
          <PushSettings settings={push} error={actionData?.pushError} />
        </Card>
        <Card title={t("activeSessions")} className="lg:col-span-3">
          <ActiveSessions
            sessions={sessions}
            devices={devices}
            error={actionData?.sessionError}
          />
        </Card>
      </div>
      <Card title={t("activity.title")}>
        <Table
          caption={t("activity.caption")}
          head={[
            t("activity.columns.time"),
            t("activity.columns.action"),
            t("activity.columns.by"),
            t("activity.columns.amount"),
            t("activity.columns.details"),
          ]}
        >
          {activity.length === 0 ? (
            <EmptyRow colSpan={5}>{t("activity.empty")}</EmptyRow>
          ) : (
            activity.map((a) => (
              <tr key={a.id}>
                <Td>
                  <time dateTime={a.iso}>{a.time}</time>
                </Td>
                <Td>{text(a.label)}</Td>
                <Td>{a.actorName}</Td>
                <Td>{a.amount ?? "—"}</Td>
                <Td className="min-w-[12rem] max-w-sm !whitespace-normal break-words">
                  {a.summary ? text(a.summary) : "—"}
                </Td>
              </tr>
            ))
          )}
        </Table>
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.profile");

export const ErrorBoundary = GeneralErrorBoundary;
