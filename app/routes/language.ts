import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { setUserLanguage } from "~/models/people/index.server";
import { getUser, safeRedirect } from "~/web/auth.server";
import { languageCookieHeader } from "~/web/language.server";
import {
  languageSchema,
  parseWithZod,
  readFormData,
} from "~/web/action.server";

// The language switch (/auth and the signed-in layout): a plain form post, so it works without
// JavaScript. It sets the lng cookie and, for a signed-in user, their saved preference (their
// pages on any device after the next sign-in, their mails and jobs), then goes back.

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), {
    schema: languageSchema,
  });
  if (submission.status !== "success")
    return json({ message: "Choose English or Spanish" }, { status: 400 });
  const { language, redirectTo } = submission.value;
  const user = await getUser(request);
  if (user) await setUserLanguage(user.id, language);
  return redirect(safeRedirect(redirectTo, "/"), {
    headers: { "Set-Cookie": languageCookieHeader(request, language) },
  });
}
