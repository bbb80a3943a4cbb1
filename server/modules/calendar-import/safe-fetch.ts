import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressPolicy, publicAddressesOnly } from './address-policy.ts';

/**
 * Fetches a calendar feed an owner named, safely (issue 22, docs/decisions/053): http or https only;
 * the host is resolved here and every address checked against the policy (public unicast only by
 * default), and the connection is made to the vetted address (a pinned `lookup`), so a DNS answer that
 * changes between check and connect (rebinding) cannot reach an internal address. Redirects are
 * followed by hand, at most MAX_REDIRECTS, each target checked the same way. One deadline covers the
 * whole fetch; the body is cut off past the size limit whether or not a Content-Length was sent.
 */

export const MAX_REDIRECTS = 3;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const MAX_FEED_URL_LENGTH = 2000;

export class FeedFetchError extends Error {}

export interface SafeFetchOptions {
  policy?: AddressPolicy;
  timeoutMs?: number;
  maxBytes?: number;
  /** Resolves a host name to its addresses (tests may stand in for DNS). */
  resolve?: (hostname: string) => Promise<Array<{ address: string; family: number }>>;
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true });

/** Checks the URL's form: only http and https, no credentials. Returns the parsed URL. */
export function checkFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FeedFetchError('the address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FeedFetchError('only http and https addresses can be imported.');
  if (url.username || url.password)
    throw new FeedFetchError('the address must not contain a user name or password.');
  return url;
}

async function vettedAddress(url: URL, options: SafeFetchOptions) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const policy = options.policy ?? publicAddressesOnly;
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new FeedFetchError(`the host ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new FeedFetchError(`the host ${host} could not be found.`);
  // Every address the name has must be allowed: one internal address among public ones is refused.
  if (addresses.some(({ address }) => !policy(address, port)))
    throw new FeedFetchError(`the address ${host} is not a public internet address.`);
  return { host, port, pinned: addresses[0] as { address: string; family: number } };
}

function request(url: URL, pinned: { address: string; family: number }, signal: AbortSignal) {
  // The connection goes to the checked address whatever DNS answers by then.
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      agent: false,
      lookup,
      signal,
      headers: {
        accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
        'accept-encoding': 'identity',
        'user-agent': 'Rentza calendar import',
      },
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FeedFetchError(`the calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new FeedFetchError(`the calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const NOT_CALENDAR_TYPES = /^(text\/html|application\/json|image\/|video\/|audio\/)/i;

/** The body of a calendar feed (starting with BEGIN:VCALENDAR), or a FeedFetchError saying why not. */
export async function fetchCalendarText(rawUrl: string, options: SafeFetchOptions = {}): Promise<string> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkFeedUrl(rawUrl);
  try {
    for (let redirects = 0; ; redirects++) {
      const { pinned } = await vettedAddress(url, options);
      const response = await request(url, pinned, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= MAX_REDIRECTS) throw new FeedFetchError('the address redirects too many times.');
        url = checkFeedUrl(new URL(response.headers.location, url).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw new FeedFetchError(`the server answered ${status}.`);
      }
      const type = response.headers['content-type'] ?? '';
      if (NOT_CALENDAR_TYPES.test(type)) {
        response.resume();
        throw new FeedFetchError(`the address returned ${type.split(';')[0]}, not a calendar.`);
      }
      if (response.headers['content-encoding'] && response.headers['content-encoding'] !== 'identity') {
        response.resume();
        throw new FeedFetchError('the server sent a compressed answer it was not asked for.');
      }
      const text = (await readBody(response, options.maxBytes ?? DEFAULT_MAX_BYTES)).replace(/^\uFEFF/, '');
      if (!/^\s*BEGIN:VCALENDAR/i.test(text))
        throw new FeedFetchError('the address did not return an iCal calendar.');
      return text;
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (signal.aborted) throw new FeedFetchError(`no answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    const code = (error as { code?: string }).code;
    throw new FeedFetchError(
      code === 'ECONNREFUSED'
        ? 'the server refused the connection.'
        : `the connection failed (${code ?? 'error'}).`,
    );
  }
}
