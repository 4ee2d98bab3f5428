import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { EmptyRow, Table, Td } from "~/components/ui/table";
import { getOwnMail, listOwnMail } from "~/models/notifications/index.server";
import { requireUser } from "~/web/auth.server";
import { formatDateTime } from "~/utils/dates";
import { translatedTitle, useT } from "~/utils/i18n";
import { serverT } from "~/utils/i18n.server";
import { pageI18n } from "~/web/language.server";

// /outbox: the e-mails sent to the signed-in user, and each one's text. Without SMTP_URL this
// is where every e-mail goes; only the recipient can read them.
// An invitation is listed under its inviter (its recipient has no account yet), to say that it
// went and to whom, never with its link; a delivered mail's link is not kept (decision 0097).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { language, i18n } = await pageI18n(request, ["outbox"], user);
  const t = serverT(language, "outbox");
  const raw = new URL(request.url).searchParams.get("mail");
  const mails = await listOwnMail(user.id);
  let open = null;
  if (raw !== null) {
    const id = Number(raw);
    const mail =
      Number.isSafeInteger(id) && id > 0 ? await getOwnMail(user.id, id) : null;
    if (!mail) throw json({ message: t("notFound") }, { status: 404 });
    open = {
      id: mail.id,
      subject: mail.subject,
      to: mail.toAddress,
      time: formatDateTime(mail.createdAt, language),
      text: mail.text,
      withheld: mail.withheld,
    };
  }
  return json({
    i18n,
    open,
    mails: mails.map((m) => ({
      id: m.id,
      subject: m.subject,
      to: m.toAddress,
      time: formatDateTime(m.createdAt, language),
      iso: m.createdAt.toISOString(),
      status: m.status,
    })),
  });
}

/** The text part, with its addresses as links. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <pre className="whitespace-pre-wrap break-words font-sans text-sm text-gray-900">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

export default function OutboxPage() {
  const { mails, open } = useLoaderData<typeof loader>();
  const t = useT("outbox");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("heading")}</h1>
        <p className="mt-1 text-sm text-gray-700">{t("intro")}</p>
      </div>
      {open ? (
        <Card
          title={open.subject}
          actions={
            <Link to="/outbox" className="text-sm text-brand-700 underline">
              {t("close")}
            </Link>
          }
        >
          <p className="mb-3 text-sm text-gray-600">
            {t("to", { to: open.to, time: open.time })}
          </p>
          {open.text !== null ? (
            <TextWithLinks text={open.text} />
          ) : (
            <p className="text-sm text-gray-700">
              {t(`withheld.${open.withheld ?? "delivered"}`, { to: open.to })}
            </p>
          )}
        </Card>
      ) : null}
      <Card title={t("latest", { count: mails.length })}>
        <Table
          caption={t("caption")}
          head={[
            t("columns.time"),
            t("columns.subject"),
            t("columns.to"),
            t("columns.status"),
          ]}
        >
          {mails.length === 0 ? (
            <EmptyRow colSpan={4}>{t("empty")}</EmptyRow>
          ) : (
            mails.map((m) => (
              <tr key={m.id}>
                <Td>
                  <time dateTime={m.iso}>{m.time}</time>
                </Td>
                <Td className="!whitespace-normal">
                  <Link
                    to={`/outbox?mail=${m.id}`}
                    className="text-brand-700 underline"
                  >
                    {m.subject}
                  </Link>
                </Td>
                <Td>{m.to}</Td>
                <Td>{t(`status.${m.status}`)}</Td>
              </tr>
            ))
          )}
        </Table>
      </Card>
    </div>
  );
}

export const meta = translatedTitle("common:titles.outbox");

export const ErrorBoundary = GeneralErrorBoundary;
