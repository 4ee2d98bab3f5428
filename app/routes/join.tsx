import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import {
  acceptInvitation,
  joinWithAccount,
  viewInvitation,
} from "~/models/companies/index.server";
import { getEmployeeRecord } from "~/models/people/index.server";
import { COMPANY_ROLE_LABELS, type CompanyRole } from "~/utils/company-roles";
import { translatedTitle } from "~/utils/i18n";
import { acceptedLanguage, cookieLanguage } from "~/utils/i18n.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  acceptInvitationSchema,
  parseWithZod,
} from "~/web/action.server";
import { getUser } from "~/web/auth.server";
import { joinLink } from "~/web/join-link.server";
import { createUserSessionHeader } from "~/web/session.server";
import {
  PRIVATE_TOKEN_PAGE,
  privateTokenPageHeaders,
} from "~/web/token-link.server";

// The invitation's page (docs/decisions/0077-companies.md): which company invites, then a new
// account (someone not signed in) or one press (a signed-in employee with no company). A used,
// revoked, expired or unknown link says so. Works without JavaScript.

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
  let signedIn: null | {
    name: string;
    role: "EMPLOYEE" | "EMPLOYER";
    linked: boolean;
  } = null;
  if (user) {
    const employee =
      user.role === "EMPLOYEE" ? await getEmployeeRecord(user) : null;
    signedIn = {
      name: `${user.firstName} ${user.lastName}`,
      role: user.role,
      linked: user.role === "EMPLOYER" || employee?.companyId != null,
    };
  }
  return json(
    {
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
    return attempt(
      async () => {
        const view = await viewInvitation(token);
        await joinWithAccount(user, token);
        return redirectWithSuccess(
          "/",
          "Welcome aboard",
          `Your account now belongs to ${"company" in view ? view.company : "your company"}.`,
          { headers: { "Set-Cookie": await joinLink().forget(request) } },
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
      headers.append("Set-Cookie", await joinLink().forget(request));
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

const GONE: Record<string, { title: string; text: string }> = {
  unknown: {
    title: "This invitation link does not work",
    text: "The link is incomplete or was replaced by a newer invitation. Ask whoever invited you to send it again.",
  },
  used: {
    title: "This invitation was already used",
    text: "Each invitation link works once. If it was you, sign in with the username and password you chose.",
  },
  revoked: {
    title: "This invitation was withdrawn",
    text: "The company withdrew this invitation. Ask them for a new one if you still need to join.",
  },
  expired: {
    title: "This invitation has expired",
    text: "Invitation links work for 7 days. Ask whoever invited you to send it again.",
  },
};

export default function JoinPage() {
  const { invitation, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  if (invitation.state !== "pending" || !("company" in invitation)) {
    const gone = GONE[invitation.state] ?? GONE.unknown;
    return (
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-md p-6 py-16 [overflow-wrap:anywhere]"
      >
        <h1 className="text-2xl font-bold text-gray-900">{gone.title}</h1>
        <p className="mt-4 text-gray-700">{gone.text}</p>
        <p className="mt-8">
          <Link to="/auth" className="font-medium text-brand-700 underline">
            Go to sign in
          </Link>
        </p>
      </main>
    );
  }
  const company = invitation.company || "Your employer";
  const memberRole =
    invitation.kind === "MEMBER" && invitation.role
      ? COMPANY_ROLE_LABELS[invitation.role as CompanyRole].toLowerCase()
      : null;
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-md p-6 py-16 [overflow-wrap:anywhere]"
    >
      <h1 className="text-2xl font-bold text-gray-900">Join {company}</h1>
      <p className="mt-4 text-gray-700">
        {memberRole
          ? `${company} invites ${invitation.email} to its team on Grocery Advance as ${memberRole}.`
          : `${company} invites ${invitation.email} to Grocery Advance: grocery advances of $200 to $500, repaid from your paychecks.`}
      </p>
      {signedIn ? (
        signedIn.role === "EMPLOYEE" &&
        !signedIn.linked &&
        invitation.kind === "EMPLOYEE" ? (
          <>
            <p className="mt-4 text-gray-700">
              You are signed in as {signedIn.name}. Join with this account: you
              keep your username and password.
            </p>
            <JoinWithAccountForm
              company={company}
              error={actionData?.joinError}
            />
          </>
        ) : (
          <p role="alert" className="mt-4 text-gray-700">
            {actionData?.joinError ??
              (signedIn.role === "EMPLOYEE" && signedIn.linked
                ? `You are signed in as ${signedIn.name}, whose account already belongs to a company. Nothing will change.`
                : `You are signed in as ${signedIn.name}. This invitation is for a new account: sign out, then open the link again.`)}
          </p>
        )
      ) : (
        <>
          <p className="mt-4 text-gray-700">
            Choose your username and password. Nobody else will know them.
          </p>
          <CreateAccountForm
            firstName={invitation.firstName}
            lastName={invitation.lastName}
            lastResult={actionData?.result}
          />
          <p className="mt-6 text-sm text-gray-700">
            Already have an employee account?{" "}
            <Link
              to="/auth?redirectTo=/join"
              className="font-medium text-brand-700 underline"
            >
              Sign in
            </Link>{" "}
            and come back to this page.
          </p>
        </>
      )}
    </main>
  );
}

export const meta = translatedTitle("common:titles.join");

export const ErrorBoundary = GeneralErrorBoundary;
