import { type Kysely, sql } from 'kysely';

/**
 * Search shows a listing only while its owner's subscription keeps it online (issue 13,
 * docs/decisions/019): the owner joins the narrow index of searchable listings (010), so a search by
 * dates alone still counts and pages them from the index without reading the wide rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS properties_searchable_idx`.execute(db);
  await sql`CREATE INDEX properties_searchable_idx ON properties (created_at DESC, id)
    INCLUDE (type, price_per_day_cents, availability_start, availability_end, owner_id)
    WHERE is_active AND status = 'available' AND archived_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS properties_searchable_idx`.execute(db);
  await sql`CREATE INDEX properties_searchable_idx ON properties (created_at DESC, id)
    INCLUDE (type, price_per_day_cents, availability_start, availability_end)
    WHERE is_active AND status = 'available' AND archived_at IS NULL`.execute(db);
}
