import { type Kysely, sql } from 'kysely';
import { CATEGORIES_BY_TYPE } from '../../../domain/property.ts';

const categoryCheck = Object.entries(CATEGORIES_BY_TYPE)
  .map(
    ([type, categories]) =>
      `(type = '${type}' AND category IN (${categories.map((c) => `'${c}'`).join(', ')}))`,
  )
  .join(' OR ');

/** Subscriptions, clients, properties with photos, and reservations with the no-double-booking constraint. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      plan_id text NOT NULL DEFAULT 'starter' CHECK (plan_id IN ('starter', 'pro', 'business')),
      status text NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'trialing', 'past_due', 'cancelled', 'inactive')),
      current_period_start timestamptz NOT NULL DEFAULT now(),
      current_period_end timestamptz NOT NULL DEFAULT now() + interval '30 days',
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE clients (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      first_name text NOT NULL CHECK (length(trim(first_name)) > 0),
      last_name text NOT NULL CHECK (length(trim(last_name)) > 0),
      email text NOT NULL CHECK (email = lower(email)),
      phone text,
      region text,
      is_active boolean NOT NULL DEFAULT true,
      user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (owner_id, email)
    )`.execute(db);
  await sql`CREATE INDEX clients_user_idx ON clients (user_id)`.execute(db);

  await sql`
    CREATE TABLE properties (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('accommodation', 'vehicle', 'equipment', 'electronics', 'event_space', 'storage_space')),
      category text NOT NULL,
      title text NOT NULL CHECK (length(trim(title)) > 0),
      description text NOT NULL,
      city text NOT NULL,
      location text NOT NULL,
      price_per_day_cents integer NOT NULL CHECK (price_per_day_cents >= 0),
      currency text NOT NULL DEFAULT 'ZAR',
      amenities text[] NOT NULL DEFAULT '{}',
      availability_start date,
      availability_end date,
      is_active boolean NOT NULL DEFAULT true,
      status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'maintenance', 'archived')),
      cleaning_fee_cents integer NOT NULL DEFAULT 0 CHECK (cleaning_fee_cents >= 0),
      security_deposit_cents integer NOT NULL DEFAULT 0 CHECK (security_deposit_cents >= 0),
      specifications jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT category_matches_type CHECK (${sql.raw(categoryCheck)}),
      CONSTRAINT specifications_match_type CHECK (specifications->>'type' = type),
      CONSTRAINT availability_window CHECK (availability_end IS NULL OR availability_start IS NULL OR availability_end > availability_start)
    )`.execute(db);
  await sql`CREATE INDEX properties_owner_idx ON properties (owner_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX properties_search_idx ON properties (type, city, price_per_day_cents) WHERE is_active AND status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX properties_listed_idx ON properties (created_at DESC) WHERE is_active AND status = 'available'`.execute(
    db,
  );
  await sql`CREATE INDEX properties_location_trgm_idx ON properties USING gin (location gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX properties_title_trgm_idx ON properties USING gin (title gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE property_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      display_key text NOT NULL,
      thumbnail_key text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX property_images_property_idx ON property_images (property_id, position)`.execute(db);

  await sql`
    CREATE TABLE reservations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      client_id uuid NOT NULL REFERENCES clients(id) ON DELETE RESTRICT,
      start_date date NOT NULL,
      end_date date NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'completed', 'cancelled')),
      total_price_cents integer NOT NULL DEFAULT 0 CHECK (total_price_cents >= 0),
      security_deposit_cents integer NOT NULL DEFAULT 0 CHECK (security_deposit_cents >= 0),
      guests integer NOT NULL DEFAULT 1 CHECK (guests >= 1),
      special_requests text,
      voucher_number text,
      purchase_order_number text,
      tax_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_percent >= 0),
      discount_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent >= 0 AND discount_percent <= 100),
      rate_override_per_day_cents integer CHECK (rate_override_per_day_cents >= 0),
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT reservation_dates CHECK (end_date > start_date),
      CONSTRAINT no_double_booking EXCLUDE USING gist (
        property_id WITH =,
        daterange(start_date, end_date, '[)') WITH &&
      ) WHERE (status IN ('pending', 'confirmed'))
    )`.execute(db);
  await sql`CREATE INDEX reservations_owner_idx ON reservations (owner_id, start_date)`.execute(db);
  await sql`CREATE INDEX reservations_client_idx ON reservations (client_id)`.execute(db);
  await sql`CREATE INDEX reservations_owner_created_idx ON reservations (owner_id, created_at)`.execute(db);

  // Every owner has a subscription; existing owners get the free Starter plan.
  await sql`INSERT INTO subscriptions (owner_id) SELECT id FROM users WHERE role = 'owner' ON CONFLICT DO NOTHING`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['reservations', 'property_images', 'properties', 'clients', 'subscriptions']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
