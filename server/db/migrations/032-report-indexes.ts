import { type Kysely, sql } from 'kysely';

/**
 * The Reports screen (issue 20 item 6, docs/decisions/039) sums a business's billing lines recorded
 * in a period: by owner and time, the voided ones left out. Before this, that read scanned every line.
 * The index covers what the sums read (booking, kind, amounts), so on a vacuumed table they are
 * read from the index alone instead of one heap page per line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservation_transactions_owner_created_idx
    ON reservation_transactions (owner_id, created_at)
    INCLUDE (reservation_id, kind, total_cents, payment_amount_cents)
    WHERE voided_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservation_transactions_owner_created_idx`.execute(db);
}
