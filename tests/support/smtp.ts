import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  from: string;
  mail: ParsedMail;
};

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. `failNext(n)`
 * answers the next n messages with a temporary failure (451), as a busy mail server would.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (failures > 0) {
          failures -= 1;
          const error = new Error("Try again later") as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom
                ? session.envelope.mailFrom.address
                : "",
              mail,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    /** Waits until `count` messages matching `filter` arrived (or fails after `ms`). */
    async waitFor(
      count: number,
      filter: (m: ReceivedMail) => boolean = () => true,
      ms = 20_000,
    ): Promise<ReceivedMail[]> {
      const start = Date.now();
      for (;;) {
        const matching = received.filter(filter);
        if (matching.length >= count) return matching;
        if (Date.now() - start > ms)
          throw new Error(
            `expected ${count} e-mails, got ${matching.length}: ${received.map((r) => r.mail.subject).join(" | ")}`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
