import { type Kysely, sql } from 'kysely';

/** The listings search shows (migration 006); every search index is partial on it. */
const LISTED = "is_active AND status = 'available' AND archived_at IS NULL";

/**
 * What the text search (`q`) reads: title, location, city and description, joined by the unit
 * separator (chr(31)) so a match cannot span two fields. The repository's searchProperties uses this
 * same expression, or the index does not serve it.
 */
export const SEARCH_TEXT = 'title || chr(31) || location || chr(31) || city || chr(31) || description';

/**
 * A listing's city is free text (any town, not only the ten suggested), and search matches it
 * case-insensitively with `lower(city) = lower($1)`: the search indexes key on lower(city), and
 * statistics on lower(city) let the planner know how many listings a city has (a partial index's
 * expression gets none). The text search reads four fields through one trigram index (an OR of four
 * ILIKEs was planned as a sequential scan, measured in bench/search.ts).
 * Existing cities get their spacing tidied the way the form now stores it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE properties SET city = regexp_replace(btrim(city), '\\s+', ' ', 'g')
    WHERE city <> regexp_replace(btrim(city), '\\s+', ' ', 'g')`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_search_idx`.execute(db);
  await sql`CREATE INDEX properties_search_idx ON properties (type, lower(city), price_per_day_cents)
    WHERE ${sql.raw(LISTED)}`.execute(db);
  // A city search without a type, newest first (the type-led index above cannot serve it).
  await sql`CREATE INDEX properties_city_idx ON properties (lower(city), created_at DESC)
    WHERE ${sql.raw(LISTED)}`.execute(db);
  await sql`CREATE STATISTICS properties_lower_city_stats ON (lower(city)) FROM properties`.execute(db);
  // fastupdate off: no pending list, which only (auto)vacuum would flush and PGlite never runs;
  // with one the planner prices the index out and scans the table. Listings are written rarely.
  await sql`CREATE INDEX properties_search_text_trgm_idx ON properties
    USING gin ((${sql.raw(SEARCH_TEXT)}) gin_trgm_ops) WITH (fastupdate = off)`.execute(db);
  await sql`ANALYZE properties`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS properties_search_text_trgm_idx`.execute(db);
  await sql`DROP STATISTICS IF EXISTS properties_lower_city_stats`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_city_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_search_idx`.execute(db);
  await sql`CREATE INDEX properties_search_idx ON properties (type, city, price_per_day_cents)
    WHERE ${sql.raw(LISTED)}`.execute(db);
}
