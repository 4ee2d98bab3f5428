import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";

export async function loader() {
  return json({ supportEmail: env().SUPPORT_EMAIL });
}

// Passwords are reset by people, not e-mail links: the employer can set a new one, or support
// can help (docs/decisions/0003-forgot-password.md).
export default function ForgotPassword() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-md p-6 py-16">
      <h1 className="text-2xl font-bold text-gray-900">
        Forgot your password?
      </h1>
      <p className="mt-4 text-gray-700">
        Ask your employer to reset it for you, or write to{" "}
        <a className="text-brand-700 underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>{" "}
        from the e-mail address on your account and we will help you sign in
        again.
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

export const meta: MetaFunction = () => [
  { title: "Forgot password · Grocery Advance" },
];
