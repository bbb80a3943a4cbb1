import { type Kysely, sql } from 'kysely';

/**
 * Rows a reservation refers to are archived or deactivated, never deleted with it (docs/decisions/006):
 * listings get `archived_at` (the old 'archived' status becomes it), and every foreign key on the path
 * from a reservation to a listing, a client or a user refuses the delete instead of cascading.
 */
const GUARDED_KEYS = [
  { table: 'reservations', column: 'property_id', references: 'properties', was: 'CASCADE' },
  { table: 'reservations', column: 'owner_id', references: 'users', was: 'CASCADE' },
  { table: 'reservations', column: 'created_by', references: 'users', was: 'SET NULL' },
  { table: 'clients', column: 'owner_id', references: 'users', was: 'CASCADE' },
  { table: 'clients', column: 'user_id', references: 'users', was: 'SET NULL' },
  { table: 'properties', column: 'owner_id', references: 'users', was: 'CASCADE' },
  { table: 'users', column: 'parent_owner_id', references: 'users', was: 'CASCADE' },
] as const;

async function setOnDelete(db: Kysely<unknown>, key: (typeof GUARDED_KEYS)[number], action: string) {
  const name = `${key.table}_${key.column}_fkey`;
  await sql`ALTER TABLE ${sql.table(key.table)}
    DROP CONSTRAINT ${sql.id(name)},
    ADD CONSTRAINT ${sql.id(name)} FOREIGN KEY (${sql.id(key.column)})
      REFERENCES ${sql.table(key.references)}(id) ON DELETE ${sql.raw(action)}`.execute(db);
}

async function replaceListingIndexes(db: Kysely<unknown>, listed: string) {
  await sql`DROP INDEX IF EXISTS properties_search_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_listed_idx`.execute(db);
  await sql`CREATE INDEX properties_search_idx ON properties (type, city, price_per_day_cents) WHERE ${sql.raw(listed)}`.execute(
    db,
  );
  await sql`CREATE INDEX properties_listed_idx ON properties (created_at DESC) WHERE ${sql.raw(listed)}`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE properties ADD COLUMN archived_at timestamptz`.execute(db);
  await sql`UPDATE properties SET archived_at = updated_at, status = 'available' WHERE status = 'archived'`.execute(
    db,
  );
  await sql`ALTER TABLE properties
    DROP CONSTRAINT properties_status_check,
    ADD CONSTRAINT properties_status_check CHECK (status IN ('available', 'maintenance'))`.execute(db);
  await replaceListingIndexes(db, "is_active AND status = 'available' AND archived_at IS NULL");
  for (const key of GUARDED_KEYS) await setOnDelete(db, key, 'RESTRICT');
  // The foreign-key check on deleting a listing, and "does it have reservations", read this.
  await sql`CREATE INDEX reservations_property_idx ON reservations (property_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservations_property_idx`.execute(db);
  for (const key of GUARDED_KEYS) await setOnDelete(db, key, key.was);
  await replaceListingIndexes(db, "is_active AND status = 'available'");
  await sql`ALTER TABLE properties
    DROP CONSTRAINT properties_status_check,
    ADD CONSTRAINT properties_status_check CHECK (status IN ('available', 'maintenance', 'archived'))`.execute(
    db,
  );
  await sql`UPDATE properties SET status = 'archived' WHERE archived_at IS NOT NULL`.execute(db);
  await sql`ALTER TABLE properties DROP COLUMN archived_at`.execute(db);
}
