import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.ts';

/** How long a payment link works: long enough for a balance due weeks later. */
export const PAYMENT_LINK_DAYS = 60;

export const hashPaymentLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The public page a payment link opens (no sign-in: the token is the permission). */
export const paymentLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;

/**
 * A new link to pay what a booking owes, for the editor's "Send payment link", the confirmation email
 * and the reminders. Only the token's hash is stored; the token itself is in the email alone.
 */
export async function createPaymentLink(
  db: Kysely<Database>,
  input: { reservationId: string; ownerId: string; createdBy: string | null; publicUrl: string; now?: Date },
): Promise<{ id: string; token: string; url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + PAYMENT_LINK_DAYS * 24 * 60 * 60 * 1000);
  const { id } = await db
    .insertInto('payment_links')
    .values({
      token_hash: hashPaymentLinkToken(token),
      owner_id: input.ownerId,
      reservation_id: input.reservationId,
      created_by: input.createdBy,
      created_at: now,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, url: paymentLinkUrl(input.publicUrl, token), expiresAt };
}

/** The link a token names, while it has not expired; null otherwise. */
export async function findPaymentLink(db: Kysely<Database>, token: string, now: Date = new Date()) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return (
    (await db
      .selectFrom('payment_links')
      .selectAll()
      .where('token_hash', '=', hashPaymentLinkToken(token))
      .where('expires_at', '>', now)
      .executeTakeFirst()) ?? null
  );
}
