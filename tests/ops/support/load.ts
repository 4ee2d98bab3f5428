import { expect } from "@playwright/test";
import { login } from "./server";

// Money traffic over HTTP for the operations tests (SIGKILL under load, failover).

export type Json = Record<string, unknown>;

export async function post(
  url: string,
  body: unknown,
  cookie?: string,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Json) : {} };
}

/** An employer and four employees of their own, created over HTTP; each with a session. */
export async function company(url: string) {
  const stamp = `${Date.now()}_${Math.random().toString(36).slice(2, 6)}`;
  const boss = await fetch(`${url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      username: `kill_boss_${stamp}`,
      password: "Basil-Lantern-62",
      firstName: "Kim",
      lastName: "Boss",
      email: "kim@example.com",
      role: "EMPLOYER",
      companyName: "Kill Test Foods",
    }),
  });
  expect(boss.status).toBe(201);
  const employer = boss.headers.get("set-cookie")!.split(";")[0];
  const employees: string[] = [];
  for (let i = 0; i < 4; i++) {
    const username = `kill_emp_${stamp}_${i}`;
    const added = await post(
      `${url}/api/register`,
      {
        employerId: 0,
        username,
        password: "Basil-Lantern-62",
        firstName: "Emp",
        lastName: `No${i}`,
        email: "emp@example.com",
      },
      employer,
    );
    expect(added.status).toBe(201);
    employees.push(await login(url, username, "Basil-Lantern-62"));
  }
  return { employer, employees };
}
