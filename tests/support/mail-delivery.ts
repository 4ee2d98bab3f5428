import { startWorker, stopWorker } from "~/jobs/worker.server";
import { closeSmtp } from "~/services/mail/transport.server";
import { resetEnvCache } from "~/utils/env.server";
import { startSmtpServer, type SmtpServer } from "./smtp";

/** The app's links in mails sent by these tests. */
const MAIL_APP_URL = "https://app.groceryadvance.test";

const KEYS = ["SMTP_URL", "MAIL_FROM", "APP_URL"] as const;

/**
 * Mail as it really goes in a test file: a real SMTP receiver on 127.0.0.1, the app pointed at
 * it, and the job queue's worker running (mails are jobs). Call after useTestDatabase(); the
 * returned receiver is the one started for the file.
 */
export function useMailDelivery(): Pick<
  SmtpServer,
  "received" | "failNext" | "waitFor"
> {
  let server: SmtpServer | undefined;
  const saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    server = await startSmtpServer();
    for (const key of KEYS) saved[key] = process.env[key];
    process.env.SMTP_URL = server.url;
    process.env.MAIL_FROM = "Grocery Advance <mail@groceryadvance.test>";
    process.env.APP_URL = MAIL_APP_URL;
    resetEnvCache();
    await startWorker({ pollMs: 100, schedules: false });
  });
  afterAll(async () => {
    await stopWorker();
    closeSmtp();
    await server?.close();
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetEnvCache();
  });
  const current = () => {
    if (!server) throw new Error("the SMTP receiver starts in beforeAll");
    return server;
  };
  return {
    get received() {
      return current().received;
    },
    failNext: (n) => current().failNext(n),
    waitFor: (...args) => current().waitFor(...args),
  };
}
