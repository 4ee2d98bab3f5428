import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/utils/env.server";

// SMTP delivery with nodemailer (SMTP_URL, e.g. smtp://user:pass@smtp.example.com:587 or
// smtps://…:465). One pooled transport per process and URL.

let cached: { url: string; transport: Transporter } | undefined;

export function smtpConfigured(): boolean {
  return Boolean(env().SMTP_URL);
}

function transport(): Transporter {
  const url = env().SMTP_URL;
  if (!url) throw new Error("SMTP_URL is not set");
  if (!cached || cached.url !== url) {
    cached?.transport.close();
    cached = {
      url,
      transport: nodemailer.createTransport(url, {
        // Fail a job quickly rather than hold a worker slot: the queue retries with backoff.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as never),
    };
  }
  return cached.transport;
}

export type OutgoingMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per e-mail, so a receiving server can recognise a repeat. */
  messageId: string;
};

export async function sendSmtp(mail: OutgoingMail): Promise<void> {
  await transport().sendMail({
    from: env().MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
  });
}

export function closeSmtp() {
  cached?.transport.close();
  cached = undefined;
}
