import { type User } from "#db/schema";
import { env } from "~/utils/env.server";
import { unauthorized } from "~/utils/errors";
import { dummyPasswordHash, verifyPassword } from "~/utils/password.server";
import {
  clearAttempts,
  releaseAttempt,
  reserveAttempt,
  type ThrottleKey,
} from "./throttle.server";
import { trustedDeviceFor } from "./devices.server";
import { getUserByUsername } from "./user.server";

export const INVALID_LOGIN = "Invalid username or password.";

// Per address, a larger allowance: several people may sign in from one office network.
const ADDRESS_FACTOR = 10;

/**
 * The throttle's keys: the device's own budget when the browser presented a device cookie for
 * this username, else the username's, which strangers share; and the address.
 */
function keysFor(
  username: string,
  address: string | undefined,
  deviceId: number | undefined,
) {
  const keys: ThrottleKey[] = [
    deviceId === undefined
      ? { key: `user:${username.toLowerCase()}`, max: env().LOGIN_MAX_FAILURES }
      : { key: `device:${deviceId}`, max: env().LOGIN_MAX_FAILURES },
  ];
  if (address)
    keys.push({
      key: `ip:${address}`,
      max: env().LOGIN_MAX_FAILURES * ADDRESS_FACTOR,
    });
  return keys;
}

/**
 * Checks a username and password. The attempt is reserved per username (or, for a browser that
 * presents its device cookie for this username, per device) and per address in
 * the database BEFORE the password is hashed (throttle.server.ts), so concurrent guesses cannot
 * all be checked; past the limit the answer is 429 whether or not the password is right. The
 * message never says which of the two was wrong.
 */
export async function verifyLogin(
  username: string,
  password: string,
  address?: string,
  deviceToken?: string | null,
): Promise<User> {
  const device = await trustedDeviceFor(username, deviceToken);
  const keys = keysFor(username, address, device?.id);
  await reserveAttempt(keys);
  const user = await getUserByUsername(username);
  const ok = user
    ? await verifyPassword(password, user.password)
    : await verifyPassword(password, await dummyPasswordHash()).then(
        () => false,
      );
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  await clearAttempts(keys[0].key);
  if (keys[1]) await releaseAttempt(keys[1].key);
  return user;
}
