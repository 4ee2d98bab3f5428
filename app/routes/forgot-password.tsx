import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ForgotPasswordActionData } from "~/components/auth/password-reset-forms";
import { island } from "~/components/island";
import { requestPasswordReset } from "~/models/people/index.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  forgotPasswordSchema,
  parseWithZod,
} from "~/web/action.server";
import { clientInfo } from "~/web/session.server";
import { translatedTitle } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";
import { useT, withElements } from "~/utils/i18n";

// "Forgot password?": a username or e-mail address, and always the same answer, whether or
// not an account matches.

export async function loader({ request }: LoaderFunctionArgs) {
  return json({
    supportEmail: env().SUPPORT_EMAIL,
    ...(await pageMessages(request, ["auth", "messages"])),
  });
}

type ActionData = ForgotPasswordActionData;

const ForgotPasswordForm = island(() =>
  import("~/components/auth/password-reset-forms").then(
    (m) => m.ForgotPasswordForm,
  ),
);

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), {
    schema: forgotPasswordSchema,
  });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      await requestPasswordReset(
        submission.value.identifier,
        clientInfo(request).ip,
      );
      return json<ActionData>({
        result: submission.reply({ resetForm: true }),
        sent: true,
      });
    },
    (error): ActionData => ({ result: replyToFailure(submission, error) }),
  );
}

export default function ForgotPassword() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("auth");
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md p-6 py-16">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("forgot.heading")}
      </h1>
      <ForgotPasswordForm actionData={actionData} />
      <p className="mt-6 text-sm text-gray-700">
        {withElements(t("forgot.support"), {
          email: (
            <a
              className="text-brand-700 underline"
              href={`mailto:${supportEmail}`}
            >
              {supportEmail}
            </a>
          ),
        })}
      </p>
      <Link
        to="/auth"
        className="mt-8 inline-block font-medium text-brand-700 underline"
      >
        {t("forgot.backToSignIn")}
      </Link>
    </main>
  );
}

export const meta = translatedTitle("auth:titles.forgotPassword");

export const ErrorBoundary = GeneralErrorBoundary;
