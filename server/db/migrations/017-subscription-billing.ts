import { type Kysely, sql } from 'kysely';

/**
 * Subscriptions in the database (issue 13): the payment model, add-ons, the gateway's token and saved
 * payment method; every gateway attempt (`payments`) and every notification received
 * (`payment_notifications`, kept verbatim, applied or not); numbered Rentza tax invoices for paid
 * subscription payments; and the reminders already sent, so a reminder goes once per period across
 * servers and restarts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE subscriptions
      ADD COLUMN payment_method text NOT NULL DEFAULT 'subscription'
        CHECK (payment_method IN ('subscription', 'commission')),
      ADD COLUMN commission_rate numeric(4, 3) NOT NULL DEFAULT 0.100
        CHECK (commission_rate >= 0 AND commission_rate < 1),
      ADD COLUMN payment_processor text CHECK (payment_processor IN ('payfast', 'stripe')),
      ADD COLUMN gateway_token text,
      ADD COLUMN saved_method_type text CHECK (saved_method_type IN ('card', 'bank_account', 'eft')),
      ADD COLUMN saved_method_name text,
      ADD COLUMN saved_method_brand text,
      ADD COLUMN saved_method_last_used timestamptz,
      ADD COLUMN past_due_since timestamptz,
      ADD CONSTRAINT subscriptions_commission_on_starter
        CHECK (payment_method <> 'commission' OR plan_id = 'starter')`.execute(db);

  await sql`
    CREATE TABLE subscription_add_ons (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subscription_id uuid NOT NULL REFERENCES subscriptions(id),
      add_on_id text NOT NULL
        CHECK (add_on_id IN ('homepage_boost', 'photography', 'custom_agreement', 'branded_profile')),
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      added_at timestamptz NOT NULL DEFAULT now(),
      removed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX subscription_add_ons_active_idx ON subscription_add_ons (subscription_id, add_on_id)
    WHERE removed_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      subscription_id uuid NOT NULL REFERENCES subscriptions(id),
      gateway text NOT NULL CHECK (gateway IN ('payfast', 'stripe')),
      reference text NOT NULL UNIQUE,
      parent_payment_id uuid REFERENCES payments(id),
      kind text NOT NULL CHECK (kind IN ('subscription', 'manual', 'update_method', 'test', 'renewal')),
      plan_id text NOT NULL CHECK (plan_id IN ('starter', 'pro', 'business')),
      add_on_ids text[] NOT NULL DEFAULT '{}',
      description text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'failed', 'cancelled')),
      gateway_payment_id text,
      failure_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      UNIQUE (gateway, gateway_payment_id)
    )`.execute(db);
  await sql`CREATE INDEX payments_owner_idx ON payments (owner_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE payment_notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      gateway text NOT NULL CHECK (gateway IN ('payfast', 'stripe')),
      received_at timestamptz NOT NULL DEFAULT now(),
      source_ip text,
      raw_body text NOT NULL,
      payment_id uuid REFERENCES payments(id),
      gateway_payment_id text,
      gateway_status text,
      outcome text NOT NULL CHECK (outcome IN ('applied', 'recorded', 'duplicate', 'rejected')),
      reason text
    )`.execute(db);
  await sql`CREATE INDEX payment_notifications_payment_idx ON payment_notifications (payment_id)`.execute(db);

  await sql`
    CREATE TABLE platform_invoice_sequence (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      last_number integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`INSERT INTO platform_invoice_sequence (id, last_number) VALUES (true, 0)`.execute(db);

  await sql`
    CREATE TABLE subscription_invoices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      subscription_id uuid NOT NULL REFERENCES subscriptions(id),
      payment_id uuid NOT NULL UNIQUE REFERENCES payments(id),
      number integer NOT NULL UNIQUE CHECK (number > 0),
      invoice_date date NOT NULL,
      description text NOT NULL,
      plan_id text NOT NULL CHECK (plan_id IN ('starter', 'pro', 'business')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      vat_cents integer NOT NULL CHECK (vat_cents >= 0),
      vat_rate_percent numeric(5, 2) NOT NULL,
      period_start date NOT NULL,
      period_end date NOT NULL CHECK (period_end > period_start),
      status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'pending', 'failed')),
      snapshot jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX subscription_invoices_owner_idx ON subscription_invoices (owner_id, invoice_date DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE subscription_reminders (
      subscription_id uuid NOT NULL REFERENCES subscriptions(id),
      period_end timestamptz NOT NULL,
      days_before integer NOT NULL CHECK (days_before > 0),
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subscription_id, period_end, days_before)
    )`.execute(db);

  // Listings of an owner whose subscription has lapsed stop showing in search (joined on owner_id).
  await sql`CREATE INDEX subscriptions_status_idx ON subscriptions (status, current_period_end)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX subscriptions_status_idx`.execute(db);
  for (const table of [
    'subscription_reminders',
    'subscription_invoices',
    'platform_invoice_sequence',
    'payment_notifications',
    'payments',
    'subscription_add_ons',
  ]) {
    await sql`DROP TABLE ${sql.id(table)}`.execute(db);
  }
  await sql`
    ALTER TABLE subscriptions
      DROP CONSTRAINT subscriptions_commission_on_starter,
      DROP COLUMN payment_method, DROP COLUMN commission_rate, DROP COLUMN payment_processor,
      DROP COLUMN gateway_token, DROP COLUMN saved_method_type, DROP COLUMN saved_method_name,
      DROP COLUMN saved_method_brand, DROP COLUMN saved_method_last_used, DROP COLUMN past_due_since`.execute(
    db,
  );
}
