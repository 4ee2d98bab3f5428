import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  INVALID_LOGIN,
  completeMfaSignIn,
  hasPendingMfaSignIn,
} from "~/models/people/index.server";
import { getUser, safeRedirect, signInForm } from "~/web/auth.server";
import {
  clientInfo,
  createUserSessionHeader,
  deviceCookieHeader,
  getMfaToken,
  mfaPendingCookieHeader,
  sessionCookieHeader,
  signInClient,
} from "~/web/session.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  employeeRegisterSchema,
  employerRegisterSchema,
  loginSchema,
  mfaStepSchema,
  parseWithZod,
} from "~/web/action.server";
import type { ActionData, As, Tab } from "~/components/auth/auth-forms";
import { AuthAside } from "~/components/auth/auth-aside";
import { island } from "~/components/island";

const SignInOrRegister = island(() =>
  import("~/components/auth/auth-forms").then((m) => m.SignInOrRegister),
);
import { translatedTitle } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";
import { LanguageSwitch } from "~/components/layout/language-switch";

import { registerUser } from "~/models/companies/index.server";
function readView(url: URL): { tab: Tab; as: As } {
  return {
    tab: url.searchParams.get("tab") === "register" ? "register" : "login",
    as: url.searchParams.get("as") === "employer" ? "employer" : "employee",
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (user) throw redirect("/");
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  // The second step shows only while a half-signed-in state (password checked) is waiting.
  const codeStep =
    url.searchParams.get("step") === "code" &&
    (await hasPendingMfaSignIn(await getMfaToken(request)));
  return json({
    ...readView(url),
    redirectTo,
    codeStep,
    ...(await pageMessages(request, ["auth", "messages"])),
  });
}

/** A form its schema refused: the field messages, 400, and no secret sent back. */
function refused(
  intent: ActionData["intent"],
  submission: {
    reply(options: { hideFields: string[] }): SubmissionResult<string[]>;
  },
  hideFields: string[],
) {
  return json<ActionData>(
    { intent, result: submission.reply({ hideFields }) },
    { status: 400 },
  );
}

/** A completed sign-in (password, or password then code): the session cookie and the toast. */
async function welcomeBack(
  request: Request,
  redirectTo: string,
  signedIn: {
    user: { firstName: string };
    token: string;
    remember: boolean;
    device: string;
  },
) {
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await sessionCookieHeader(request, signedIn.token, signedIn.remember),
  );
  headers.append(
    "Set-Cookie",
    await deviceCookieHeader(request, signedIn.device),
  );
  return redirectWithSuccess(
    redirectTo,
    "Login successful",
    `Welcome back, ${signedIn.user.firstName}!`,
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"), "/");

  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success")
      return refused(intent, submission, ["password"]);
    return attempt(
      async () => {
        const next = await signInForm.authenticate(request);
        if (next.kind === "mfa") {
          // The password was right; the code is asked next. No session exists yet.
          const params = new URLSearchParams({ step: "code" });
          if (redirectTo !== "/") params.set("redirectTo", redirectTo);
          return redirect(`/auth?${params}`, {
            headers: {
              "Set-Cookie": await mfaPendingCookieHeader(
                request,
                next.pendingToken,
              ),
            },
          });
        }
        return welcomeBack(request, redirectTo, {
          ...next,
          remember: submission.value.remember,
        });
      },
      (error): ActionData => ({
        intent,
        // Wrong credentials belong to no one field: the form-level error, titled
        // 'Login failed' on the page.
        result: replyToFailure(submission, error, {
          hideFields: ["password"],
          fallback: INVALID_LOGIN,
        }),
      }),
    );
  }

  if (intent === "mfa") {
    const submission = parseWithZod(formData, { schema: mfaStepSchema });
    if (submission.status !== "success")
      return refused(intent, submission, ["code"]);
    return attempt(
      async () => {
        const signedIn = await completeMfaSignIn(
          (await getMfaToken(request)) ?? "",
          submission.value.code,
          await signInClient(request),
        );
        return welcomeBack(request, redirectTo, signedIn);
      },
      (error): ActionData => ({
        intent,
        result: replyToFailure(submission, error, { hideFields: ["code"] }),
      }),
    );
  }

  if (intent === "register-employee" || intent === "register-employer") {
    const schema =
      intent === "register-employee"
        ? employeeRegisterSchema
        : employerRegisterSchema;
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success")
      return refused(intent, submission, ["password"]);
    return attempt(
      async () => {
        const user = await registerUser(submission.value, {
          address: clientInfo(request).ip,
        });
        const cookie = await createUserSessionHeader(
          request,
          { userId: user.id, role: user.role },
          false,
        );
        return redirectWithSuccess(
          "/",
          "Registration successful",
          `Welcome to Grocery Advance, ${user.firstName}!`,
          { headers: { "Set-Cookie": cookie } },
        );
      },
      (error): ActionData => ({
        intent,
        // A field's problem (a taken username, a weak password) shows under its field only.
        result: replyToFailure(submission, error, {
          fields: true,
          conflictField: "username",
          hideFields: ["password"],
        }),
      }),
    );
  }

  return json({ message: "Unknown form" }, { status: 400 });
}

export default function AuthPage() {
  const { tab, as, redirectTo, codeStep } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <main
        id="main"
        tabIndex={-1}
        className="flex items-center justify-center p-6"
      >
        <div className="w-full max-w-md">
          <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-2xl font-bold text-gray-900">
              Grocery Advance
            </h1>
            <LanguageSwitch />
          </div>
          <SignInOrRegister
            tab={tab as Tab}
            as={as as As}
            redirectTo={redirectTo}
            codeStep={codeStep}
            actionData={actionData}
          />
        </div>
      </main>
      <AuthAside />
    </div>
  );
}

export const meta = translatedTitle(
  "auth:titles.signIn",
  "common:descriptions.auth",
);
