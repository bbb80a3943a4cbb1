import { type Kysely, sql } from 'kysely';

/**
 * The Reports screen (issue 20 item 6, docs/decisions/039) reads a business's billing lines recorded
 * in a period: by owner and time, the voided ones left out. Before this, that read scanned every line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX reservation_transactions_owner_created_idx
    ON reservation_transactions (owner_id, created_at) WHERE voided_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservation_transactions_owner_created_idx`.execute(db);
}
