// The few parts of http_ece (Encrypted Content-Encoding, RFC 8188/8291) the push tests use to
// decrypt what a push service receives; the package ships no types.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(
    buffer: Buffer,
    params: {
      version: "aes128gcm";
      privateKey: ECDH;
      authSecret: Buffer | string;
    },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
