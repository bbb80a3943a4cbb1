import { type Kysely, sql } from 'kysely';

/**
 * Getting paid online (issue 23, docs/decisions/057):
 * - owner_payment_accounts: the owner's own PayFast merchant (key and passphrase encrypted at rest)
 *   or "EFT only"; usable once verified.
 * - payfast_simulator_merchants: the merchants the local simulator knows (PAYFAST_MODE=simulator),
 *   as PayFast knows its merchants; never read in sandbox or live.
 * - payment_plans: how a business (property_id null) or one listing is paid: in full at booking, or a
 *   deposit at booking and the balance N days before the start; the security deposit with the
 *   balance or collected separately. cancellation_policies: free until N days before, then a %.
 * - properties.instant_book: a request is confirmed at once.
 * - reservations.payment_terms: the plan and policy in force when the booking was confirmed (a later
 *   change of plan does not change what a client agreed to); deposit_due_cents and balance_due_on
 *   are what it says, kept as columns for the overdue queries.
 * - booking_payments: each online payment we ask PayFast for (m_payment_id = reference), settled at
 *   most once per pf_payment_id; its billing lines and receipt.
 * - payment_links: a link to pay a booking's balance without signing in (token stored hashed).
 * - payment_reminders: each reminder sent, once per booking, kind and due date.
 * - reservation_transactions: 'refund' (an overpayment paid back to the client; a deposit goes back
 *   as deposit_refunded) and how a refund was paid out (payout_method); the online payment a line
 *   came from (booking_payment_id, one line per kind).
 * - email_attachments.booking_payment_id: a payment's receipt PDF.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE owner_payment_accounts (
    owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
    method text NOT NULL CHECK (method IN ('payfast', 'eft_only')),
    merchant_id text CHECK (merchant_id ~ '^[0-9]{5,12}$'),
    merchant_key_encrypted text,
    passphrase_encrypted text,
    verified_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT owner_payment_account_payfast CHECK (
      method = 'eft_only'
      OR (merchant_id IS NOT NULL AND merchant_key_encrypted IS NOT NULL AND passphrase_encrypted IS NOT NULL)
    )
  )`.execute(db);

  await sql`CREATE TABLE payfast_simulator_merchants (
    merchant_id text PRIMARY KEY,
    merchant_key text NOT NULL,
    passphrase text NOT NULL,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE payment_plans (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    property_id uuid REFERENCES properties (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('full', 'deposit')),
    deposit_type text NOT NULL DEFAULT 'percent' CHECK (deposit_type IN ('percent', 'amount')),
    deposit_percent numeric(5, 2) NOT NULL DEFAULT 0 CHECK (deposit_percent >= 0 AND deposit_percent <= 100),
    deposit_amount_cents integer NOT NULL DEFAULT 0 CHECK (deposit_amount_cents >= 0),
    balance_days_before integer NOT NULL DEFAULT 0 CHECK (balance_days_before BETWEEN 0 AND 365),
    security_deposit text NOT NULL DEFAULT 'with_balance' CHECK (security_deposit IN ('with_balance', 'separately')),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX payment_plans_business_idx ON payment_plans (owner_id) WHERE property_id IS NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX payment_plans_listing_idx ON payment_plans (property_id) WHERE property_id IS NOT NULL`.execute(
    db,
  );

  await sql`CREATE TABLE cancellation_policies (
    owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
    free_until_days_before integer NOT NULL CHECK (free_until_days_before BETWEEN 0 AND 365),
    fee_percent numeric(5, 2) NOT NULL CHECK (fee_percent >= 0 AND fee_percent <= 100),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`ALTER TABLE properties ADD COLUMN instant_book boolean NOT NULL DEFAULT false`.execute(db);

  await sql`ALTER TABLE reservations
    ADD COLUMN payment_terms jsonb,
    ADD COLUMN deposit_due_cents integer CHECK (deposit_due_cents >= 0),
    ADD COLUMN balance_due_on date`.execute(db);
  await sql`CREATE INDEX reservations_balance_due_idx ON reservations (owner_id, balance_due_on)
    WHERE balance_due_on IS NOT NULL AND status = 'confirmed'`.execute(db);

  await sql`CREATE TABLE booking_payments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    reference text NOT NULL UNIQUE,
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE RESTRICT,
    merchant_id text NOT NULL,
    purpose text NOT NULL CHECK (purpose IN ('due_now', 'balance', 'security_deposit')),
    payment_cents integer NOT NULL CHECK (payment_cents >= 0),
    security_deposit_cents integer NOT NULL CHECK (security_deposit_cents >= 0),
    amount_cents integer NOT NULL CHECK (amount_cents > 0 AND amount_cents = payment_cents + security_deposit_cents),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete', 'failed', 'cancelled')),
    gateway_payment_id text UNIQUE,
    failure_reason text,
    payer_user_id uuid REFERENCES users (id) ON DELETE RESTRICT,
    payment_link_id uuid,
    receipt_number text,
    receipt_pdf bytea,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    completed_at timestamptz
  )`.execute(db);
  await sql`CREATE INDEX booking_payments_reservation_idx ON booking_payments (reservation_id, created_at)`.execute(
    db,
  );

  await sql`ALTER TABLE reservation_transactions
    ADD COLUMN booking_payment_id uuid REFERENCES booking_payments (id) ON DELETE RESTRICT,
    ADD COLUMN payout_method text CHECK (payout_method IN ('eft', 'cash', 'card', 'payfast', 'other'))`.execute(
    db,
  );
  // One line of each kind per online payment: a replayed notification cannot write a second.
  await sql`CREATE UNIQUE INDEX reservation_transactions_booking_payment_idx
    ON reservation_transactions (booking_payment_id, kind) WHERE booking_payment_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE reservation_transactions
    DROP CONSTRAINT reservation_transactions_kind_check,
    DROP CONSTRAINT transaction_payment,
    DROP CONSTRAINT transaction_payment_method`.execute(db);
  await sql`ALTER TABLE reservation_transactions
    ADD CONSTRAINT reservation_transactions_kind_check CHECK (kind IN (
      'ad_hoc', 'stock', 'rental', 'payment', 'refund', 'deposit_received', 'deposit_refunded', 'deposit_kept'
    )),
    ADD CONSTRAINT transaction_payment CHECK (
      (kind IN ('payment', 'refund', 'deposit_received', 'deposit_refunded')) = (payment_amount_cents IS NOT NULL)
    ),
    ADD CONSTRAINT transaction_payment_method CHECK ((kind = 'payment') = (payment_method IS NOT NULL)),
    ADD CONSTRAINT transaction_payout_method CHECK (
      (kind IN ('refund', 'deposit_refunded')) OR payout_method IS NULL
    ),
    ADD CONSTRAINT transaction_refund_payout CHECK (kind <> 'refund' OR payout_method IS NOT NULL)`.execute(
    db,
  );

  await sql`CREATE TABLE payment_links (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    token_hash text NOT NULL UNIQUE,
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE RESTRICT,
    created_by uuid REFERENCES users (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`.execute(db);
  await sql`ALTER TABLE booking_payments
    ADD CONSTRAINT booking_payments_link_fk FOREIGN KEY (payment_link_id) REFERENCES payment_links (id) ON DELETE RESTRICT`.execute(
    db,
  );

  await sql`CREATE TABLE payment_reminders (
    reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE RESTRICT,
    kind text NOT NULL CHECK (kind IN ('before_due', 'overdue')),
    due_on date NOT NULL,
    sent_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (reservation_id, kind, due_on)
  )`.execute(db);

  await sql`ALTER TABLE email_attachments
    ADD COLUMN booking_payment_id uuid REFERENCES booking_payments (id) ON DELETE RESTRICT,
    DROP CONSTRAINT email_attachments_one_file`.execute(db);
  await sql`ALTER TABLE email_attachments
    ADD CONSTRAINT email_attachments_one_file CHECK (num_nonnulls(document_id, agreement_id, booking_payment_id) = 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM email_attachments WHERE booking_payment_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE email_attachments DROP CONSTRAINT email_attachments_one_file, DROP COLUMN booking_payment_id`.execute(
    db,
  );
  await sql`ALTER TABLE email_attachments
    ADD CONSTRAINT email_attachments_one_file CHECK (num_nonnulls(document_id, agreement_id) = 1)`.execute(
    db,
  );
  await sql`DROP TABLE payment_reminders`.execute(db);
  await sql`DELETE FROM reservation_transactions WHERE kind = 'refund'`.execute(db);
  await sql`ALTER TABLE reservation_transactions
    DROP CONSTRAINT transaction_refund_payout,
    DROP CONSTRAINT transaction_payout_method,
    DROP CONSTRAINT transaction_payment_method,
    DROP CONSTRAINT transaction_payment,
    DROP CONSTRAINT reservation_transactions_kind_check,
    DROP COLUMN payout_method,
    DROP COLUMN booking_payment_id`.execute(db);
  await sql`ALTER TABLE reservation_transactions
    ADD CONSTRAINT reservation_transactions_kind_check CHECK (kind IN (
      'ad_hoc', 'stock', 'rental', 'payment', 'deposit_received', 'deposit_refunded', 'deposit_kept'
    )),
    ADD CONSTRAINT transaction_payment CHECK (
      (kind IN ('payment', 'deposit_received', 'deposit_refunded')) = (payment_amount_cents IS NOT NULL)
    ),
    ADD CONSTRAINT transaction_payment_method CHECK ((kind = 'payment') = (payment_method IS NOT NULL))`.execute(
    db,
  );
  await sql`DROP TABLE booking_payments`.execute(db);
  await sql`DROP TABLE payment_links`.execute(db);
  await sql`ALTER TABLE reservations DROP COLUMN payment_terms, DROP COLUMN deposit_due_cents, DROP COLUMN balance_due_on`.execute(
    db,
  );
  await sql`ALTER TABLE properties DROP COLUMN instant_book`.execute(db);
  await sql`DROP TABLE cancellation_policies`.execute(db);
  await sql`DROP TABLE payment_plans`.execute(db);
  await sql`DROP TABLE payfast_simulator_merchants`.execute(db);
  await sql`DROP TABLE owner_payment_accounts`.execute(db);
}
