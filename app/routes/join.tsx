import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { LanguageSwitch } from "~/components/layout/language-switch";
import {
  acceptInvitation,
  joinWithAccount,
  viewInvitation,
} from "~/models/companies/index.server";
import { getEmployeeRecord } from "~/models/people/index.server";
import {
  translatedTitle,
  useLanguage,
  useMessageText,
  useT,
  withElements,
} from "~/utils/i18n";
import { acceptedLanguage, cookieLanguage } from "~/utils/i18n.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  acceptInvitationSchema,
  joinWithAccountSchema,
  parseWithZod,
} from "~/web/action.server";
import { getUser } from "~/web/auth.server";
import { joinLink } from "~/web/join-link.server";
import { pageI18n } from "~/web/language.server";
import { createUserSessionHeader } from "~/web/session.server";
import {
  PRIVATE_TOKEN_PAGE,
  privateTokenPageHeaders,
} from "~/web/token-link.server";

// The invitation's page: which company invites, then a new
// account (someone not signed in) or one press (a signed-in employee with no company), once
// they confirm that the address the invitation was sent to is theirs. A used, revoked, expired
// or unknown link says so. Works without JavaScript.

const CreateAccountForm = island(() =>
  import("~/components/company/join-forms").then((m) => m.CreateAccountForm),
);
const JoinWithAccountForm = island(() =>
  import("~/components/company/join-forms").then((m) => m.JoinWithAccountForm),
);

export const headers = privateTokenPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const read = await joinLink().read(request);
  if ("redirect" in read) return read.redirect;
  const [view, user] = await Promise.all([
    viewInvitation(read.token),
    getUser(request),
  ]);
  const { i18n } = await pageI18n(request, ["invitations", "messages"], user);
  let signedIn: null | {
    name: string;
    /** The account's address, set beside the one the invitation was sent to. */
    email: string;
    role: "EMPLOYEE" | "EMPLOYER";
    linked: boolean;
  } = null;
  if (user) {
    const employee =
      user.role === "EMPLOYEE" ? await getEmployeeRecord(user) : null;
    signedIn = {
      name: `${user.firstName} ${user.lastName}`,
      email: user.email,
      role: user.role,
      linked: user.role === "EMPLOYER" || employee?.companyId != null,
    };
  }
  return json(
    {
      i18n,
      invitation:
        view.state === "unknown"
          ? { state: view.state }
          : {
              state: view.state,
              kind: view.kind,
              company: view.company,
              email: view.email,
              firstName: view.firstName,
              lastName: view.lastName,
              role: view.role,
            },
      signedIn,
    },
    { headers: PRIVATE_TOKEN_PAGE },
  );
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  /** The existing-account join's form: the address not confirmed. */
  joinResult?: SubmissionResult<string[]>;
  joinError?: string;
};

export async function action({ request }: ActionFunctionArgs) {
  const read = await joinLink().read(request);
  if ("redirect" in read) return read.redirect;
  const token = read.token;
  const formData = await readFormData(request);
  if (formData.get("intent") === "join") {
    const user = await getUser(request);
    if (!user) return json<ActionData>({ joinError: SIGN_IN_FIRST }, 401);
    // The person confirms that the address the invitation was sent to is theirs.
    const confirmed = parseWithZod(formData, {
      schema: joinWithAccountSchema,
    });
    if (confirmed.status !== "success")
      return json<ActionData>(
        { joinResult: confirmed.reply() },
        { status: 400 },
      );
    return attempt(
      async () => {
        const view = await viewInvitation(token);
        await joinWithAccount(user, token);
        return redirectWithSuccess(
          "/",
          "Welcome aboard",
          `Your account now belongs to ${"company" in view ? view.company : "your company"}.`,
          { headers: await joinLink().forget(request) },
        );
      },
      (error): ActionData => ({
        joinError: error instanceof Error ? error.message : String(error),
      }),
    );
  }
  const submission = parseWithZod(formData, { schema: acceptInvitationSchema });
  if (submission.status !== "success")
    return json<ActionData>(
      { result: submission.reply({ hideFields: ["password"] }) },
      { status: 400 },
    );
  return attempt(
    async () => {
      // The account starts in the language the invitee accepted in: their switch (the lng
      // cookie), else their browser's; with neither, none is chosen.
      const user = await acceptInvitation(
        token,
        submission.value,
        undefined,
        cookieLanguage(request.headers.get("Cookie")) ??
          acceptedLanguage(request.headers.get("Accept-Language")),
      );
      const headers = new Headers();
      headers.append(
        "Set-Cookie",
        await createUserSessionHeader(
          request,
          { userId: user.id, role: user.role },
          false,
        ),
      );
      for (const [name, value] of await joinLink().forget(request))
        headers.append(name, value);
      return redirectWithSuccess(
        "/",
        "Welcome aboard",
        `Your account is ready, ${user.firstName}.`,
        { headers },
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, {
        fields: true,
        conflictField: "username",
        hideFields: ["password"],
      }),
    }),
  );
}

const SIGN_IN_FIRST = "Sign in first, then press Join.";

/** The states of a link that no longer works, each with its own title and text. */
const GONE = new Set(["unknown", "used", "revoked", "expired"]);

/** The page's frame: one narrow column, the language switch at its top. */
function JoinFrame({ children }: { children: ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-md p-6 py-16 [overflow-wrap:anywhere]"
    >
      <div className="-mt-10 mb-4 flex justify-end">
        <LanguageSwitch />
      </div>
      {children}
    </main>
  );
}

export default function JoinPage() {
  const { invitation, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("invitations");
  const message = useMessageText();
  const language = useLanguage();
  if (invitation.state !== "pending" || !("company" in invitation)) {
    const gone = GONE.has(invitation.state) ? invitation.state : "unknown";
    return (
      <JoinFrame>
        <h1 className="text-2xl font-bold text-gray-900">
          {t(`join.gone.${gone}.title`)}
        </h1>
        <p className="mt-4 text-gray-700">{t(`join.gone.${gone}.text`)}</p>
        <p className="mt-8">
          <Link to="/auth" className="font-medium text-brand-700 underline">
            {t("join.goToSignIn")}
          </Link>
        </p>
      </JoinFrame>
    );
  }
  const company = invitation.company || t("join.yourEmployer");
  const memberRole =
    invitation.kind === "MEMBER" && invitation.role
      ? t(`roles.${invitation.role}`).toLocaleLowerCase(language)
      : null;
  return (
    <JoinFrame>
      <h1 className="text-2xl font-bold text-gray-900">
        {t("join.heading", { company })}
      </h1>
      <p className="mt-4 text-gray-700">
        {memberRole
          ? t("join.invitesMember", {
              company,
              email: invitation.email,
              role: memberRole,
            })
          : t("join.invitesEmployee", { company, email: invitation.email })}
      </p>
      {signedIn ? (
        signedIn.role === "EMPLOYEE" &&
        !signedIn.linked &&
        invitation.kind === "EMPLOYEE" ? (
          <>
            <p className="mt-4 text-gray-700">
              {t("join.signedInAs", { name: signedIn.name })}
            </p>
            <JoinWithAccountForm
              company={company}
              invitedEmail={invitation.email}
              accountEmail={signedIn.email}
              lastResult={actionData?.joinResult}
              error={actionData?.joinError && message(actionData.joinError)}
            />
          </>
        ) : (
          <p role="alert" className="mt-4 text-gray-700">
            {actionData?.joinError
              ? message(actionData.joinError)
              : signedIn.role === "EMPLOYEE" && signedIn.linked
                ? t("join.alreadyLinked", { name: signedIn.name })
                : t("join.newAccountOnly", { name: signedIn.name })}
          </p>
        )
      ) : (
        <>
          <p className="mt-4 text-gray-700">{t("join.choose")}</p>
          <CreateAccountForm
            firstName={invitation.firstName}
            lastName={invitation.lastName}
            lastResult={actionData?.result}
          />
          {/* An employee may join with the account they have; a colleague's invitation is
              for a new account only (its page must not ask about an employee account). */}
          {invitation.kind === "EMPLOYEE" ? (
            <p className="mt-6 text-sm text-gray-700">
              {withElements(t("join.haveAccount"), {
                link: (
                  <Link
                    to="/auth?redirectTo=/join"
                    className="font-medium text-brand-700 underline"
                  >
                    {t("join.signIn")}
                  </Link>
                ),
              })}
            </p>
          ) : null}
        </>
      )}
    </JoinFrame>
  );
}

export const meta = translatedTitle(
  "common:titles.join",
  "common:descriptions.join",
);

export const ErrorBoundary = GeneralErrorBoundary;
