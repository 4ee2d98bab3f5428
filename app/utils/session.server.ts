import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  createCookieSessionStorage,
  type SessionStorage,
} from "@remix-run/node";
import { env } from "./env.server";

export type SessionData = {
  userId: number;
  role: "EMPLOYEE" | "EMPLOYER";
  /** Random per sign-in: every sign-in issues a different cookie (issue 8, no fixation). */
  sid?: string;
};

/**
 * SESSION_SECRET, or a random secret generated once and kept in the data folder so that
 * `npm start` works with no setup and sessions survive restarts. Never a hard-coded fallback.
 * Several instances must share one SESSION_SECRET (docs/operations.md).
 */
export function sessionSecret(): string {
  const { SESSION_SECRET, DATA_DIR } = env();
  if (SESSION_SECRET) return SESSION_SECRET;
  const file = path.resolve(DATA_DIR, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  console.warn(
    `SESSION_SECRET is not set: generated one in ${file}. ` +
      "Several app instances must share one SESSION_SECRET.",
  );
  return secret;
}

let storages:
  { session: SessionStorage<SessionData>; toast: SessionStorage } | undefined;

function build() {
  const secrets = [sessionSecret()];
  const session = createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets,
      // `secure` is decided per response (isSecureRequest) so http://localhost works.
    },
  });
  const toast = createCookieSessionStorage({
    cookie: {
      name: "toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets,
    },
  });
  return { session, toast };
}

export function sessionStorage(): SessionStorage<SessionData> {
  storages ??= build();
  return storages.session;
}

export function toastStorage(): SessionStorage {
  storages ??= build();
  return storages.toast;
}

/** Tests switch secrets between files. */
export function resetSessionStorages() {
  storages = undefined;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

export function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export const REMEMBER_ME_SECONDS = 60 * 60 * 24 * 30;

/**
 * A brand-new session (never the one the request came with, so a planted cookie cannot be
 * fixed) holding the user id, the role and a random session id, so that no two sign-ins give
 * the same cookie. Without "Remember me" it is a browser-session cookie.
 */
export async function createUserSessionHeader(
  request: Request,
  user: Pick<SessionData, "userId" | "role">,
  remember: boolean,
): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set("userId", user.userId);
  session.set("role", user.role);
  session.set("sid", crypto.randomBytes(16).toString("base64url"));
  return sessionStorage().commitSession(session, {
    secure: isSecureRequest(request),
    ...(remember ? { maxAge: REMEMBER_ME_SECONDS } : {}),
  });
}

export async function destroySessionHeader(request: Request): Promise<string> {
  const session = await getSession(request);
  return sessionStorage().destroySession(session, {
    secure: isSecureRequest(request),
  });
}
