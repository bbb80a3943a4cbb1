import { type Kysely, sql } from 'kysely';

/**
 * Professional photography (issue 20, docs/decisions/036): a business's shoot requests, the listings
 * each is for, and the gallery photos the photographer uploaded for it. One request per owner and
 * Johannesburg month uses the add-on's allowance: `month` is the first day of the month it was made
 * in, unique per owner among requests that are not cancelled (two concurrent requests cannot both
 * pass).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE photography_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'requested'
        CHECK (status IN ('requested', 'scheduled', 'completed', 'cancelled')),
      month date NOT NULL,
      preferred_dates text[] NOT NULL
        CHECK (cardinality(preferred_dates) BETWEEN 1 AND 3),
      earliest_preferred_date text NOT NULL,
      notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 1000),
      scheduled_date date,
      scheduled_time text,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      cancelled_at timestamptz,
      CHECK ((status IN ('scheduled', 'completed')) = (scheduled_date IS NOT NULL AND scheduled_time IS NOT NULL)
        OR status = 'cancelled')
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX photography_requests_month_idx ON photography_requests (owner_id, month)
    WHERE status <> 'cancelled'`.execute(db);
  await sql`CREATE INDEX photography_requests_owner_idx ON photography_requests (owner_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX photography_requests_queue_idx ON photography_requests (status, earliest_preferred_date, created_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE photography_request_listings (
      request_id uuid NOT NULL REFERENCES photography_requests(id) ON DELETE CASCADE,
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      PRIMARY KEY (request_id, property_id)
    )`.execute(db);
  await sql`
    CREATE TABLE photography_request_photos (
      image_id uuid PRIMARY KEY REFERENCES property_images(id) ON DELETE CASCADE,
      request_id uuid NOT NULL REFERENCES photography_requests(id) ON DELETE CASCADE,
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX photography_request_photos_request_idx ON photography_request_photos (request_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE photography_request_photos`.execute(db);
  await sql`DROP TABLE photography_request_listings`.execute(db);
  await sql`DROP TABLE photography_requests`.execute(db);
}
