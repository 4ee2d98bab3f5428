import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { env } from "~/utils/env.server";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { requestPasswordReset } from "~/models/password-reset.server";
import { readFormData } from "~/web/form.server";
import { attempt, replyToFailure } from "~/web/action.server";
import { clientInfo } from "~/web/session.server";
import { forgotPasswordSchema, RESET_SENT } from "~/validation/password-reset";
import { useIsPending } from "~/components/use-is-pending";
import { pageTitle } from "~/utils/meta";

// "Forgot password?": a username or e-mail address, and always the same answer, whether or
// not an account matches (docs/decisions/1203-password-reset.md).

export async function loader() {
  return json({ supportEmail: env().SUPPORT_EMAIL });
}

type ActionData = { result: SubmissionResult<string[]>; sent?: boolean };

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
  const pending = useIsPending({ formMethod: null });
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md p-6 py-16">
      <h1 className="text-2xl font-bold text-gray-900">
        Forgot your password?
      </h1>
      {actionData?.sent ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          {RESET_SENT}
        </p>
      ) : (
        <p className="mt-4 text-gray-700">
          Enter your username or the e-mail address on your account. We will
          e-mail you a link to choose a new password.
        </p>
      )}
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <Field
          label="Username or e-mail"
          errors={fields.identifier.errors}
          inputProps={{
            ...getInputProps(fields.identifier, { type: "text" }),
            autoComplete: "username",
          }}
        />
        <FormError id={form.errorId} title="Not sent" errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Sending..." : "Send reset link"}
        </Button>
      </Form>
      <p className="mt-6 text-sm text-gray-700">
        No longer reading that mailbox? Ask your employer to reset your
        password, or write to{" "}
        <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        .
      </p>
      <Link
        to="/auth"
        className="mt-8 inline-block font-medium text-brand-700 underline"
      >
        Back to sign in
      </Link>
    </main>
  );
}

export const meta = pageTitle("Forgot password");

export const ErrorBoundary = GeneralErrorBoundary;
