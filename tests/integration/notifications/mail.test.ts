import { sandboxLast4 } from "~/services/payments/sandbox.server";
import { subDays } from "date-fns";
import { and, eq, ne, sql } from "drizzle-orm";
import {
  cancelAdvance,
  expireUnpaidAdvances,
  applyApproval,
  approveAdvance,
  declineAdvance,
  requestAdvance,
  requestNoticeFacts,
} from "~/models/advances/index.server";
import {
  deliverMail,
  MailNotReady,
  notifyAdvanceApproved,
  notifyAdvanceCancelled,
  requeueMailWithoutJob,
  setEmailChoices,
} from "~/models/notifications/index.server";
import { sendDeductionReminders } from "~/models/repayments/index.server";
import { sendMonthlyReports } from "~/models/reports/index.server";
import {
  confirmMfaEnrolment,
  disableMfa,
  startMfaEnrolment,
  requestPasswordReset,
  resetPassword,
  updateProfile,
  createSession,
  getSessionUser,
} from "~/models/people/index.server";
import { run, type Runner } from "graphile-worker";
import { mailOutbox, passwordResetTokens, users } from "#db/schema";
import { startWorker, stopWorker } from "~/jobs/worker.server";
import {
  cronItems,
  REQUEUE_DELIVERIES_TASK,
  taskList,
} from "~/jobs/tasks.server";
import { workerLogger } from "~/jobs/worker-log.server";
import { runScheduledOnce, scheduleByTask } from "~/jobs/scheduled.server";
import { userMfa } from "#db/schema";
import { action as checkoutAction } from "~/routes/_app.checkout";
import { connection, db, queryRows } from "~/utils/db.server";
import { env, resetEnvCache } from "~/utils/env.server";
import { verifyPassword } from "~/utils/password.server";
import { RESET_LINK_INVALID } from "~/validation/password-reset";
import { useTestDatabase } from "#tests/support/db";
import {
  authenticatorCode,
  signInFromANewDevice,
} from "#tests/support/security";
import { insertAdvance } from "#tests/support/data";
import {
  TEST_PASSWORD,
  call,
  createEmployee,
  createEmployer,
  requestAs,
} from "#tests/support/factories";
import { useMailDelivery } from "#tests/support/mail-delivery";
import { companyIdOf } from "#tests/support/rows";

// E-mail through the job queue, against a real SMTP server on 127.0.0.1 and the real database
// (PGlite by default, PostgreSQL with TEST_DATABASE_URL: graphile-worker there).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const NEW_PASSWORD = "Basil-Lantern-62";

useTestDatabase();

const smtp = useMailDelivery();

// Each employee the factory adds is mailed a link to choose their own password (the Add
// Employee dialog's mail, tested in companies.test.ts): these tests look at the others.
const ACCOUNT_CREATED = /created your account/;
const to =
  (address: string) => (m: { to: string[]; mail: { subject?: string } }) =>
    m.to.includes(address) && !ACCOUNT_CREATED.test(m.mail.subject ?? "");
const about =
  (address: string, subject: RegExp) =>
  (m: { to: string[]; mail: { subject?: string } }) =>
    m.to.includes(address) && subject.test(m.mail.subject ?? "");

let seq = 0;
async function company({ delivered = true } = {}) {
  seq += 1;
  const employer = await createEmployer({ firstName: "Erica" });
  await db()
    .update(users)
    .set({ email: `boss${seq}-${employer.id}@example.com` })
    .where(eq(users.id, employer.id));
  const employee = await createEmployee(employer, {
    firstName: "Nadia",
    email: `nadia${seq}-${employer.id}@example.com`,
  });
  const [e] = await db().select().from(users).where(eq(users.id, employer.id));
  // The "choose your own password" mail is delivered before the test's own mails start.
  if (delivered)
    await smtp.waitFor(
      1,
      (m: { to: string[]; mail: { subject?: string } }) =>
        m.to.includes(employee.email) &&
        ACCOUNT_CREATED.test(m.mail.subject ?? ""),
    );
  return { employer: e, employee };
}

async function outboxRows(userId: number) {
  return db()
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, userId),
        ne(mailOutbox.kind, "account.created"),
      ),
    );
}

/**
 * Waits until outbox row `mailId` has failed `attempts` times, checks that its next try is put
 * off by at least `minDelaySeconds`, and brings that try forward. On PostgreSQL the try is
 * graphile-worker's job (key `mail:<id>`), on PGlite the row's own next_attempt_at.
 */
async function retryNow(
  mailId: number,
  attempts: number,
  minDelaySeconds: number,
) {
  const onPostgres = connection().kind === "postgres";
  for (let waited = 0; waited < 20_000; waited += 50) {
    const [due] = await queryRows<{ id: string; delay: number }>(
      db(),
      onPostgres
        ? sql`select id::text, extract(epoch from run_at - now())::float8 as delay
              from graphile_worker.jobs
              where key = ${`mail:${mailId}`} and attempts = ${attempts}
                and locked_at is null and last_error is not null`
        : sql`select id::text, extract(epoch from next_attempt_at - now())::float8 as delay
              from mail_outbox where id = ${mailId} and attempts = ${attempts}`,
    );
    if (due) {
      expect(due.delay).toBeGreaterThan(minDelaySeconds);
      await db().execute(
        onPostgres
          ? sql`select graphile_worker.reschedule_jobs(array[${due.id}]::bigint[], run_at := now())`
          : sql`update mail_outbox set next_attempt_at = now() where id = ${mailId}`,
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`mail ${mailId} did not fail ${attempts} times`);
}

describe("e-mail through the job queue", () => {
  it("a new request e-mails the employer; its approval e-mails the employee once", async () => {
    const { employer, employee } = await company();
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 2,
      reason: "Weekly shop",
    } as never);
    const [toEmployer] = await smtp.waitFor(
      1,
      about(employer.email, /New advance request/),
    );
    expect(toEmployer.mail.subject).toBe(
      "New advance request: Nadia Employee, $300.00",
    );
    expect(toEmployer.mail.text).toContain("Weekly shop");
    expect(toEmployer.mail.text).toContain(
      "https://app.groceryadvance.test/approvals",
    );
    // The employer turns it off in company settings: the unsubscribe link leads there.
    expect(toEmployer.mail.html).toContain(
      'href="https://app.groceryadvance.test/settings"',
    );

    await approveAdvance(employer, request.id);
    const [mail] = await smtp.waitFor(1, about(employee.email, /approved/));
    expect(mail.to).toEqual([employee.email]);
    expect(mail.from).toBe("mail@groceryadvance.test");
    expect(mail.mail.subject).toBe("Your $300.00 advance is approved");
    expect(mail.mail.text).toMatch(
      /approved your grocery advance of \$300\.00 on [A-Z][a-z]{2} [1-9]\d?, \d{4}/,
    );
    // Under the money model the schedule comes with the card, so approval says how it will go.
    expect(mail.mail.text).toContain(
      "2 payroll deductions, scheduled when your card is issued",
    );
    expect(mail.mail.text).toContain(
      "only the processing fee is authorized on your card",
    );
    expect(mail.mail.text).toContain(
      "The $300.00 goes onto your grocery card; it is never charged to your card.",
    );
    // HTML and plain text, the product's name, absolute links, no images or tracking.
    expect(mail.mail.html).toContain("Grocery Advance");
    expect(mail.mail.html).not.toMatch(/<img|<script/i);
    expect(mail.mail.html).toContain(
      'href="https://app.groceryadvance.test/profile#email-choices"',
    );
    expect(mail.mail.text).toContain("Unsubscribe or change them");

    // Later passes of the worker send nothing more.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter(to(employee.email))).toHaveLength(1);
    expect(smtp.received.filter(to(employer.email))).toHaveLength(1);
    const rows = await outboxRows(employee.id);
    expect(rows).toMatchObject([
      { kind: "advance.approved", status: "sent", attempts: 1 },
    ]);
  });

  it("refuses SMTP_URL without APP_URL, naming APP_URL: links in e-mail never come from a request", () => {
    const appUrl = process.env.APP_URL;
    delete process.env.APP_URL;
    resetEnvCache();
    try {
      expect(() => env()).toThrow(
        "Invalid environment: APP_URL: required when SMTP_URL is set",
      );
    } finally {
      process.env.APP_URL = appUrl;
      resetEnvCache();
    }
  });

  it("shows what users wrote as quoted values: a name kept to one line, a reason on indented lines, HTML escaped", async () => {
    const { employer, employee } = await company();
    // A name stored before single-line fields were enforced (the forms refuse it now).
    await db()
      .update(users)
      .set({ firstName: "Eve\r\nBcc: injected@evil.example" })
      .where(eq(users.id, employee.id));
    await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 1,
      reason: "Line one\nApproved by HR <b>now</b>",
    } as never);
    const [mail] = await smtp.waitFor(
      1,
      about(employer.email, /New advance request/),
    );
    const text = mail.mail.text ?? "";
    // No line of the text part starts with what the user wrote.
    for (const line of text.split("\n"))
      expect(line.startsWith("Bcc:"), line).toBe(false);
    expect(text).toContain(
      "Employee:\n    Eve  Bcc: injected@evil.example Employee\n",
    );
    expect(text).toContain(
      "Reason:\n    Line one\n    Approved by HR <b>now</b>\n",
    );
    expect(mail.mail.headers.get("bcc")).toBeUndefined();
    expect(mail.mail.html).toContain("Approved by HR &lt;b&gt;now&lt;/b&gt;");
    expect(mail.mail.html).not.toContain("<b>now</b>");
  });

  it("a cancelled request and an expired approval e-mail the employee once each", async () => {
    const { employer, employee } = await company();
    const pending = await insertAdvance(employee, { amount: "250.00" });
    await cancelAdvance(employee, pending.id);
    const [cancelled] = await smtp.waitFor(
      1,
      about(employee.email, /request cancelled/),
    );
    expect(cancelled.mail.subject).toBe(
      "Your $250.00 advance request cancelled",
    );
    expect(cancelled.mail.text).toContain("was cancelled on");

    const unpaid = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      approverId: employer.id,
      requestDate: subDays(new Date(), 9),
      approvalDate: subDays(new Date(), 9),
    });
    await expireUnpaidAdvances();
    await expireUnpaidAdvances();
    const [expired] = await smtp.waitFor(
      1,
      about(employee.email, /request expired/),
    );
    expect(expired.mail.subject).toBe("Your $200.00 advance request expired");
    expect(expired.mail.text).toContain(
      "was not paid for at checkout within 7 days of its approval",
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.received.filter(
        about(employee.email, /request (cancelled|expired)/),
      ),
    ).toHaveLength(2);
    expect(unpaid.id).toBeGreaterThan(pending.id);
  });

  it("a decline e-mails the reason; an employee who turned decisions off gets nothing", async () => {
    const { employer, employee } = await company();
    const first = await insertAdvance(employee, { amount: "250.00" });
    await declineAdvance(employer, first.id, "Over the monthly budget");
    const [mail] = await smtp.waitFor(1, to(employee.email));
    expect(mail.mail.subject).toBe("Your $250.00 advance request was declined");
    // What the employer wrote is quoted under its label, never a line of the product's own.
    expect(mail.mail.text).toContain("Reason:\n    Over the monthly budget\n");

    await setEmailChoices(employee, { decisions: false, deductions: true });
    const second = await insertAdvance(employee, { amount: "220.00" });
    await declineAdvance(employer, second.id, "No");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter(to(employee.email))).toHaveLength(1);
  });

  it("an employer who turned 'new advance requests' off is not e-mailed", async () => {
    const { employer, employee } = await company();
    await db().execute(
      sql`update companies set notify_new_requests = false where id = ${companyIdOf(employer)}`,
    );
    await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    } as never);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter(to(employer.email))).toHaveLength(0);
  });

  it("an action that rolls back sends nothing", async () => {
    const { employer, employee } = await company();
    const request = await insertAdvance(employee, { amount: "300.00" });
    await expect(
      db().transaction(async (tx) => {
        await applyApproval(tx, request.id, employer.id);
        await notifyAdvanceApproved(
          tx,
          await requestNoticeFacts(tx, request.id),
        );
        throw new Error("something later in the action failed");
      }),
    ).rejects.toThrow("something later");
    await new Promise((r) => setTimeout(r, 700));
    expect(await outboxRows(employee.id)).toEqual([]);
    expect(smtp.received.filter(to(employee.email))).toHaveLength(0);
    if (onPostgres) {
      const jobs = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from graphile_worker.jobs`,
      );
      expect(jobs[0].n).toBe(0);
    }
  });

  it("a mail server that fails twice is retried with backoff, and the e-mail arrives once", async () => {
    const { employee } = await company();
    const request = await insertAdvance(employee, { amount: "300.00" });
    smtp.failNext(2);
    await db().transaction(async (tx) => {
      await notifyAdvanceCancelled(
        tx,
        await requestNoticeFacts(tx, request.id),
        "expired",
      );
    });
    // Each failure puts the next try off (graphile-worker: e^attempts seconds, 2.7 then 7.4;
    // the embedded loop: 2^attempts, 2 then 4). The test checks that the delay is there, then
    // brings the try forward rather than waiting it out.
    const [queued] = await outboxRows(employee.id);
    await retryNow(queued.id, 1, 1.5);
    await retryNow(queued.id, 2, 3.5);
    const [mail] = await smtp.waitFor(1, to(employee.email), 20_000);
    expect(mail.mail.subject).toBe("Your $300.00 advance request expired");
    expect(mail.mail.text).toContain("expired on");
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received.filter(to(employee.email))).toHaveLength(1);
    const [row] = await outboxRows(employee.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3 });
    expect(row.lastError).toBeNull();
  }, 60_000);

  it("a delivery job run twice (even at once) sends one e-mail", async () => {
    await stopWorker();
    try {
      const { employer, employee } = await company({ delivered: false });
      const request = await insertAdvance(employee, { amount: "300.00" });
      await approveAdvance(employer, request.id);
      const [row] = await outboxRows(employee.id);
      const results = await Promise.allSettled([
        deliverMail(row.id),
        deliverMail(row.id),
      ]);
      // One sends. The other finds the row held and asks to be run again later (never "done"
      // while the mail could still fail), or, when it came after (PGlite's one connection runs
      // them in turn), finds it sent.
      const outcomes = results.map((r) =>
        r.status === "fulfilled" ? r.value : (r.reason as Error).name,
      );
      expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
      expect(outcomes.filter((o) => o !== "sent")).toEqual([
        expect.stringMatching(/^(MailNotReady|skipped)$/),
      ]);
      expect(await deliverMail(row.id)).toBe("skipped");
      expect(smtp.received.filter(to(employee.email))).toHaveLength(1);
      const [after] = await outboxRows(employee.id);
      expect(after).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await startWorker({ pollMs: 100, schedules: false });
    }
  });

  it("a delivery that does not find its e-mail is run again later, not counted as done or as an attempt", async () => {
    const [{ max }] = await queryRows<{ max: number }>(
      db(),
      sql`select coalesce(max(id), 0)::int as max from mail_outbox`,
    );
    await expect(deliverMail(max + 1000)).rejects.toBeInstanceOf(MailNotReady);
  });

  it.skipIf(!onPostgres)(
    "a pending e-mail whose job is gone gets one again from the sweep and arrives once",
    async () => {
      await stopWorker();
      let address = "";
      let mailId = 0;
      try {
        const { employer, employee } = await company({ delivered: false });
        address = employee.email;
        const request = await insertAdvance(employee, { amount: "300.00" });
        await approveAdvance(employer, request.id);
        const [row] = await outboxRows(employee.id);
        mailId = row.id;
        // A job finished against a server that did not have the row (the second after a
        // failover when two servers answer as the primary): the row is pending, its job gone.
        await db().execute(
          sql`select graphile_worker.remove_job(${`mail:${row.id}`})`,
        );
        // The sweep as the crontab runs it, every minute.
        expect(
          cronItems().map((item) => [item.identifier, item.match]),
        ).toContainEqual([REQUEUE_DELIVERIES_TASK, expect.any(Function)]);
        const sweep = taskList[REQUEUE_DELIVERIES_TASK] as (
          payload: unknown,
        ) => Promise<void>;
        await sweep({});
        const jobs = await queryRows<{ key: string }>(
          db(),
          sql`select key from graphile_worker.jobs where key = ${`mail:${row.id}`}`,
        );
        expect(jobs).toHaveLength(1);
        // Given its job, it is left alone by the next sweep.
        expect(await requeueMailWithoutJob()).not.toContain(row.id);
      } finally {
        await startWorker({ pollMs: 100, schedules: false });
      }
      await smtp.waitFor(1, to(address));
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received.filter(to(address))).toHaveLength(1);
      const [sent] = await db()
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, mailId));
      expect(sent.status).toBe("sent");
      // A sent e-mail is never given a job.
      expect(await requeueMailWithoutJob()).not.toContain(mailId);
    },
  );

  it.skipIf(!onPostgres)(
    "two instances' workers send each e-mail once",
    async () => {
      const conn = connection();
      if (conn.kind !== "postgres") throw new Error("PostgreSQL only");
      // A second instance's worker beside this process's one.
      const other: Runner = await run({
        connectionString: conn.url,
        concurrency: 4,
        noHandleSignals: true,
        taskList,
        pollInterval: 200,
        logger: workerLogger,
      });
      try {
        const { employer, employee } = await company();
        const requests = await Promise.all(
          Array.from({ length: 6 }, () =>
            insertAdvance(employee, { amount: "50.00" }),
          ),
        );
        for (const r of requests) await approveAdvance(employer, r.id);
        const mails = await smtp.waitFor(6, to(employee.email));
        await new Promise((r) => setTimeout(r, 1000));
        expect(smtp.received.filter(to(employee.email))).toHaveLength(6);
        expect(new Set(mails.map((m) => m.mail.messageId)).size).toBe(6);
      } finally {
        await other.stop();
      }
    },
  );

  it("e-mails the card (masked), a password change, and a new device", async () => {
    const { employer, employee } = await company();
    const request = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      approverId: employer.id,
    });
    const res = await call(
      checkoutAction,
      await requestAs(
        employee,
        `/checkout?amount=300.00&requestId=${request.id}`,
        {
          form: {
            intent: "pay",
            amount: "300.00",
            requestId: String(request.id),
            cardNumber: "4242 4242 4242 4242",
            expiry: "12 / 39",
            cvc: "123",
          },
        },
      ),
    );
    expect(res.status).toBe(302);
    const [card] = await smtp.waitFor(1, about(employee.email, /grocery card/));
    expect(card.mail.subject).toBe("Your $300.00 grocery card is ready");
    expect(card.mail.text).toContain(
      `Card: •••• •••• •••• ${sandboxLast4(request.id)}`,
    );
    expect(card.mail.text).toContain("Where it works: Grocery stores only");
    // What was charged (the fee) and what payroll will take, and when.
    expect(card.mail.text).toContain(
      "Charged to your card: $15.99 processing fee (the advance itself was not charged to your card)",
    );
    expect(card.mail.text).toMatch(
      /Payroll deduction: \$300\.00 on [A-Z][a-z]{2} [1-9]\d?, \d{4}/,
    );
    expect(card.mail.text).not.toMatch(/4242 4242 4242 4242/);

    const session = await createSession(employee.id, {
      remember: false,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0",
    });
    await updateProfile(
      employee,
      {
        firstName: "Nadia",
        lastName: "Employee",
        email: employee.email,
        department: "Produce",
        currentPassword: TEST_PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      } as never,
      { sessionId: session.session.id, address: null },
    );
    const [changed] = await smtp.waitFor(
      1,
      about(employee.email, /password was changed/),
    );
    expect(changed.mail.text).toContain("Your password was changed on");
    // Security mail is not optional: no unsubscribe link.
    expect(changed.mail.text).not.toContain("Unsubscribe");

    // The same browser again: no notice; another one: a notice naming it.
    await signInFromANewDevice({
      username: employee.username,
      password: NEW_PASSWORD,
    });
    const [device] = await smtp.waitFor(
      1,
      about(employee.email, /New sign-in/),
    );
    expect(device.mail.subject).toBe(
      "New sign-in to Grocery Advance from Chrome on Windows",
    );
    expect(device.mail.text).toContain("Address: 203.0.113.9");
    // An employee's sessions are on /profile.
    expect(device.mail.text).toContain("/profile");
    await new Promise((r) => setTimeout(r, 400));
    expect(
      smtp.received.filter(about(employee.email, /New sign-in/)),
    ).toHaveLength(1);
  });
});

describe("two-factor sign-in e-mails", () => {
  it("turning two-factor on and off e-mails the account each time", async () => {
    const { employer } = await company();
    await startMfaEnrolment(employer);
    const [row] = await db()
      .select()
      .from(userMfa)
      .where(eq(userMfa.userId, employer.id));
    const code = (steps: number) => authenticatorCode(row.secret, steps);
    await confirmMfaEnrolment(employer, code(0));
    const [on] = await smtp.waitFor(1, about(employer.email, /turned on/));
    expect(on.mail.subject).toBe("Two-factor sign-in turned on");
    expect(on.mail.text).toContain("If this was not you");
    // Two-factor sign-in is the employer's, in Settings › Security (they have no /profile).
    expect(on.mail.text).toContain("/settings#security");
    expect(on.mail.text).not.toContain("/profile");

    await disableMfa(
      employer,
      { password: TEST_PASSWORD, code: code(1) },
      "198.51.100.3",
    );
    const [off] = await smtp.waitFor(1, about(employer.email, /turned off/));
    expect(off.mail.subject).toBe("Two-factor sign-in turned off");
  });
});

describe("password reset by e-mail", () => {
  async function linkFrom(address: string, count = 1) {
    const mails = await smtp.waitFor(count, about(address, /Reset your/));
    const text = mails[count - 1].mail.text ?? "";
    const link = text.match(
      /https:\/\/app\.groceryadvance\.test\/reset-password\?token=[\w%-]+/,
    );
    expect(link).not.toBeNull();
    return new URL(link![0]);
  }

  it("e-mails a single-use link that sets a new password and signs out every session", async () => {
    const { employee } = await company();
    const one = await createSession(employee.id, { remember: true });
    const two = await createSession(employee.id, { remember: false });
    // The Add Employee dialog's "choose your own password" link is a token already.
    const earlier = await db()
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, employee.id));

    await requestPasswordReset(employee.username.toUpperCase(), "198.51.100.7");
    const link = await linkFrom(employee.email);
    const token = link.searchParams.get("token")!;
    // Only the hash is stored.
    const stored = (
      await db()
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, employee.id))
    ).filter((t) => !earlier.some((e) => e.id === t.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(
      30 * 60 * 1000,
    );
    // Once delivered, the link is not kept in the outbox either.
    const [row] = (await outboxRows(employee.id)).filter(
      (r) => r.kind === "password.reset",
    );
    await expect
      .poll(
        async () =>
          (await outboxRows(employee.id)).find((r) => r.id === row.id)?.text,
      )
      .not.toContain(token);

    await resetPassword({
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    const [user] = await db()
      .select()
      .from(users)
      .where(eq(users.id, employee.id));
    expect(await verifyPassword(NEW_PASSWORD, user.password)).toBe(true);
    expect(await getSessionUser(one.token)).toBeNull();
    expect(await getSessionUser(two.token)).toBeNull();
    const [notice] = await smtp.waitFor(
      1,
      about(employee.email, /password was changed/),
    );
    expect(notice.mail.text).toContain("reset with an e-mail link");

    // A second use fails and changes nothing.
    await expect(
      resetPassword({
        token,
        password: "Pantry-Ledger-58x",
        confirmPassword: "Pantry-Ledger-58x",
      }),
    ).rejects.toThrow(RESET_LINK_INVALID);
  });

  it("a link expires after 30 minutes", async () => {
    const { employee } = await company();
    await requestPasswordReset(employee.email, "198.51.100.8");
    const token = (await linkFrom(employee.email)).searchParams.get("token")!;
    await db()
      .update(passwordResetTokens)
      .set({
        createdAt: sql`now() - interval '31 minutes'`,
        expiresAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(passwordResetTokens.userId, employee.id));
    await expect(
      resetPassword({
        token,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).rejects.toThrow(RESET_LINK_INVALID);
  });

  it("answers the same for unknown accounts, and e-mails an account at most 3 times per window", async () => {
    const { employee } = await company();
    await expect(
      requestPasswordReset("nobody-here@example.com", "198.51.100.9"),
    ).resolves.toBeUndefined();
    for (let i = 0; i < 5; i++)
      await expect(
        requestPasswordReset(employee.username, `198.51.100.${20 + i}`),
      ).resolves.toBeUndefined();
    await smtp.waitFor(3, about(employee.email, /Reset your/));
    await new Promise((r) => setTimeout(r, 700));
    expect(
      smtp.received.filter(about(employee.email, /Reset your/)),
    ).toHaveLength(3);
  });

  it("refuses too many requests from one address with 429", async () => {
    for (let i = 0; i < 10; i++)
      await requestPasswordReset(`nobody${i}@example.com`, "192.0.2.77");
    await expect(
      requestPasswordReset("nobody@example.com", "192.0.2.77"),
    ).rejects.toMatchObject({ status: 429 });
  });
});

describe("scheduled jobs", () => {
  it("the scheduled payroll runs once for a payroll date across two workers", async () => {
    const { employer, employee } = await company();
    const request = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      approverId: employer.id,
      carded: true,
    });
    // Its deduction falls due today, the company's pay date.
    await db().execute(
      sql`update payroll_deductions set deduction_date = now() - interval '1 hour' where request_id = ${request.id}`,
    );
    await db().execute(
      sql`update companies set next_pay_date = current_date where id = ${companyIdOf(employer)}`,
    );
    const at = new Date();
    at.setUTCHours(0, 5, 0, 0);
    const period = at.toISOString().slice(0, 10);
    await db().execute(
      sql`delete from scheduled_runs where task = 'scheduled-payroll' and period = ${period}`,
    );
    const conn = connection();
    if (conn.kind === "postgres") {
      // Two instances' workers with the crontab; the job fired twice (as two backfills would).
      const runners = await Promise.all(
        [0, 1].map(() =>
          run({
            connectionString: conn.url,
            concurrency: 2,
            noHandleSignals: true,
            taskList,
            parsedCronItems: cronItems(),
            pollInterval: 200,
            logger: workerLogger,
          }),
        ),
      );
      try {
        const payload = { _cron: { ts: at.toISOString(), backfilled: false } };
        await Promise.all(
          runners.map((r) => r.addJob("scheduled-payroll", payload)),
        );
        await expect
          .poll(
            async () => {
              const [row] = await queryRows<{ finished: boolean }>(
                db(),
                sql`select finished_at is not null as finished from scheduled_runs
                  where task = 'scheduled-payroll' and period = ${period}`,
              );
              const [jobs] = await queryRows<{ n: number }>(
                db(),
                sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'scheduled-payroll'`,
              );
              return Boolean(row?.finished) && jobs.n === 0;
            },
            { timeout: 20_000 },
          )
          .toBe(true);
      } finally {
        await Promise.all(runners.map((r) => r.stop()));
      }
    } else {
      const schedule = scheduleByTask("scheduled-payroll")!;
      const ran = await Promise.all([
        runScheduledOnce(schedule, at),
        runScheduledOnce(schedule, at),
      ]);
      expect(ran.sort()).toEqual([false, true]);
    }
    const runs = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_events where action = 'payroll_run.created' and employer_id = ${companyIdOf(employer)}`,
    );
    expect(runs[0].n).toBe(1);
    // The admins learn that the file is ready; nothing is recorded as collected.
    const [summary] = await smtp.waitFor(
      1,
      about(employer.email, /Payroll file ready/),
    );
    expect(summary.mail.text).toContain("Total to deduct: $300.00");
    await new Promise((r) => setTimeout(r, 500));
    expect(
      smtp.received.filter(about(employer.email, /Payroll file ready/)),
    ).toHaveLength(1);
    const [deduction] = await queryRows<{ status: string }>(
      db(),
      sql`select status from payroll_deductions where request_id = ${request.id}`,
    );
    expect(deduction.status).toBe("SUBMITTED");
  }, 40_000);

  it("reminds of a deduction 2 days ahead once, and sends the monthly report once", async () => {
    const { employer, employee } = await company();
    const request = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      approverId: employer.id,
      carded: true,
    });
    const inTwoDays = new Date();
    inTwoDays.setDate(inTwoDays.getDate() + 2);
    inTwoDays.setHours(12, 0, 0, 0);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${inTwoDays.toISOString()}::timestamptz where request_id = ${request.id}`,
    );
    await sendDeductionReminders(new Date(), 2);
    await sendDeductionReminders(new Date(), 2);
    const [reminder] = await smtp.waitFor(
      1,
      about(employee.email, /will be deducted/),
    );
    expect(reminder.mail.subject).toMatch(
      /^\$200\.00 will be deducted from your pay on /,
    );

    await sendMonthlyReports(new Date());
    await sendMonthlyReports(new Date());
    const [report] = await smtp.waitFor(1, about(employer.email, /report for/));
    expect(report.mail.text).toContain("Requests approved: 1");
    expect(report.mail.text).toContain("Amount approved: $200.00");
    await new Promise((r) => setTimeout(r, 500));
    // One reminder (the card's own e-mail came when it was issued).
    expect(
      smtp.received.filter(about(employee.email, /will be deducted/)),
    ).toHaveLength(1);
    expect(
      smtp.received.filter(about(employer.email, /report for/)),
    ).toHaveLength(1);
  });
});
