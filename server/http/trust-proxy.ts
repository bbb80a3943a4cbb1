import { isIP } from 'node:net';

/**
 * What Fastify's `trustProxy` is given: false (X-Forwarded-* ignored, request.ip is the socket
 * address), the number of proxy hops in front of the server, or the addresses/ranges of the proxies
 * allowed to say who the client is (proxy-addr also knows the names below).
 */
export type TrustProxy = false | number | string[];

const PROXY_ADDR_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const OFF = new Set(['off', 'false', '0']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_ADDR_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY as written in the environment: unset or "off" trusts no proxy; a whole number is a hop
 * count; otherwise comma-separated addresses or CIDR ranges. Returns a message when it is none of
 * these. "true" (trust whoever connects) is deliberately not accepted: any caller could then choose
 * its own address for the ITN source check and the rate limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || OFF.has(text)) return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? hops : 'must be off, a number of proxy hops (1 to 100), or addresses/CIDR ranges';
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0)
    return `must be off, a number of proxy hops, or comma-separated proxy addresses/CIDR ranges (not ${bad.map((entry) => `"${entry}"`).join(', ')})`;
  return entries;
}

/**
 * Fastify's form of the setting. A hop count becomes "trust the nearest N addresses": Fastify itself
 * trusts nothing when given a bare number, since a client reaching the server directly could then
 * name its own address; docs/deploying.md says to use it only when the proxy is the only way in.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
