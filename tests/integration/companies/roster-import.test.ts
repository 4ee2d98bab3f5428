import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitations, mailOutbox } from "#db/schema";
import {
  inviteEmployee,
  confirmRoster,
  getRosterImport,
  previewRoster,
  readRoster,
  requeueRosterImportsWithoutJob,
  runRosterImport,
  type BadRow,
  type SkippedRow,
} from "~/models/companies/index.server";
import * as importPage from "~/routes/_app.employees.import._index";
import * as importDetails from "~/routes/_app.employees.import.$id";
import { db, queryRows } from "~/utils/db.server";
import {
  ALREADY_EMPLOYEE,
  ALREADY_INVITED,
  ROSTER_NO_HEADER,
  ROSTER_NOT_CSV,
  ROSTER_TOO_LARGE,
  ROSTER_TOO_MANY_ROWS,
} from "~/utils/roster-rules";
import { useTestDatabase } from "#tests/support/db";
import {
  appErrorOf,
  call,
  confirmEmailOf,
  createEmployee,
  createEmployer,
  requestAs,
  uniqueName,
} from "#tests/support/factories";

// Roster import (/employees/import): the preview reports every bad row with its line and
// reason and writes nothing; confirming sends the invitations through the job; the same file
// again invites nobody twice; a file that is not CSV, too large or without a header is told so.

useTestDatabase();

const bytes = (text: string) => new TextEncoder().encode(text);

async function invitationCount(companyId: number): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.companyId, companyId));
  return Number(row.n);
}

describe("roster import", () => {
  it("previews a file with 20 bad rows of different kinds, each with its line and reason, and writes nothing", async () => {
    const owner = await createEmployer();
    const tag = uniqueName("r");
    const employee = await createEmployee(owner, {
      email: `${tag}-staff@example.com`,
    });
    await inviteEmployee(owner, {
      email: `${tag}-invited@example.com`,
      firstName: "Ina",
      lastName: "Vited",
    });
    const good = Array.from(
      { length: 30 },
      (_, i) => `Good${i},Person,${tag}-good${i}@example.com,Deli,E${i}`,
    );
    const bad = [
      ...Array.from(
        { length: 6 },
        (_, i) => `Bad${i},Email,not-an-email-${i},Deli,`,
      ),
      ...Array.from(
        { length: 5 },
        (_, i) => `,Nofirst,${tag}-nf${i}@example.com,,`,
      ),
      ...Array.from(
        { length: 5 },
        (_, i) => `Nolast${i},,${tag}-nl${i}@example.com,,`,
      ),
      // Duplicates of good rows 0–3 (another case).
      ...Array.from(
        { length: 4 },
        (_, i) => `Dup,Row,${tag}-GOOD${i}@example.com,,`,
      ),
    ];
    const text = [
      "First Name,Last Name,E-mail,Department,Employee Number",
      ...good,
      ...bad,
      `Staff,Member,${employee.email},Deli,`,
      `Ina,Vited,${tag}-invited@example.com,,`,
    ].join("\r\n");
    const before = await invitationCount(owner.companyId!);
    const preview = await previewRoster(owner, "staff.csv", bytes(text));
    expect(await invitationCount(owner.companyId!)).toBe(before);

    const rows = preview.rows as unknown[];
    const badRows = preview.badRows as BadRow[];
    const skipped = preview.skippedRows as SkippedRow[];
    expect(preview.totalRows).toBe(30 + 20 + 2);
    expect(rows).toHaveLength(30);
    expect(badRows).toHaveLength(20);
    // Line 1 is the header: good rows are lines 2–31, the bad ones 32–51.
    expect(badRows[0]).toEqual({ line: 32, reason: "Invalid email address" });
    expect(badRows[6]).toEqual({ line: 38, reason: "First name is required" });
    expect(badRows[11]).toEqual({ line: 43, reason: "Last name is required" });
    expect(badRows[16]).toEqual({
      line: 48,
      reason: "Duplicate of line 2 in this file",
    });
    expect(skipped).toEqual([
      { line: 52, email: employee.email, reason: ALREADY_EMPLOYEE },
      {
        line: 53,
        email: `${tag}-invited@example.com`,
        reason: ALREADY_INVITED,
      },
    ]);
  });

  it("sends the invitations once confirmed, and the same file again invites nobody twice", async () => {
    const owner = await createEmployer();
    // 450 invitations: more than a company may send before its owner confirms their address.
    await confirmEmailOf(owner);
    const tag = uniqueName("twice");
    const text = [
      "email,first_name,last_name",
      ...Array.from(
        { length: 450 },
        (_, i) => `${tag}${i}@example.com,First${i},Last${i}`,
      ),
    ].join("\n");
    const first = await previewRoster(owner, "a.csv", bytes(text));
    await confirmRoster(owner, first.id);
    expect((await appErrorOf(confirmRoster(owner, first.id))).status).toBe(409);
    await runRosterImport(first.id);
    // A job run twice resumes and finds nothing left.
    await runRosterImport(first.id);
    const done = await getRosterImport(owner, first.id);
    expect(done).toMatchObject({
      status: "DONE",
      processed: 450,
      invited: 450,
    });
    expect(await invitationCount(owner.companyId!)).toBe(450);
    const [mails] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "invitation.employee"));
    expect(Number(mails.n)).toBeGreaterThanOrEqual(450);

    const again = await previewRoster(owner, "a.csv", bytes(text));
    expect((again.rows as unknown[]).length).toBe(0);
    expect((again.skippedRows as SkippedRow[]).length).toBe(450);
    expect(await invitationCount(owner.companyId!)).toBe(450);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a confirmed import whose job is gone gets one again from the sweep; a finished one does not",
    async () => {
      const owner = await createEmployer();
      const tag = uniqueName("swept");
      const file = (n: number) =>
        bytes(
          [
            "email,first_name,last_name",
            ...Array.from(
              { length: n },
              (_, i) => `${tag}${n}-${i}@example.com,First${i},Last${i}`,
            ),
          ].join("\n"),
        );
      const lost = await previewRoster(owner, "lost.csv", file(3));
      await confirmRoster(owner, lost.id);
      const done = await previewRoster(owner, "done.csv", file(2));
      await confirmRoster(owner, done.id);
      await runRosterImport(done.id);
      // Jobs finished against a server that did not have the import (after a failover).
      for (const id of [lost.id, done.id])
        await db().execute(
          sql`select graphile_worker.remove_job(${`roster:${id}`})`,
        );
      const swept = await requeueRosterImportsWithoutJob();
      expect(swept).toContain(lost.id);
      expect(swept).not.toContain(done.id);
      const jobs = await queryRows<{ key: string }>(
        db(),
        sql`select key from graphile_worker.jobs where key = ${`roster:${lost.id}`}`,
      );
      expect(jobs).toHaveLength(1);
      expect(await requeueRosterImportsWithoutJob()).not.toContain(lost.id);
    },
  );

  it("tells a file that is not CSV, too large, without a header or with too many rows", () => {
    const refusal = (input: Uint8Array) => {
      try {
        readRoster(input);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]))).toBe(
      ROSTER_NOT_CSV,
    );
    expect(refusal(bytes('a,"b\nc'))).toBe(ROSTER_NOT_CSV);
    expect(refusal(new Uint8Array(5 * 1024 * 1024 + 1))).toBe(ROSTER_TOO_LARGE);
    expect(refusal(bytes("name,phone\nAda,555\n"))).toBe(ROSTER_NO_HEADER);
    const many = [
      "First name,Last name,Email",
      ...Array.from({ length: 10_001 }, (_, i) => `A,B,a${i}@example.com`),
    ].join("\n");
    expect(refusal(bytes(many))).toBe(ROSTER_TOO_MANY_ROWS);
  });

  it("reads a header row in Spanish as well as English (case and accents ignored)", () => {
    const read = readRoster(
      bytes(
        "Nombre,Apellidos,Correo electrónico,Departamento,Número de empleado\nAna,López,ana@example.com,Panadería,E-7\n",
      ),
    );
    expect(read.rows).toEqual([
      expect.objectContaining({
        firstName: "Ana",
        lastName: "López",
        email: "ana@example.com",
        department: "Panadería",
        employeeNumber: "E-7",
      }),
    ]);
  });

  it("uploads through the page (multipart), previews and confirms; a file that is not CSV is told so", async () => {
    const owner = await createEmployer();
    const tag = uniqueName("page");
    const form = new FormData();
    form.set(
      "roster",
      new File(
        [`First name,Last name,Email\nPia,Page,${tag}@example.com\n`],
        "roster.csv",
        { type: "text/csv" },
      ),
    );
    const req = await requestAs(owner, "/employees/import", {
      method: "POST",
      body: form,
    });
    const res = await call(importPage.action, req);
    expect(res.status).toBe(302);
    const location = res.headers.get("Location")!;
    expect(location).toMatch(/^\/employees\/import\/\d+$/);
    const id = location.split("/").pop()!;
    const page = await (
      await call(importDetails.loader, await requestAs(owner, location), {
        id,
      })
    ).json();
    expect(page).toMatchObject({ status: "PREVIEW", toInvite: 1, badCount: 0 });
    const confirmed = await call(
      importDetails.action,
      await requestAs(owner, location, { form: {} }),
      { id },
    );
    expect(confirmed.status).toBe(302);
    await runRosterImport(Number(id));
    expect(
      await (
        await call(importDetails.loader, await requestAs(owner, location), {
          id,
        })
      ).json(),
    ).toMatchObject({ status: "DONE", invited: 1 });

    const notCsv = new FormData();
    notCsv.set("roster", new File([new Uint8Array([0, 1, 2])], "x.png"));
    const refused = await call(
      importPage.action,
      await requestAs(owner, "/employees/import", {
        method: "POST",
        body: notCsv,
      }),
    );
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe(ROSTER_NOT_CSV);
  });
});
