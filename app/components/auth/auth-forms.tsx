import {
  getInputProps,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { useT } from "~/utils/i18n";
import { SubmitRow } from "~/components/ui/submit-row";
import { CheckboxField } from "~/components/ui/field";
import {
  InputField,
  PersonFields,
  SchemaForm,
  useSchemaForm,
} from "~/components/ui/schema-form";
import {
  employeeRegisterSchema,
  employerRegisterSchema,
  loginSchema,
  mfaStepSchema,
} from "~/validation/auth";
import { useIsPending } from "~/components/use-is-pending";

// The sign-in page's forms (SPEC §2 Login/Register): password, the two-factor code, and the
// employee and employer registrations; /auth keeps the loader, the action and the page outline.

export type Tab = "login" | "register";

export type As = "employee" | "employer";

export type ActionData = {
  intent: "login" | "mfa" | "register-employee" | "register-employer";
  result: SubmissionResult<string[]>;
};

function TabLink({
  to,
  active,
  children,
}: {
  to: string;
  active: boolean;
  children: string;
}) {
  return (
    <Link
      to={to}
      replace
      aria-current={active ? "page" : undefined}
      className={`flex-1 rounded-md px-3 py-2 text-center text-sm font-medium ${
        active
          ? "bg-white text-gray-900 shadow"
          : "text-gray-700 hover:text-gray-900"
      }`}
    >
      {children}
    </Link>
  );
}

function SwitchLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={to} replace className="font-medium text-brand-700 underline">
        {children}
      </Link>
    </p>
  );
}

/**
 * A form of the sign-in page: Conform's state, fed only the reply to its own intent (the page
 * holds several forms and one action), and whether it is the one on its way.
 */
function useAuthForm<Schema extends z.ZodObject>(
  intent: ActionData["intent"],
  schema: Schema,
  actionData: ActionData | undefined,
) {
  const [form, fields] = useSchemaForm({
    id: intent,
    schema,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
  });
  const pending = useIsPending({ formData: { intent } });
  return [form, fields, pending] as const;
}

/** A sign-in page form's frame: its heading, then its intent and where to go after. */
function AuthForm<Fields extends Record<string, unknown>>({
  form,
  heading,
  intent,
  redirectTo,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  heading: string;
  intent: ActionData["intent"];
  redirectTo?: string;
  children: ReactNode;
}) {
  return (
    <SchemaForm form={form} method="post" className="space-y-4">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo === undefined ? null : (
        <input type="hidden" name="redirectTo" value={redirectTo} />
      )}
      {children}
    </SchemaForm>
  );
}

/** The sign-in steps' props: where to go once signed in, and the page's action reply. */
type SignInStepProps = {
  redirectTo: string;
  actionData: ActionData | undefined;
};

function LoginForm({ redirectTo, actionData }: SignInStepProps) {
  const [form, fields, pending] = useAuthForm("login", loginSchema, actionData);
  const t = useT("auth");
  return (
    <AuthForm
      form={form}
      heading={t("login.heading")}
      intent="login"
      redirectTo={redirectTo}
    >
      <InputField
        label={t("fields.username")}
        field={fields.username}
        autoComplete="username"
      />
      <InputField
        label={t("fields.password")}
        type="password"
        field={fields.password}
        autoComplete="current-password"
      />
      <div className="flex items-center justify-between">
        <CheckboxField
          label={t("fields.rememberMe")}
          inputProps={{
            ...getInputProps(fields.remember, { type: "checkbox" }),
            // Optional: the schema's transform hides `.optional()` from the constraint.
            required: false,
          }}
        />
        <Link
          to="/forgot-password"
          className="text-sm font-medium text-brand-700 underline"
        >
          {t("login.forgot")}
        </Link>
      </div>
      <SubmitRow
        form={form}
        errorTitle={t("login.failed")}
        pending={pending}
        pendingLabel={t("login.pending")}
        className="w-full"
      >
        {t("login.submit")}
      </SubmitRow>
    </AuthForm>
  );
}

/** The second sign-in step for an account with two-factor sign-in on. */
function CodeForm({ redirectTo, actionData }: SignInStepProps) {
  const [form, fields, pending] = useAuthForm("mfa", mfaStepSchema, actionData);
  const t = useT("auth");
  return (
    <AuthForm
      form={form}
      heading={t("code.heading")}
      intent="mfa"
      redirectTo={redirectTo}
    >
      <p className="text-sm text-gray-700">{t("code.intro")}</p>
      <InputField
        label={t("fields.code")}
        field={fields.code}
        autoComplete="one-time-code"
        inputMode="text"
        autoFocus
        spellCheck={false}
      />
      <SubmitRow
        form={form}
        errorTitle={t("login.failed")}
        pending={pending}
        pendingLabel={t("code.pending")}
        className="w-full"
      >
        {t("code.submit")}
      </SubmitRow>
      <p className="text-center text-sm">
        <Link
          to="/auth?tab=login"
          replace
          className="font-medium text-brand-700 underline"
        >
          {t("code.startAgain")}
        </Link>
      </p>
    </AuthForm>
  );
}

/** The employee and employer registration forms: the same fields but one (SPEC §2). */
function RegisterForm({
  as,
  actionData,
}: {
  as: As;
  actionData: ActionData | undefined;
}) {
  const employer = as === "employer";
  const intent = employer ? "register-employer" : "register-employee";
  const schema = employer ? employerRegisterSchema : employeeRegisterSchema;
  const [form, fields, pending] = useAuthForm(intent, schema, actionData);
  const field = (name: string) => fields[name as keyof typeof fields];
  const t = useT("auth");
  return (
    <AuthForm
      form={form}
      heading={
        employer ? t("register.employerHeading") : t("register.employeeHeading")
      }
      intent={intent}
    >
      <input
        type="hidden"
        name="role"
        value={employer ? "EMPLOYER" : "EMPLOYEE"}
      />
      <PersonFields fields={fields} />
      {employer ? (
        <InputField
          label={t("fields.companyName")}
          field={field("companyName")}
          autoComplete="organization"
        />
      ) : (
        <InputField
          label={t("fields.departmentOptional")}
          field={field("department")}
        />
      )}
      <InputField
        label={t("fields.username")}
        field={fields.username}
        autoComplete="username"
      />
      <InputField
        label={t("fields.password")}
        type="password"
        field={fields.password}
        autoComplete="new-password"
        hint={t("passwordHint")}
      />
      <SubmitRow
        form={form}
        errorTitle={t("register.failed")}
        pending={pending}
        pendingLabel={t("register.pending")}
        className="w-full"
      >
        {employer ? t("register.asEmployer") : t("register.asEmployee")}
      </SubmitRow>
    </AuthForm>
  );
}

/**
 * The tabs (Login, Register) and the form they show: the password form, the two-factor code
 * while a half-signed-in state waits, or a registration (employee or employer).
 */
export function SignInOrRegister({
  tab,
  as,
  redirectTo,
  codeStep,
  actionData,
}: {
  tab: Tab;
  as: As;
  redirectTo: string;
  codeStep: boolean;
  actionData: ActionData | undefined;
}) {
  // A failed registration keeps its tab even if the URL said otherwise.
  const activeTab: Tab =
    actionData?.intent === "login"
      ? "login"
      : actionData?.intent?.startsWith("register")
        ? "register"
        : tab;
  const activeAs: As =
    actionData?.intent === "register-employer"
      ? "employer"
      : actionData?.intent === "register-employee"
        ? "employee"
        : as;
  const query = (params: Record<string, string>) => {
    const search = new URLSearchParams(params);
    if (redirectTo) search.set("redirectTo", redirectTo);
    return `?${search}`;
  };
  const t = useT("auth");

  return (
    <>
      <nav
        aria-label={t("tabs.label")}
        className="mb-6 flex rounded-lg bg-gray-100 p-1"
      >
        <TabLink to={query({ tab: "login" })} active={activeTab === "login"}>
          {t("tabs.login")}
        </TabLink>
        <TabLink
          to={query({ tab: "register", as: activeAs })}
          active={activeTab === "register"}
        >
          {t("tabs.register")}
        </TabLink>
      </nav>
      {codeStep || actionData?.intent === "mfa" ? (
        <CodeForm redirectTo={redirectTo} actionData={actionData} />
      ) : activeTab === "login" ? (
        <LoginForm redirectTo={redirectTo} actionData={actionData} />
      ) : activeAs === "employer" ? (
        <>
          <RegisterForm key="employer" as="employer" actionData={actionData} />
          <SwitchLink to={query({ tab: "register", as: "employee" })}>
            {t("register.insteadEmployee")}
          </SwitchLink>
        </>
      ) : (
        <>
          <RegisterForm key="employee" as="employee" actionData={actionData} />
          <SwitchLink to={query({ tab: "register", as: "employer" })}>
            {t("register.insteadEmployer")}
          </SwitchLink>
        </>
      )}
    </>
  );
}
