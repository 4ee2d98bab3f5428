import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
} from "node:crypto";

// Secrets kept at rest (a payroll connection's access token): AES-256-GCM from node:crypto,
// under keys given by the operator. The first key seals; every key given
// opens, so a key is rotated by putting the new one first and keeping the old one after it
// until everything sealed with it was sealed again (`needsReseal`). `context` is bound to the
// ciphertext as associated data: a value sealed for one company does not open for another.

type Key = { id: string; bytes: Buffer };

const VERSION = "v1";

export function parseKeys(list: string): Key[] {
  return list
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => {
      const bytes = Buffer.from(k, "base64");
      if (bytes.length !== 32)
        throw new Error("A sealing key must be 32 bytes in base64.");
      return {
        id: createHash("sha256").update(bytes).digest("hex").slice(0, 8),
        bytes,
      };
    });
}

export function seal(keys: Key[], plain: string, context: string): string {
  const key = keys[0];
  if (!key) throw new Error("No sealing key is configured.");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    VERSION,
    key.id,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

export function unseal(keys: Key[], sealed: string, context: string): string {
  const [version, keyId, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !body)
    throw new Error("Not a sealed value this version can open.");
  const key = keys.find((k) => k.id === keyId);
  if (!key)
    throw new Error(
      `The key ${keyId} that sealed this value is not configured any more.`,
    );
  const decipher = createDecipheriv(
    "aes-256-gcm",
    key.bytes,
    Buffer.from(iv, "base64url"),
  );
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([
    decipher.update(Buffer.from(body, "base64url")),
    decipher.final(),
  ]).toString("utf8");
}

/** True when `sealed` was sealed with a key other than the current (first) one. */
export function needsReseal(keys: Key[], sealed: string): boolean {
  return sealed.split(".")[1] !== keys[0]?.id;
}
