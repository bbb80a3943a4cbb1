import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';

/**
 * Limits on the gateways' unauthenticated notification endpoints (docs/decisions/027): how large a
 * body may be (413 before anything is read or stored), how often one address may call (429), and
 * how much of a body payment_notifications keeps.
 */

/** PayFast ITNs are under 2 KB; a body eight times that is not PayFast's. */
export const PAYFAST_NOTIFY_BODY_LIMIT = 16 * 1024;
/** Stripe events carry the whole object (a Checkout Session with its line items), seldom over 50 KB. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Calls per address per minute. PayFast's own addresses are not limited (its allow-list is known);
 * Stripe's are not configured here, so its limit leaves room for a busy account's bursts.
 */
export const NOTIFICATION_RATE_LIMITS = { payfast: 30, stripe: 120 } as const;
const RATE_WINDOW_MS = 60_000;

/** What is kept of a body: enough for any genuine notification, bounded for anything else. */
export const STORED_BODY_BYTES = { kept: 8 * 1024, rejected: 2 * 1024 } as const;

export interface StoredBody {
  raw_body: string;
  body_bytes: number;
  body_truncated: boolean;
}

/**
 * The body as stored: at most `maxBytes` of UTF-8 (cut on a character boundary), NUL bytes (which a
 * PostgreSQL text column refuses) shown as U+FFFD, its full size and whether it was cut.
 */
export function storedBody(rawBody: string, maxBytes: number): StoredBody {
  const bytes = Buffer.from(rawBody, 'utf8');
  let text = rawBody;
  if (bytes.length > maxBytes) {
    let end = maxBytes;
    // Back off to the start of a character: UTF-8 continuation bytes are 10xxxxxx.
    while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
    text = bytes.subarray(0, end).toString('utf8');
  }
  return {
    raw_body: text.replaceAll('\u0000', '\uFFFD'),
    body_bytes: bytes.length,
    body_truncated: bytes.length > maxBytes,
  };
}

/** A short text field taken from an unauthenticated body (an id, a status), safe to store. */
export function storedField(value: string | null | undefined, maxLength = 100): string | null {
  return value ? value.slice(0, maxLength).replaceAll('\u0000', '\uFFFD') : null;
}

/**
 * Limits every route of this plugin scope to `max` calls a minute per address (request.ip), checked
 * before the body is read; `isGatewaySource` exempts the gateway's own addresses, which may send
 * bursts of genuine notifications (a billing day).
 */
export async function limitNotificationRate(
  scope: FastifyInstance,
  max: number,
  isGatewaySource: (address: string) => boolean = () => false,
): Promise<void> {
  await scope.register(rateLimit, {
    max,
    timeWindow: RATE_WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => request.ip,
    allowList: (request: FastifyRequest) => isGatewaySource(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        `Too many notifications from this address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        'TOO_MANY_REQUESTS',
      ),
  });
}
