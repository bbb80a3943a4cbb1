import { type Kysely, sql } from 'kysely';

/**
 * Billing (docs/decisions/016): seasonal rate periods per listing, each business's catalogues of
 * stock items and ad hoc charge types, and the billing lines of each reservation.
 *
 * - Rate periods of one listing never overlap: an exclusion constraint on [start_date, end_date).
 * - Catalogue entries and billing lines are never deleted once money refers to them: an entry used
 *   on a line is archived; a deleted line is voided (kept, with who voided it and when), so issued
 *   documents and the history behind them never change.
 * - Every amount is integer cents; percentages are numeric(5,2). The server computes sub_total,
 *   tax and total from quantity, unit price and tax % (domain/billing.ts); the CHECKs below keep a
 *   row's arithmetic consistent whatever writes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE property_rates (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    property_id uuid NOT NULL REFERENCES properties (id) ON DELETE RESTRICT,
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    start_date date NOT NULL,
    end_date date NOT NULL,
    rate_cents integer NOT NULL CHECK (rate_cents > 0),
    currency text NOT NULL DEFAULT 'ZAR' CHECK (currency = 'ZAR'),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT rate_period_order CHECK (end_date > start_date),
    CONSTRAINT no_overlapping_rates EXCLUDE USING gist (
      property_id WITH =,
      daterange(start_date, end_date, '[)') WITH &&
    )
  )`.execute(db);

  await sql`CREATE TABLE stock_items (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    sku text,
    unit_price_cents integer NOT NULL DEFAULT 0 CHECK (unit_price_cents >= 0),
    tax_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_percent >= 0 AND tax_percent <= 100),
    unit text NOT NULL DEFAULT 'ea',
    is_active boolean NOT NULL DEFAULT true,
    archived_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX stock_items_owner_idx ON stock_items (owner_id, name) WHERE archived_at IS NULL`.execute(
    db,
  );

  await sql`CREATE TABLE extra_charge_types (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    name text NOT NULL CHECK (length(btrim(name)) > 0),
    default_amount_cents integer NOT NULL DEFAULT 0 CHECK (default_amount_cents >= 0),
    tax_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_percent >= 0 AND tax_percent <= 100),
    is_active boolean NOT NULL DEFAULT true,
    archived_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE INDEX extra_charge_types_owner_idx ON extra_charge_types (owner_id, name) WHERE archived_at IS NULL`.execute(
    db,
  );

  // kind: charges (ad_hoc, stock, rental) raise what is owed; payment lowers it; the deposit kinds
  // are the security-deposit ledger (received and refunded are not revenue; kept becomes revenue and
  // is settled from the deposit, so it is both a charge and a payment).
  await sql`CREATE TABLE reservation_transactions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE RESTRICT,
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    kind text NOT NULL CHECK (kind IN (
      'ad_hoc', 'stock', 'rental', 'payment', 'deposit_received', 'deposit_refunded', 'deposit_kept'
    )),
    description text NOT NULL CHECK (length(btrim(description)) > 0),
    quantity numeric(10, 2) NOT NULL DEFAULT 1 CHECK (quantity > 0),
    unit text,
    unit_price_cents integer NOT NULL DEFAULT 0,
    tax_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (tax_percent >= 0 AND tax_percent <= 100),
    discount_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (discount_percent >= 0 AND discount_percent <= 100),
    sub_total_cents integer NOT NULL DEFAULT 0,
    tax_cents integer NOT NULL DEFAULT 0,
    total_cents integer NOT NULL DEFAULT 0,
    payment_amount_cents integer CHECK (payment_amount_cents > 0),
    payment_method text CHECK (payment_method IN ('manual', 'payfast')),
    transaction_ref text,
    stock_item_id uuid REFERENCES stock_items (id) ON DELETE RESTRICT,
    extra_charge_type_id uuid REFERENCES extra_charge_types (id) ON DELETE RESTRICT,
    note text,
    created_by uuid REFERENCES users (id) ON DELETE RESTRICT,
    voided_at timestamptz,
    voided_by uuid REFERENCES users (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT transaction_total CHECK (total_cents = sub_total_cents + tax_cents),
    CONSTRAINT transaction_payment CHECK (
      (kind IN ('payment', 'deposit_received', 'deposit_refunded')) = (payment_amount_cents IS NOT NULL)
    ),
    CONSTRAINT transaction_payment_method CHECK ((kind = 'payment') = (payment_method IS NOT NULL)),
    CONSTRAINT transaction_stock CHECK (stock_item_id IS NULL OR kind = 'stock')
  )`.execute(db);
  await sql`CREATE INDEX reservation_transactions_reservation_idx
    ON reservation_transactions (reservation_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE reservation_transactions`.execute(db);
  await sql`DROP TABLE extra_charge_types`.execute(db);
  await sql`DROP TABLE stock_items`.execute(db);
  await sql`DROP TABLE property_rates`.execute(db);
}
