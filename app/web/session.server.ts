import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  createCookie,
  createCookieSessionStorage,
  type Cookie,
  type SessionStorage,
} from "@remix-run/node";
import {
  DEVICE_TRUST_DAYS,
  createSession,
  revokeSessionByToken,
  type ClientInfo,
} from "~/models/people/index.server";
import { env } from "~/utils/env.server";

/** The flash toast's cookie: set by a redirect that carries a toast, cleared once it is read. */
export const TOAST_COOKIE = "toast";

type SessionData = {
  /**
   * The random session token (server-side sessions, app/models/people/sessions.server.ts). Every
   * sign-in issues a new one, so a planted cookie is never kept. Nothing else is in the cookie:
   * who the user is comes from the sessions table.
   */
  sid?: string;
  /** The half-signed-in state between the password and the TOTP code (also a token). */
  mfa?: string;
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
  | {
      session: SessionStorage<SessionData>;
      toast: SessionStorage;
      device: Cookie;
    }
  | undefined;

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
      name: TOAST_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets,
    },
  });
  // The device cookie (decision 0071): signed, HttpOnly, kept across sign-out.
  const device = createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: DEVICE_TRUST_DAYS * 24 * 60 * 60,
    secrets,
  });
  return { session, toast, device };
}

function sessionStorage(): SessionStorage<SessionData> {
  storages ??= build();
  return storages.session;
}

export function toastStorage(): SessionStorage {
  storages ??= build();
  return storages.toast;
}

export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function getSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/**
 * The client's address, set by the server adapter (scripts/server.ts) which overwrites any
 * value the client sent. Used to throttle sign-ins per address and shown in the session list.
 */
export const CLIENT_ADDRESS_HEADER = "x-ga-client-address";

/** The session token the cookie carries, if any (its signature checked). */
export async function getSessionToken(
  request: Request,
): Promise<string | null> {
  const session = await getSession(request);
  const sid = session.get("sid");
  return typeof sid === "string" && sid.length > 0 ? sid : null;
}

export async function getMfaToken(request: Request): Promise<string | null> {
  const session = await getSession(request);
  const mfa = session.get("mfa");
  return typeof mfa === "string" && mfa.length > 0 ? mfa : null;
}

export function clientInfo(request: Request) {
  return {
    userAgent: request.headers.get("User-Agent"),
    // Set by the server adapter (scripts/server.ts), which overwrites any client value.
    ip: request.headers.get(CLIENT_ADDRESS_HEADER),
  };
}

/** The device cookie's token, if the browser presented a validly signed one. */
export async function getDeviceToken(request: Request): Promise<string | null> {
  storages ??= build();
  const value: unknown = await storages.device.parse(
    request.headers.get("Cookie"),
  );
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** What a sign-in knows of the client: its user agent, address and device cookie. */
export async function signInClient(request: Request): Promise<ClientInfo> {
  return { ...clientInfo(request), device: await getDeviceToken(request) };
}

/** The device cookie after a completed sign-in. */
export async function deviceCookieHeader(
  request: Request,
  token: string,
): Promise<string> {
  storages ??= build();
  return storages.device.serialize(token, {
    secure: isSecureRequest(request),
  });
}

/** The cookie for a session token. Without "Remember me" it is a browser-session cookie. */
export async function sessionCookieHeader(
  request: Request,
  token: string,
  remember: boolean,
): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set("sid", token);
  return sessionStorage().commitSession(session, {
    secure: isSecureRequest(request),
    // The cookie lives as long as the remembered session may (SESSION_REMEMBER_DAYS).
    ...(remember ? { maxAge: env().SESSION_REMEMBER_DAYS * 86_400 } : {}),
  });
}

/** The cookie for the half-signed-in state (a browser-session cookie). */
export async function mfaPendingCookieHeader(
  request: Request,
  token: string,
): Promise<string> {
  const session = await sessionStorage().getSession();
  session.set("mfa", token);
  return sessionStorage().commitSession(session, {
    secure: isSecureRequest(request),
  });
}

/**
 * A brand-new server-side session for a user whose credentials were checked (never the one
 * the request came with, so a planted cookie cannot be fixed), and its cookie.
 */
export async function createUserSessionHeader(
  request: Request,
  user: { userId: number; role?: string },
  remember: boolean,
): Promise<string> {
  const { token } = await createSession(user.userId, {
    remember,
    ...clientInfo(request),
  });
  return sessionCookieHeader(request, token, remember);
}

/** Sign-out: the server-side session is revoked and the cookie cleared. */
export async function destroySessionHeader(request: Request): Promise<string> {
  const session = await getSession(request);
  for (const key of ["sid", "mfa"] as const) {
    const token = session.get(key);
    if (typeof token === "string" && token) await revokeSessionByToken(token);
  }
  return sessionStorage().destroySession(session, {
    secure: isSecureRequest(request),
  });
}
