import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

// Which addresses a webhook may reach (decision 0096).
// ipaddr.js names the special-purpose range of an address (IANA's registries); only plain
// public unicast is allowed. An IPv6 address that carries an IPv4 one is judged by the IPv4 one
// (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d) or refused outright when it is a
// transition form no webhook receiver needs (IPv4-compatible ::a.b.c.d, IPv4-translated
// ::ffff:0:a.b.c.d, 6to4 2002::/16, Teredo 2001::/32, local-use NAT64 64:ff9b:1::/48), and an
// IPv6 address outside global unicast 2000::/3 is refused.

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Every address a name resolves to, once (injectable: tests answer what they need). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system's resolver (getaddrinfo), every answer in the order it gives them. */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, {
    all: true,
    verbatim: true,
  });
  return answers.map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));
};

/** The first 96 bits of NAT64's well-known prefix 64:ff9b::/96 (RFC 6052). */
const NAT64 = [0x64, 0xff9b, 0, 0, 0, 0];

/**
 * Why an address may not be reached: the name of its range ("loopback", "private",
 * "ipv4Mapped loopback"…), or null for a public unicast address. Anything that is not an IP
 * address in its plain form is "invalid".
 */
export function nonPublicRange(address: string): string | null {
  if (net.isIP(address) === 0 || !ipaddr.isValid(address)) return "invalid";
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") {
    const range = parsed.range();
    return range === "unicast" ? null : range;
  }
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === "ipv4Mapped") {
    const inner = nonPublicRange(v6.toIPv4Address().toString());
    return inner === null ? null : `ipv4Mapped ${inner}`;
  }
  if (range === "rfc6052" && NAT64.every((part, i) => v6.parts[i] === part)) {
    const [high, low] = v6.parts.slice(6);
    const embedded = ipaddr.fromByteArray([
      high >> 8,
      high & 0xff,
      low >> 8,
      low & 0xff,
    ]);
    const inner = nonPublicRange(embedded.toString());
    return inner === null ? null : `nat64 ${inner}`;
  }
  if (range !== "unicast") return range;
  // Global unicast is 2000::/3; the rest (IPv4-compatible ::a.b.c.d among it) is not routed.
  if ((v6.parts[0] & 0xe000) !== 0x2000) return "notGlobalUnicast";
  return null;
}

export function isPublicAddress(address: string): boolean {
  return nonPublicRange(address) === null;
}

/** A host name that names this machine without asking DNS. */
export function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}
