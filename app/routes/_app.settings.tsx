import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  LoaderFunctionArgs,
  MetaFunction,
  SerializeFrom,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, FormError } from "~/components/ui/field";
import {
  getSettingsOverview,
  updateCompanySettings,
} from "~/models/settings.server";
import { requireEmployerAuth } from "~/web/auth.server";
import {
  SecuritySection,
  type SecurityActionData,
} from "~/components/security-section";
import {
  cancelMfaEnrolment,
  confirmMfaEnrolment,
  disableMfa,
  getMfaStatus,
  startMfaEnrolment,
} from "~/models/mfa.server";
import { sessionListForPage, type SessionUser } from "~/models/sessions.server";
import { formatDate } from "~/utils/dates";
import { clientInfo } from "~/web/session.server";
import {
  MFA_CANCEL,
  MFA_CONFIRM,
  MFA_DISABLE,
  MFA_INTENTS,
  MFA_START,
  mfaConfirmSchema,
  mfaDisableSchema,
} from "~/validation/mfa";
import { REVOKE_SESSION, SIGN_OUT_OTHERS } from "~/validation/sessions";
import { env } from "~/utils/env.server";
import type { AppError } from "~/utils/errors";
import { formatMoney } from "~/utils/money";
import {
  errorToast,
  redirectWithSuccess,
  type Toast as ToastData,
} from "~/web/toast.server";
import {
  CONTACT_PHONE_MAX,
  SETTINGS_MAX_ADVANCE_MAX,
  SETTINGS_MAX_ADVANCE_MIN,
  companySettingsSchema,
} from "~/validation/settings";
import { readFormData } from "~/web/form.server";
import { sessionListAction } from "~/web/session-actions.server";
import { attempt, replyToFailure } from "~/web/action.server";
import { useIsPending } from "~/components/use-is-pending";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, session } = await requireEmployerAuth(request);
  const [{ settings, employeeCount }, sessions, mfa] = await Promise.all([
    getSettingsOverview(user),
    sessionListForPage(user.id, session.id),
    getMfaStatus(user),
  ]);
  return json({
    sessions,
    mfa:
      mfa.state === "on"
        ? {
            state: mfa.state,
            since: formatDate(mfa.since),
            recoveryCodesLeft: mfa.recoveryCodesLeft,
          }
        : mfa.state === "enrolling"
          ? {
              state: mfa.state,
              manualKey: mfa.manualKey,
              qrDataUrl: mfa.qrDataUrl,
            }
          : { state: mfa.state },
    settings: {
      companyName: settings.companyName,
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      maxAdvance: settings.maxAdvance,
      approvalLimit: settings.approvalLimit,
      processingFee: settings.processingFee,
      notifyNewRequests: settings.notifyNewRequests,
      notifyMonthlyReports: settings.notifyMonthlyReports,
      notifySystemUpdates: settings.notifySystemUpdates,
      updatedAt: settings.updatedAt.toISOString(),
    },
    employeeCount,
    supportEmail: env().SUPPORT_EMAIL,
  });
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  /** The security section's forms. */
  security?: SecurityActionData;
  toast?: ToastData;
};

export async function action({ request }: ActionFunctionArgs) {
  const { user, session } = await requireEmployerAuth(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === SIGN_OUT_OTHERS || intent === REVOKE_SESSION) {
    return sessionListAction(
      user.id,
      session.id,
      formData,
      "/settings",
      ({ sessionError, toast }): ActionData => ({
        security: { sessionError },
        toast,
      }),
    );
  }
  if (typeof intent === "string" && MFA_INTENTS.includes(intent)) {
    return mfaAction(request, user, intent, formData);
  }
  const submission = parseWithZod(formData, { schema: companySettingsSchema });
  if (submission.status !== "success") {
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  }
  return attempt(
    async () => {
      await updateCompanySettings(user, submission.value);
      return redirectWithSuccess(
        "/settings",
        "Settings saved",
        "Your company settings have been updated.",
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, { fields: true }),
    }),
  );
}

/** The first message of a failed submission, for the toast. */
function firstError(submission: {
  error?: Record<string, string[] | null> | null;
}) {
  const lists = Object.values(submission.error ?? {});
  return lists.find((l) => l?.length)?.[0] ?? "Check the form and try again.";
}

/** Two-factor sign-in: start, confirm (recovery codes shown once), cancel, turn off. */
async function mfaAction(
  request: Request,
  user: SessionUser["user"],
  intent: string,
  formData: FormData,
) {
  return attempt(
    async () => {
      if (intent === MFA_START) {
        await startMfaEnrolment(user);
        return redirect("/settings#security");
      }
      if (intent === MFA_CANCEL) {
        await cancelMfaEnrolment(user);
        return redirect("/settings#security");
      }
      if (intent === MFA_CONFIRM) {
        const submission = parseWithZod(formData, { schema: mfaConfirmSchema });
        if (submission.status !== "success") {
          return json<ActionData>(
            {
              security: { confirm: submission.reply({ hideFields: ["code"] }) },
              toast: errorToast("Two-factor sign-in", firstError(submission)),
            },
            { status: 400 },
          );
        }
        const recoveryCodes = await confirmMfaEnrolment(
          user,
          submission.value.code,
        );
        // Shown once, in this response: only their hashes are kept.
        return json<ActionData>({
          security: { recoveryCodes },
          toast: {
            type: "success",
            title: "Two-factor sign-in is on",
            description: "Save your recovery codes now.",
          },
        });
      }
      const submission = parseWithZod(formData, { schema: mfaDisableSchema });
      if (submission.status !== "success") {
        return json<ActionData>(
          {
            security: {
              disable: submission.reply({ hideFields: ["password", "code"] }),
            },
            toast: errorToast("Two-factor sign-in", firstError(submission)),
          },
          { status: 400 },
        );
      }
      await disableMfa(user, submission.value, clientInfo(request).ip);
      return redirectWithSuccess(
        "/settings",
        "Two-factor sign-in is off",
        "You now sign in with your password only.",
      );
    },
    mfaFailure(intent, formData),
  );
}

/** A refused two-factor step: its form's reply (or the section's message) and a toast. */
function mfaFailure(intent: string, formData: FormData) {
  return (error: AppError): ActionData => {
    const options = { fields: true as const };
    const security: SecurityActionData =
      intent === MFA_DISABLE
        ? {
            disable: replyToFailure(
              parseWithZod(formData, { schema: mfaDisableSchema }),
              error,
              { ...options, hideFields: ["password", "code"] },
            ),
          }
        : intent === MFA_CONFIRM
          ? {
              confirm: replyToFailure(
                parseWithZod(formData, { schema: mfaConfirmSchema }),
                error,
                { ...options, hideFields: ["code"] },
              ),
            }
          : { sessionError: error.message };
    return {
      security,
      toast: errorToast("Two-factor sign-in", error.message),
    };
  };
}

export default function SettingsPage() {
  const { settings, employeeCount, supportEmail, sessions, mfa } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Company Settings</h1>
        <p className="mt-1 text-gray-700">
          Your company profile, advance program and notification preferences.
        </p>
      </div>
      {/* A save redirects back here with new values: a new key starts the form from them. */}
      <SettingsForm
        key={settings.updatedAt}
        settings={settings}
        employeeCount={employeeCount}
        lastResult={actionData?.result}
      />
      <SecuritySection
        sessions={sessions}
        mfa={mfa}
        actionData={actionData?.security}
      />
      <Card title="Help">
        <p className="text-gray-700">
          Questions about your advance program? Write to{" "}
          <a
            className="font-medium text-brand-700 underline"
            href={`mailto:${supportEmail}`}
          >
            {supportEmail}
          </a>{" "}
          or read{" "}
          <Link
            className="font-medium text-brand-700 underline"
            to="/how-it-works"
          >
            how Grocery Advance works
          </Link>
          .
        </p>
      </Card>
    </div>
  );
}

function SettingsForm({
  settings,
  employeeCount,
  lastResult,
}: {
  settings: SerializeFrom<typeof loader>["settings"];
  employeeCount: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm({
    id: "company-settings",
    lastResult,
    defaultValue: {
      companyName: settings.companyName,
      contactEmail: settings.contactEmail,
      contactPhone: settings.contactPhone,
      maxAdvance: settings.maxAdvance,
      approvalLimit: settings.approvalLimit,
      notifyNewRequests: settings.notifyNewRequests,
      notifyMonthlyReports: settings.notifyMonthlyReports,
      notifySystemUpdates: settings.notifySystemUpdates,
    },
    constraint: getZodConstraint(companySettingsSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: companySettingsSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const pending = useIsPending();
  const money = {
    type: "number" as const,
    min: 0,
    max: SETTINGS_MAX_ADVANCE_MAX,
    step: "0.01",
    inputMode: "decimal" as const,
  };

  return (
    <Form method="post" className="space-y-6" {...getFormProps(form)}>
      <Card title="Company Profile">
        <div className="grid gap-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <Field
              label="Company name"
              errors={fields.companyName.errors}
              inputProps={{
                ...getInputProps(fields.companyName, { type: "text" }),
                autoComplete: "organization",
              }}
            />
          </div>
          <Field
            label="Contact email"
            errors={fields.contactEmail.errors}
            inputProps={{
              ...getInputProps(fields.contactEmail, { type: "email" }),
              autoComplete: "email",
            }}
          />
          <Field
            label="Contact phone"
            hint="Optional"
            errors={fields.contactPhone.errors}
            inputProps={{
              ...getInputProps(fields.contactPhone, { type: "tel" }),
              autoComplete: "tel",
              maxLength: CONTACT_PHONE_MAX,
            }}
          />
        </div>
      </Card>

      <Card title="Advance Program">
        <div className="grid gap-4 md:grid-cols-3">
          <Field
            label="Maximum advance"
            hint={`Between ${formatMoney(SETTINGS_MAX_ADVANCE_MIN)} and ${formatMoney(SETTINGS_MAX_ADVANCE_MAX)}. New employees start with this balance.`}
            prefix="$"
            suffix="USD"
            errors={fields.maxAdvance.errors}
            inputProps={{
              ...getInputProps(fields.maxAdvance, money),
              min: SETTINGS_MAX_ADVANCE_MIN,
            }}
          />
          <Field
            label="Auto-approval limit"
            hint="Requests under this amount are approved at once. 0 turns it off."
            prefix="$"
            suffix="USD"
            errors={fields.approvalLimit.errors}
            inputProps={{ ...getInputProps(fields.approvalLimit, money) }}
          />
          <Field
            label="Processing fee (read-only)"
            hint="Fixed flat fee per advance, with no interest."
            prefix="$"
            suffix="USD"
            inputProps={{
              id: "processing-fee",
              type: "text",
              value: settings.processingFee,
              readOnly: true,
              "aria-readonly": true,
            }}
          />
        </div>
      </Card>

      <Card title="Employee Management">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-gray-700">
            {employeeCount === 1
              ? "1 employee is"
              : `${employeeCount} employees are`}{" "}
            enrolled in your advance program.
          </p>
          <div className="flex flex-wrap gap-2">
            <LinkButton to="/employees" variant="secondary">
              Manage Employees
            </LinkButton>
            <LinkButton to="/employees/add">Add Employee</LinkButton>
          </div>
        </div>
      </Card>

      <Card title="Notifications">
        <fieldset>
          <legend className="mb-3 text-sm text-gray-700">
            Send me an email about:
          </legend>
          <div className="space-y-3">
            <CheckboxField
              label="New advance requests"
              inputProps={{
                ...getInputProps(fields.notifyNewRequests, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label="Monthly reports"
              inputProps={{
                ...getInputProps(fields.notifyMonthlyReports, {
                  type: "checkbox",
                }),
              }}
            />
            <CheckboxField
              label="System updates"
              inputProps={{
                ...getInputProps(fields.notifySystemUpdates, {
                  type: "checkbox",
                }),
              }}
            />
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-gray-700">
          <a href="/outbox" className="text-brand-700 underline">
            See the e-mails sent to you
          </a>
        </p>
      </Card>

      <div className="flex items-center justify-end gap-4">
        <FormError
          id={form.errorId}
          title="Settings not saved"
          errors={form.errors}
        />
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : "Save Settings"}
        </Button>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [
  { title: "Company Settings · Grocery Advance" },
];

export const ErrorBoundary = GeneralErrorBoundary;
