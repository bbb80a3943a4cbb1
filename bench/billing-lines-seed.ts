import { type Kysely, sql } from 'kysely';
import type { Database } from '../server/db/types.ts';

/**
 * Billing lines for bench/search.ts's bookings: a rental charge for every booking not cancelled, a
 * part payment, the deposit received and, for completed stays, refunded (~560 000 lines).
 */
export async function seedBillingLines(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO reservation_transactions (reservation_id, owner_id, kind, description, quantity, unit_price_cents,
      sub_total_cents, tax_cents, total_cents, payment_amount_cents, payment_method, created_at)
    SELECT r.id, r.owner_id, 'rental', 'Rental', 1, r.total_price_cents, r.total_price_cents, 0, r.total_price_cents,
      NULL, NULL, r.created_at + interval '1 hour'
    FROM reservations r WHERE r.status <> 'cancelled' AND r.total_price_cents > 0
    UNION ALL
    SELECT r.id, r.owner_id, 'payment', 'Payment', 1, 0, 0, 0, 0, greatest(1, r.total_price_cents / 2), 'manual',
      r.created_at + interval '1 day'
    FROM reservations r WHERE r.status <> 'cancelled' AND r.total_price_cents > 1
    UNION ALL
    SELECT r.id, r.owner_id, 'deposit_received', 'Deposit', 1, 0, 0, 0, 0, r.security_deposit_cents, NULL,
      r.created_at + interval '1 day'
    FROM reservations r WHERE r.status <> 'cancelled' AND r.security_deposit_cents > 0
    UNION ALL
    SELECT r.id, r.owner_id, 'deposit_refunded', 'Deposit refund', 1, 0, 0, 0, 0, r.security_deposit_cents, NULL,
      r.end_date::timestamp + interval '10 hours'
    FROM reservations r WHERE r.status = 'completed' AND r.security_deposit_cents > 0`.execute(db);
}
