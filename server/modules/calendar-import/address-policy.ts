import { isIP } from 'node:net';

/**
 * Which addresses a calendar feed may be fetched from (issue 22, docs/decisions/053): public unicast
 * only. An owner types the URL, so without this rule the server could be made to read its own
 * loopback services, the private network, or a cloud metadata endpoint (169.254.169.254) for them.
 */

type V4 = [number, number, number, number];

function parseV4(text: string): V4 | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : Number.NaN));
  if (bytes.some((byte) => Number.isNaN(byte) || byte > 255)) return null;
  return bytes as V4;
}

/** The 8 groups of an IPv6 address (a zone id and an embedded dotted IPv4 tail allowed). */
function parseV6(text: string): number[] | null {
  let value = text.toLowerCase().replace(/^\[|\]$/g, '');
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  const lastColon = value.lastIndexOf(':');
  const tail = value.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseV4(tail);
    if (!v4) return null;
    value = `${value.slice(0, lastColon + 1)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = value.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groupsOf(halves[0]);
  const rest = groupsOf(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16));
}

function isPublicV4([a, b, c]: V4): boolean {
  if (a === 0 || a === 10 || a === 127) return false; // "this network", private, loopback
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT 100.64/10
  if (a === 169 && b === 254) return false; // link-local, cloud metadata
  if (a === 172 && b >= 16 && b <= 31) return false; // private 172.16/12
  if (a === 192 && b === 168) return false; // private
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return false; // IETF protocol assignments, TEST-NET-1
  if (a === 198 && (b === 18 || b === 19)) return false; // benchmarking 198.18/15
  if (a === 198 && b === 51 && c === 100) return false; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return false; // TEST-NET-3
  if (a >= 224) return false; // multicast 224/4, reserved 240/4, broadcast
  return true;
}

const v4Of = (groups: number[], from: number): V4 => {
  const high = groups[from] ?? 0;
  const low = groups[from + 1] ?? 0;
  return [high >> 8, high & 255, low >> 8, low & 255];
};

function isPublicV6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0] = groups;
  const leadingZeros = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  // ::, ::1, IPv4-compatible ::a.b.c.d and IPv4-mapped ::ffff:a.b.c.d: judge the IPv4 inside.
  if (leadingZeros && (g5 === 0 || g5 === 0xffff)) {
    if (g5 === 0 && groups[6] === 0 && (groups[7] ?? 0) <= 1) return false;
    return isPublicV4(v4Of(groups, 6));
  }
  // IPv4-translated ::ffff:0:a.b.c.d and NAT64 64:ff9b::/96 carry an IPv4 too.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0)
    return isPublicV4(v4Of(groups, 6));
  if (g0 === 0x64 && g1 === 0xff9b) return isPublicV4(v4Of(groups, 6));
  if (g0 === 0x2002) return isPublicV4(v4Of(groups, 1)); // 6to4 embeds an IPv4
  if ((g0 & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  if (g0 === 0x2001 && g1 === 0xdb8) return false; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return false; // discard-only 100::/64
  if (g0 === 0x2001 && g1 < 0x200) return false; // Teredo and other IETF special purpose 2001::/23
  return (g0 & 0xe000) === 0x2000; // global unicast is 2000::/3
}

/** Whether an IP address (v4 or v6, any textual form Node resolves to) is public unicast. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (family === 4) {
    const v4 = parseV4(address);
    return !!v4 && isPublicV4(v4);
  }
  if (family === 6) {
    const groups = parseV6(address);
    return !!groups && isPublicV6(groups);
  }
  return false;
}

/** Decides whether a resolved address may be connected to, on a port. */
export type AddressPolicy = (address: string, port: number) => boolean;

export const publicAddressesOnly: AddressPolicy = (address) => isPublicAddress(address);

/**
 * Public addresses, plus the exact addresses (or address:port pairs) listed, e.g. "127.0.0.1:4100".
 * Only for tests and journeys serving fixture calendars on this machine; the configuration refuses a
 * list in production (CALENDAR_IMPORT_ALLOW_PRIVATE_HOSTS).
 */
export function publicAddressesAnd(allowed: readonly string[]): AddressPolicy {
  if (allowed.length === 0) return publicAddressesOnly;
  const set = new Set(allowed.map((entry) => entry.trim()).filter(Boolean));
  return (address, port) => isPublicAddress(address) || set.has(address) || set.has(`${address}:${port}`);
}
