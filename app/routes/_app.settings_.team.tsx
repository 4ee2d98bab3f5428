import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { island } from "~/components/island";
import { Card } from "~/components/ui/card";
import {
  companyLanguage,
  inviteMember,
  listInvitations,
  changeMemberRole,
  listTeam,
  removeMember,
  type RemovedMember,
} from "~/models/companies/index.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { INVITATION_DAYS } from "~/utils/invitation-rules";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";
import {
  attempt,
  readFormData,
  replyToFailure,
  redirectWithError,
  redirectWithSuccess,
  changeRoleSchema,
  inviteMemberSchema,
  parseId,
  parseWithZod,
} from "~/web/action.server";
import { requireEmployer, roleInText } from "~/web/auth.server";
import {
  invitationButtonAction,
  toastOutcome,
} from "~/web/invitation-buttons.server";

// /settings/team (owners only): the company's employer-side members, their roles and last
// sign-in; invite a colleague with a role; change a role; remove a member (their sessions end
// at once). A company always keeps at least one owner.

const InviteMemberForm = island(() =>
  import("~/components/company/team-forms").then((m) => m.InviteMemberForm),
);
const TeamTable = island(() =>
  import("~/components/company/team-table").then((m) => m.TeamTable),
);
const InvitationsTable = island(() =>
  import("~/components/company/invitations-table").then(
    (m) => m.InvitationsTable,
  ),
);

export async function loader({ request }: LoaderFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const [members, invitations, invitationLanguage] = await Promise.all([
    listTeam(owner),
    listInvitations(owner, "MEMBER", 50),
    companyLanguage(owner, "MEMBER"),
  ]);
  const { language, i18n } = await pageI18n(
    request,
    ["settings", "invitations", "messages"],
    owner,
  );
  const never = serverT(language, "settings")("team.never");
  return json({
    i18n,
    selfId: owner.id,
    invitationLanguage,
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      role: m.role,
      lastSignInText: m.lastSignInAt
        ? formatDateTime(m.lastSignInAt, language)
        : never,
    })),
    invitations: invitations
      .filter((i) => i.status !== "ACCEPTED")
      .map((i) => ({
        ...i,
        sentText: formatDate(i.sentAt, language),
        expiresText: formatDate(i.expiresAt, language),
      })),
  });
}

type ActionData = { result: SubmissionResult<string[]> };

/**
 * What the owner is told: the member is gone, and which of the invitations they sent and the
 * API keys they created were revoked with them (translated whole by the `messages` catalogue).
 */
function removedMemberMessage({
  member,
  revokedInvitations,
  revokedApiKeys,
}: RemovedMember): string {
  const name = `${member.firstName} ${member.lastName}`;
  const invitations = revokedInvitations.map((i) => i.email).join(", ");
  const keys = revokedApiKeys.map((k) => k.name).join(", ");
  const gone = `${name} no longer belongs to the team; their sessions have ended.`;
  if (invitations && keys)
    return `${gone} Revoked with them: the invitations they sent to ${invitations}, and the API keys they created: ${keys}.`;
  if (invitations)
    return `${gone} Revoked with them: the invitations they sent to ${invitations}.`;
  if (keys)
    return `${gone} Revoked with them: the API keys they created: ${keys}.`;
  return gone;
}

export async function action({ request }: ActionFunctionArgs) {
  const owner = await requireEmployer(request, "team");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "change-role") {
    const submission = parseWithZod(formData, { schema: changeRoleSchema });
    if (submission.status !== "success")
      return redirectWithError(
        "/settings/team",
        "Not changed",
        "Choose a role",
      );
    const { memberId, role } = submission.value;
    return toastOutcome("/settings/team", async () => {
      const member = await changeMemberRole(owner, memberId, role);
      return redirectWithSuccess(
        "/settings/team",
        "Role changed",
        `${member.firstName} ${member.lastName} is now ${roleInText(role)}.`,
      );
    });
  }
  if (intent === "remove-member") {
    // Only the confirmation's button removes (the table's Remove opens it): a post without it
    // changes nothing.
    if (formData.get("confirmed") !== "yes")
      return redirectWithError(
        "/settings/team",
        "Not removed",
        "Confirm the removal with its button.",
      );
    const memberId = parseId(formData.get("memberId")) ?? 0;
    return toastOutcome("/settings/team", async () => {
      const removed = await removeMember(owner, memberId);
      return redirectWithSuccess(
        removed.member.id === owner.id ? "/auth" : "/settings/team",
        "Member removed",
        removedMemberMessage(removed),
      );
    });
  }
  if (intent === "resend-invitation" || intent === "revoke-invitation")
    return invitationButtonAction(
      owner,
      intent,
      parseId(formData.get("invitationId")) ?? 0,
      "/settings/team",
    );
  const submission = parseWithZod(formData, { schema: inviteMemberSchema });
  if (submission.status !== "success")
    return json<ActionData>({ result: submission.reply() }, { status: 400 });
  return attempt(
    async () => {
      const row = await inviteMember(owner, submission.value);
      return redirectWithSuccess(
        "/settings/team",
        "Invitation sent",
        `${row.email} will get an e-mail with a link that works for ${INVITATION_DAYS} days.`,
      );
    },
    (error): ActionData => ({
      result: replyToFailure(submission, error, {
        fields: true,
        conflictField: "email",
      }),
    }),
  );
}

export default function TeamPage() {
  const { members, invitations, selfId, invitationLanguage } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const t = useT("settings");
  return (
    <div className="space-y-6 [contain:inline-size]">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">
          {t("team.heading")}
        </h1>
        <p className="mt-1 text-gray-700">{t("team.intro")}</p>
      </div>
      <Card title={t("team.members")}>
        <TeamTable members={members} selfId={selfId} />
      </Card>
      <Card title={t("team.invite")}>
        <InviteMemberForm
          lastResult={actionData?.result}
          language={invitationLanguage}
        />
      </Card>
      {invitations.length > 0 ? (
        <Card title={t("team.invitations")}>
          <InvitationsTable
            invitations={invitations}
            action="/settings/team"
            caption={t("team.invitationsCaption")}
            emptyText={t("team.noInvitations")}
          />
        </Card>
      ) : null}
      <p className="text-sm text-gray-700">
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("team.back")}
        </Link>
      </p>
    </div>
  );
}

export const meta = translatedTitle("settings:titles.team");

export const ErrorBoundary = GeneralErrorBoundary;
