import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import {
  isResetTokenLive,
  RESET_LINK_MINUTES,
  resetPassword,
} from "~/models/people/index.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithSuccess,
  parseWithZod,
  RESET_DONE,
  resetPasswordSchema,
} from "~/web/action.server";
import {
  PRIVATE_TOKEN_PAGE,
  privateTokenPageHeaders,
  tokenLink,
} from "~/web/token-link.server";
import { translatedTitle } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";
import { useT } from "~/utils/i18n";

// The reset link's page: a new password under the registration rules; every session of the
// account ends. The page is private and the token
// leaves the address bar on the first load (app/web/token-link.server.ts).

// Made when a loader or action runs: the browser build has no server modules.
const resetLink = () =>
  tokenLink("__reset_token", "/reset-password", RESET_LINK_MINUTES * 60);

export const headers = privateTokenPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const read = await resetLink().read(request);
  if ("redirect" in read) return read.redirect;
  return json(
    {
      token: read.token,
      live: await isResetTokenLive(read.token),
      ...(await pageMessages(request, ["auth", "messages"])),
    },
    { headers: PRIVATE_TOKEN_PAGE },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

const ResetPasswordForm = island(() =>
  import("~/components/auth/password-reset-forms").then(
    (m) => m.ResetPasswordForm,
  ),
);

const HIDE = ["password", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), {
    schema: resetPasswordSchema,
  });
  if (submission.status !== "success")
    return json<ActionData>(
      { result: submission.reply({ hideFields: HIDE }) },
      { status: 400 },
    );
  return attempt(
    async () => {
      await resetPassword(submission.value);
      return redirectWithSuccess("/auth", "Password changed", RESET_DONE, {
        headers: await resetLink().forget(request),
      });
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, {
        fields: true,
        hideFields: HIDE,
      }),
    }),
  );
}

export default function ResetPassword() {
  const { token, live } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("auth");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md p-6 py-16">
      <h1 className="text-2xl font-bold text-gray-900">{t("reset.heading")}</h1>
      <ResetPasswordForm
        token={token}
        live={live}
        lastResult={actionData?.result}
      />
      <p className="mt-8 flex gap-6">
        <Link
          to="/forgot-password"
          className="font-medium text-brand-700 underline"
        >
          {t("reset.newLink")}
        </Link>
        <Link to="/auth" className="font-medium text-brand-700 underline">
          {t("forgot.backToSignIn")}
        </Link>
      </p>
    </main>
  );
}

export const meta = translatedTitle("auth:titles.resetPassword");

export const ErrorBoundary = GeneralErrorBoundary;
