import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import {
  CONFIRMATION_LINK_DAYS,
  confirmEmail,
  emailOfConfirmationLink,
} from "~/models/people/index.server";
import {
  attempt,
  readFormData,
  redirectWithSuccess,
} from "~/web/action.server";
import {
  PRIVATE_TOKEN_PAGE,
  privateTokenPageHeaders,
  tokenLink,
} from "~/web/token-link.server";
import { translatedTitle, useMessageText, useT } from "~/utils/i18n";
import { pageMessages } from "~/web/language.server";

// The e-mail confirmation link's page: it names the address and asks for a
// press of "Confirm" (a mail scanner that opens the link confirms nothing). Private, and the
// token leaves the address bar on the first load, like the reset link's page.

// Made when a loader or action runs: the browser build has no server modules.
const confirmLink = () =>
  tokenLink(
    "__confirm_email_token",
    "/confirm-email",
    CONFIRMATION_LINK_DAYS * 24 * 3600,
  );

export const headers = privateTokenPageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const read = await confirmLink().read(request);
  if ("redirect" in read) return read.redirect;
  return json(
    {
      email: await emailOfConfirmationLink(read.token),
      ...(await pageMessages(request, ["auth", "messages"])),
    },
    { headers: PRIVATE_TOKEN_PAGE },
  );
}

type ActionData = { message: string };

export async function action({ request }: ActionFunctionArgs) {
  const read = await confirmLink().read(request);
  const token = "token" in read ? read.token : "";
  await readFormData(request);
  return attempt(
    async () => {
      await confirmEmail(token);
      return redirectWithSuccess(
        "/settings",
        "E-mail address confirmed",
        "Your company can now send all its invitations.",
        { headers: await confirmLink().forget(request) },
      );
    },
    (error): ActionData => ({ message: error.message }),
  );
}

export default function ConfirmEmail() {
  const { email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("auth");
  const text = useMessageText();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md p-6 py-16">
      <h1 className="text-2xl font-bold text-gray-900">
        {t("confirmEmail.heading")}
      </h1>
      {actionData ? (
        <p role="alert" className="mt-4 text-red-700">
          {text(actionData.message)}
        </p>
      ) : null}
      {email && !actionData ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-gray-700">{t("confirmEmail.text", { email })}</p>
          <Button type="submit" className="min-h-[44px]">
            {t("confirmEmail.submit")}
          </Button>
        </Form>
      ) : null}
      {!email && !actionData ? (
        <p className="mt-4 text-gray-700">{t("confirmEmail.invalid")}</p>
      ) : null}
      <p className="mt-8">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("confirmEmail.settings")}
        </Link>
      </p>
    </main>
  );
}

export const meta = translatedTitle("auth:titles.confirmEmail");

export const ErrorBoundary = GeneralErrorBoundary;
