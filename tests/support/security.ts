import { Secret, TOTP } from "otpauth";
import { signIn } from "~/models/people/index.server";

/** Sign-in helpers: an authenticator app's codes, and a sign-in from a device not seen before. */

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
export function authenticatorCode(secret: string, steps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
}

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0";
const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
/** The address the new device signs in from. */
const NEW_DEVICE_IP = "203.0.113.9";

/**
 * Signs in with Firefox on Linux, then with Chrome on Windows from NEW_DEVICE_IP: the second is
 * a device the account has not signed in from, whose notice is mailed.
 */
export async function signInFromANewDevice(credentials: {
  username: string;
  password: string;
}) {
  const input = { ...credentials, remember: false };
  await signIn(input, { userAgent: FIREFOX_ON_LINUX }, "next-step");
  await signIn(
    input,
    { userAgent: CHROME_ON_WINDOWS, ip: NEW_DEVICE_IP },
    "next-step",
  );
}
