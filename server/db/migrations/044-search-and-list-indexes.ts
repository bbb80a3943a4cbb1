import { type Kysely, sql } from 'kysely';

const LISTED = `is_active AND status = 'available' AND archived_at IS NULL`;

/**
 * Search and the list endpoints at scale (issue 24 items 2 and 5, docs/decisions/068): each index
 * below is one that EXPLAIN on bench/search.ts's 200 000 listings / 2 000 000 reservations, or
 * bench/list-endpoints.ts's business with 20 000 bookings, showed was missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Search by dates pages listings in order and checks each against its own blocking bookings (the
  // NOT EXISTS of property.repository.ts): this answers "a booking of this listing ending after the
  // check-in" from the index alone, start date and time included, instead of reading every booking
  // the listing ever had from the table (reservations_property_idx).
  await sql`CREATE INDEX reservations_search_blocking_idx ON reservations (property_id, end_date)
    INCLUDE (start_date, start_time) WHERE status IN ('pending', 'confirmed')`.execute(db);
  // A type searched, newest first (the home page's chips, every search with a type): its listings in
  // the page's order with what the other filters read, so the page and the capped count read only
  // that type's entries, from the index alone.
  await sql`CREATE INDEX properties_type_order_idx ON properties (type, created_at DESC, id)
    INCLUDE (price_per_day_cents, owner_id, availability_start, availability_end) WHERE ${sql.raw(LISTED)}`.execute(
    db,
  );
  // Sorted by price: the listed listings in the order of a price sort (cheapest, then newest, then
  // id), with what the other filters read, so a price range reads its page (and its capped count)
  // from the index instead of sorting every listing of the range.
  await sql`CREATE INDEX properties_price_order_idx ON properties (price_per_day_cents, created_at DESC, id)
    INCLUDE (type, owner_id, availability_start, availability_end) WHERE ${sql.raw(LISTED)}`.execute(db);

  // Reservation Management (docs/decisions/046) for a business with 20 000 bookings: the count and the
  // page's ids read the business's bookings from the index alone (with what the listing, client and
  // balance sorts join on, the status and total they read, and the reference a search matches),
  // instead of 20 000 heap rows.
  await sql`CREATE INDEX reservations_owner_list_idx ON reservations (owner_id, id)
    INCLUDE (property_id, client_id, status, total_price_cents, reference)`.execute(db);
  // Sorted by listing or client name: the names to join from an index, not the wide rows.
  await sql`CREATE INDEX properties_title_idx ON properties (title, id)`.execute(db);
  await sql`CREATE INDEX clients_name_idx ON clients (first_name, last_name, id)`.execute(db);
  // Reservation Management's text search matches clients by full name or email (one expression,
  // reservation.repository.ts CLIENT_SEARCH_TEXT): a trigram index instead of testing every client.
  await sql`CREATE INDEX clients_search_text_trgm_idx ON clients
    USING gin ((first_name || ' ' || last_name || chr(31) || email) gin_trgm_ops) WITH (fastupdate = off)`.execute(
    db,
  );
  // The admin's users by name (lower first, lower last, id): a page from the index alone instead of
  // sorting every user; the names themselves included, as an index-only scan of an expression needs.
  await sql`CREATE INDEX users_name_order_idx ON users (lower(first_name), lower(last_name), id)
    INCLUDE (first_name, last_name)`.execute(db);
  // The admin's search by name or email, one expression (admin-user.repository.ts USER_SEARCH_TEXT):
  // a trigram index finds the matching users instead of testing four columns of every user.
  // fastupdate off, as for the listings' text (008): no pending list for PGlite, which never vacuums.
  await sql`CREATE INDEX users_search_text_trgm_idx ON users
    USING gin ((first_name || ' ' || last_name || chr(31) || email) gin_trgm_ops) WITH (fastupdate = off)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS users_search_text_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_name_order_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_search_text_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_name_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_title_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_owner_list_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_price_order_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS properties_type_order_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_search_blocking_idx`.execute(db);
}
