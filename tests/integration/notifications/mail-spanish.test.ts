import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import {
  approveAdvance,
  declineAdvance,
  cancelAdvance,
  requestAdvance,
  requestNoticeFacts,
} from "~/models/advances/index.server";
import { inviteEmployee, addEmployee } from "~/models/companies/index.server";
import { notifyCardNotIssued } from "~/models/notifications/index.server";
import { sendDeductionReminders } from "~/models/repayments/index.server";
import { sendMonthlyReports } from "~/models/reports/index.server";
import {
  confirmMfaEnrolment,
  disableMfa,
  requestPasswordReset,
  setUserLanguage,
  startMfaEnrolment,
  updateProfile,
} from "~/models/people/index.server";
import { userMfa } from "#db/schema";
import { createPayrollRun } from "~/models/payroll/index.server";
import { action as checkoutAction } from "~/routes/_app.checkout";
import { action as profileAction } from "~/routes/_app.profile";
import { db } from "~/utils/db.server";
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
  uniqueName,
} from "#tests/support/factories";
import { useMailDelivery } from "#tests/support/mail-delivery";

// The mails of a whole journey for people who chose Spanish, on a real SMTP server through the
// job queue: the invitation (in
// the inviter's language), the approval, the card issued, the deduction reminder and the
// password reset; then a decline, a cancel, a card that could not be issued and a password
// change for an employee who chose Spanish on /profile; and the employer side's mails.
// Subjects, bodies (HTML and text) and the layout's own words are Spanish; money and dates
// are formatted for es-US.

// One database is enough: what is checked is the language of each mail's words; the mails go
// through the same job queue and SMTP path that tests/integration/notifications/mail.test.ts tests
// on both. (.ci/run runs it on PostgreSQL only.)
useTestDatabase();

const smtp = useMailDelivery();

type Received = {
  to: string[];
  mail: { subject?: string; text?: string; html?: string | false };
};
const about = (address: string, subject: RegExp) => (m: Received) =>
  m.to.includes(address) && subject.test(m.mail.subject ?? "");

/** English the layout or a template would leave behind. */
const ENGLISH =
  /\b(Hi|Amount|Unsubscribe|approved|deducted|Reset your|invites you|Charged to your card|Payroll deduction|Or open this address)\b/;

async function spanishCompany() {
  const employer = await createEmployer({ firstName: "Elena" });
  const employee = await createEmployee(employer, {
    firstName: "Rosa",
    email: `rosa-${employer.id}@example.com`,
  });
  const buyer = await createEmployee(employer, {
    firstName: "Marta",
    email: `marta-${employer.id}@example.com`,
  });
  for (const user of [employer, employee, buyer])
    await setUserLanguage(user.id, "es");
  const reread = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0];
  return {
    employer: await reread(employer.id),
    employee: await reread(employee.id),
    buyer: await reread(buyer.id),
  };
}

describe("the mails of a journey, for people who chose Spanish", () => {
  it("invitation, approval, card issued, deduction reminder and password reset arrive in Spanish", async () => {
    const { employer, employee, buyer } = await spanishCompany();

    // The invitation: in the language the inviter chose for it.
    const invitee = `nuevo-${employer.id}@example.com`;
    await inviteEmployee(employer, {
      email: invitee,
      firstName: "Luis",
      language: "es",
    } as never);
    const [invitation] = await smtp.waitFor(1, about(invitee, /te invita/));
    expect(invitation.mail.subject).toMatch(/^.+ te invita a Grocery Advance$/);
    expect(invitation.mail.text).toContain("Hola, Luis:");
    expect(invitation.mail.text).toContain(
      "El enlace de abajo sirve una sola vez",
    );
    expect(invitation.mail.html).toContain('<html lang="es">');
    expect(invitation.mail.text).not.toMatch(ENGLISH);

    // The approval.
    const request = await requestAdvance(employee, {
      amount: "200.00",
      repaymentPeriods: 2,
      reason: "Compras de la semana",
    } as never);
    await approveAdvance(employer, request.id);
    const [approved] = await smtp.waitFor(1, about(employee.email, /aprobado/));
    expect(approved.mail.subject).toBe("Tu adelanto de $200.00 está aprobado");
    expect(approved.mail.text).toContain("Hola, Rosa:");
    expect(approved.mail.text).toMatch(
      /Tu empleador aprobó tu adelanto para el supermercado de \$200\.00 el \d{1,2} [a-z]{3} \d{4}\./,
    );
    expect(approved.mail.text).toContain(
      "2 descuentos de nómina, programados cuando se emita tu tarjeta",
    );
    expect(approved.mail.text).toContain("Date de baja o cámbialas");
    expect(approved.mail.text).not.toMatch(ENGLISH);
    expect(approved.mail.html).not.toMatch(ENGLISH);

    // The card issued (checkout pays the fee).
    const paid = await insertAdvance(buyer, {
      amount: "300.00",
      status: "APPROVED",
      approverId: employer.id,
    });
    const res = await call(
      checkoutAction,
      await requestAs(buyer, `/checkout?amount=300.00&requestId=${paid.id}`, {
        form: {
          intent: "pay",
          amount: "300.00",
          requestId: String(paid.id),
          cardNumber: "4242 4242 4242 4242",
          expiry: "12 / 39",
          cvc: "123",
        },
      }),
    );
    expect(res.status).toBe(302);
    const [card] = await smtp.waitFor(
      1,
      about(buyer.email, /tarjeta de supermercado/),
    );
    expect(card.mail.subject).toBe(
      "Tu tarjeta de supermercado de $300.00 está lista",
    );
    expect(card.mail.text).toContain("Dónde se puede usar: Solo supermercados");
    expect(card.mail.text).toContain(
      "Cobrado a tu tarjeta: Cargo por servicio de $15.99 (el adelanto no se cobró a tu tarjeta)",
    );
    expect(card.mail.text).toMatch(
      /Descuento de nómina: \$300\.00 el \d{1,2} [a-z]{3} \d{4}/,
    );
    expect(card.mail.text).not.toMatch(ENGLISH);

    // The deduction reminder, two days ahead.
    const carded = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      approverId: employer.id,
      carded: true,
    });
    const inTwoDays = new Date();
    inTwoDays.setDate(inTwoDays.getDate() + 2);
    inTwoDays.setHours(12, 0, 0, 0);
    await db().execute(
      sql`update payroll_deductions set deduction_date = ${inTwoDays.toISOString()}::timestamptz where request_id = ${carded.id}`,
    );
    await sendDeductionReminders(new Date(), 2);
    const [reminder] = await smtp.waitFor(
      1,
      about(employee.email, /Se descontarán/),
    );
    expect(reminder.mail.subject).toMatch(
      /^Se descontarán \$200\.00 de tu sueldo el \d{1,2} [a-z]{3} \d{4}$/,
    );
    expect(reminder.mail.text).not.toMatch(ENGLISH);

    // The password reset.
    await requestPasswordReset(employee.username, null);
    const [reset] = await smtp.waitFor(1, about(employee.email, /Restablece/));
    expect(reset.mail.subject).toBe(
      "Restablece tu contraseña de Grocery Advance",
    );
    expect(reset.mail.text).toContain("durante 30 minutos");
    expect(reset.mail.text).toContain(
      "Este es un mensaje de seguridad de tu cuenta de Grocery Advance",
    );
    expect(reset.mail.text).not.toMatch(ENGLISH);
  });

  it("declined, cancelled, card not issued and password changed arrive in Spanish for an employee who chose it on /profile", async () => {
    const employer = await createEmployer({ firstName: "Elena" });
    const chosen = await createEmployee(employer, {
      firstName: "Rosa",
      email: `rosa-profile-${employer.id}@example.com`,
    });
    // The preference, chosen with the profile's language form.
    const saved = await call(
      profileAction,
      await requestAs(chosen, "/profile", {
        form: { intent: "language", language: "es" },
      }),
    );
    expect(saved.status).toBe(302);
    const employee = (
      await db().select().from(users).where(eq(users.id, chosen.id))
    )[0];
    expect(employee.language).toBe("es");
    const SPANISH_ENGLISH =
      /\b(Your|was declined|cancelled|could not be issued|password was changed|See your requests|Reason|Nothing was charged)\b/;

    // Declined, with the employer's reason quoted as written.
    const declined = await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 1,
    } as never);
    await declineAdvance(employer, declined.id, "Over this month's budget");
    const [no] = await smtp.waitFor(1, about(employee.email, /rechazada/));
    expect(no.mail.subject).toBe(
      "Tu solicitud de adelanto de $250.00 fue rechazada",
    );
    expect(no.mail.text).toContain("Hola, Rosa:");
    expect(no.mail.text).toMatch(
      /Tu empleador rechazó tu solicitud de adelanto para el supermercado de \$250\.00 el \d{1,2} [a-z]{3} \d{4}\./,
    );
    expect(no.mail.text).toContain("Over this month's budget");
    expect(no.mail.text).toContain("Ver tus solicitudes");
    expect(no.mail.html).toContain('<html lang="es">');
    expect(no.mail.text?.replace("Over this month's budget", "")).not.toMatch(
      ENGLISH,
    );

    // Cancelled by the employee.
    const cancelled = await requestAdvance(employee, {
      amount: "200.00",
      repaymentPeriods: 1,
    } as never);
    await cancelAdvance(employee, cancelled.id);
    const [gone] = await smtp.waitFor(1, about(employee.email, /se canceló/));
    expect(gone.mail.subject).toBe(
      "Tu solicitud de adelanto de $200.00 se canceló",
    );
    expect(gone.mail.text).toContain("No se cobró nada");
    expect(gone.mail.text).not.toMatch(ENGLISH);
    expect(gone.mail.text).not.toMatch(SPANISH_ENGLISH);

    // A paid request whose card could not be issued: the fee refunded.
    const paid = await insertAdvance(employee, {
      amount: "300.00",
      status: "APPROVED",
      approverId: employer.id,
    });
    await db().transaction(async (tx) =>
      notifyCardNotIssued(
        tx,
        await requestNoticeFacts(tx, paid.id),
        1_599,
        1_599,
      ),
    );
    const [noCard] = await smtp.waitFor(
      1,
      about(employee.email, /No se pudo emitir/),
    );
    expect(noCard.mail.subject).toBe(
      "No se pudo emitir tu tarjeta de supermercado de $300.00",
    );
    expect(noCard.mail.text).toContain(
      "El cargo por servicio de $15.99 se reembolsó a tu tarjeta.",
    );
    expect(noCard.mail.text).toContain("Cargo reembolsado: $15.99");
    expect(noCard.mail.text).not.toMatch(ENGLISH);
    expect(noCard.mail.text).not.toMatch(SPANISH_ENGLISH);

    // The password changed on the profile: an account security message.
    await updateProfile(employee, {
      firstName: employee.firstName,
      lastName: employee.lastName,
      email: employee.email,
      department: employee.department ?? undefined,
      currentPassword: TEST_PASSWORD,
      newPassword: "una-clave-nueva-y-larga",
      confirmPassword: "una-clave-nueva-y-larga",
    });
    const [changed] = await smtp.waitFor(
      1,
      about(employee.email, /contraseña de Grocery Advance cambió/),
    );
    expect(changed.mail.subject).toBe(
      "Tu contraseña de Grocery Advance cambió",
    );
    expect(changed.mail.text).toMatch(
      /Tu contraseña cambió el \d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}, y se cerraron tus otras sesiones\./,
    );
    expect(changed.mail.text).toContain("Restablecer tu contraseña");
    expect(changed.mail.text).not.toMatch(ENGLISH);
    expect(changed.mail.text).not.toMatch(SPANISH_ENGLISH);
  });

  it("the employer side's mails: a new request, an account created, the payroll file and the monthly report", async () => {
    const { employer } = await spanishCompany();
    const employerOnly = (subject: RegExp) => (m: Received) =>
      m.to.includes(employer.email) && subject.test(m.mail.subject ?? "");
    const employee = await createEmployee(employer, {
      firstName: "Itzel",
      lastName: uniqueName("Ruiz"),
    });
    const name = `${employee.firstName} ${employee.lastName}`;

    // A new request, to the members of a company that wants to hear of them.
    await requestAdvance(employee, {
      amount: "250.00",
      repaymentPeriods: 2,
      reason: "Despensa del mes",
    } as never);
    const [request] = await smtp.waitFor(
      1,
      employerOnly(new RegExp(`Nueva solicitud de adelanto: ${name}`)),
    );
    expect(request.mail.subject).toBe(
      `Nueva solicitud de adelanto: ${name}, $250.00`,
    );
    expect(request.mail.text).toContain("Hola, Elena:");
    expect(request.mail.text).toMatch(
      new RegExp(
        `${name} pidió un adelanto para el supermercado de \\$250\\.00 el \\d{1,2} [a-z]{3} \\d{4}\\.`,
      ),
    );
    expect(request.mail.text).toContain("Motivo:\n    Despensa del mes");
    expect(request.mail.html).toContain('<html lang="es">');
    expect(request.mail.text).not.toMatch(ENGLISH);

    // The account an employer created: the employee has no language yet, the employer's is used.
    const address = `${uniqueName("cuenta")}@example.com`;
    await addEmployee(employer, {
      username: uniqueName("nuevo"),
      password: TEST_PASSWORD,
      firstName: "Paz",
      lastName: "Rivera",
      email: address,
    } as never);
    const [account] = await smtp.waitFor(1, about(address, /contraseña/));
    expect(account.mail.subject).toBe(
      "Acme Groceries Inc. creó tu cuenta; elige tu propia contraseña",
    );
    expect(account.mail.text).toContain("Hola, Paz:");
    expect(account.mail.text).toContain("durante 7 días");
    expect(account.mail.text).not.toMatch(ENGLISH);

    // The payroll file, when a run takes a due deduction.
    const carded = await insertAdvance(employee, {
      amount: "200.00",
      status: "APPROVED",
      approverId: employer.id,
      carded: true,
    });
    await db().execute(
      sql`update payroll_deductions set deduction_date = now() - interval '1 day'
          where id = (select min(id) from payroll_deductions where request_id = ${carded.id})`,
    );
    await createPayrollRun(employer, {});
    const [file] = await smtp.waitFor(
      1,
      employerOnly(/^Archivo de nómina listo/),
    );
    expect(file.mail.subject).toMatch(
      /^Archivo de nómina listo para el \d{1,2} [a-z]{3} \d{4}: \$[\d,.]+ para descontar$/,
    );
    expect(file.mail.text).toContain("Total para descontar:");
    expect(file.mail.text).not.toMatch(ENGLISH);

    // The monthly report.
    await sendMonthlyReports(new Date(2026, 9, 15));
    const [report] = await smtp.waitFor(1, employerOnly(/^Tu informe/));
    expect(report.mail.subject).toBe(
      "Tu informe de Grocery Advance de octubre de 2026",
    );
    expect(report.mail.text).toContain(
      "Esto es lo que pasó en octubre de 2026.",
    );
    expect(report.mail.text).toContain("Solicitudes aprobadas:");
    expect(report.mail.text).not.toMatch(ENGLISH);
  });

  it("the security mails: a new device and two-factor sign-in on and off, for an employer who chose Spanish", async () => {
    const { employer } = await spanishCompany();
    await signInFromANewDevice({
      username: employer.username,
      password: TEST_PASSWORD,
    });
    const [device] = await smtp.waitFor(
      1,
      about(employer.email, /Nuevo inicio de sesión/),
    );
    expect(device.mail.subject).toBe(
      "Nuevo inicio de sesión en Grocery Advance desde Chrome en Windows",
    );
    expect(device.mail.text).toContain("Dirección: 203.0.113.9");
    expect(device.mail.text).toContain("Dispositivo: Chrome en Windows");
    // An employer's sessions are on /settings (they have no /profile).
    expect(device.mail.text).toContain("/settings#security");
    expect(device.mail.text).toContain("en tu configuración");
    expect(device.mail.text).not.toMatch(ENGLISH);
    expect(device.mail.text).not.toMatch(/\b(sign|device|Address|When)\b/);

    await startMfaEnrolment(employer);
    const [row] = await db()
      .select()
      .from(userMfa)
      .where(eq(userMfa.userId, employer.id));
    const code = (steps: number) => authenticatorCode(row.secret, steps);
    await confirmMfaEnrolment(employer, code(0));
    const [on] = await smtp.waitFor(1, about(employer.email, /activada/));
    expect(on.mail.subject).toBe("Verificación en dos pasos activada");
    expect(on.mail.text).toMatch(
      /Se activó la verificación en dos pasos de tu cuenta el \d{1,2} [a-z]{3} \d{4}, \d{2}:\d{2}\./,
    );
    expect(on.mail.text).toContain("/settings#security");
    expect(on.mail.text).not.toMatch(ENGLISH);
    await disableMfa(
      employer,
      { password: TEST_PASSWORD, code: code(1) },
      "198.51.100.3",
    );
    const [off] = await smtp.waitFor(1, about(employer.email, /desactivada/));
    expect(off.mail.subject).toBe("Verificación en dos pasos desactivada");
    expect(off.mail.text).toContain("Si no fuiste tú");
    expect(off.mail.text).not.toMatch(ENGLISH);
  });

  it("a person who chose no language is written to in English, as before", async () => {
    const employer = await createEmployer();
    const employee = await createEmployee(employer, {
      email: `plain-${employer.id}@example.com`,
    });
    const request = await requestAdvance(employee, {
      amount: "300.00",
      repaymentPeriods: 1,
    } as never);
    await approveAdvance(employer, request.id);
    const [approved] = await smtp.waitFor(1, about(employee.email, /approved/));
    expect(approved.mail.subject).toBe("Your $300.00 advance is approved");
    expect(approved.mail.html).toContain('<html lang="en">');
  });
});
