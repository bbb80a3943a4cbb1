import { type Kysely, sql } from 'kysely';

/**
 * Commission is charged (issue 19, docs/decisions/032): on the commission model each completed booking
 * accrues 10 % of its total (a credit when a completed booking is reversed); at the start of each month
 * (Africa/Johannesburg) the open accruals close into a statement with a numbered Rentza tax invoice,
 * paid through a once-off PayFast checkout (a `payments` row of kind 'commission').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE commission_statements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      subscription_id uuid NOT NULL REFERENCES subscriptions(id),
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      number integer NOT NULL UNIQUE CHECK (number > 0),
      issue_date date NOT NULL,
      due_date date NOT NULL CHECK (due_date >= issue_date),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      vat_cents integer NOT NULL CHECK (vat_cents >= 0 AND vat_cents <= amount_cents),
      vat_rate_percent numeric(5, 2) NOT NULL,
      status text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'paid')),
      paid_at timestamptz,
      payment_id uuid,
      snapshot jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (owner_id, month),
      CHECK ((status = 'paid') = (paid_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX commission_statements_due_idx ON commission_statements (due_date) WHERE status = 'due'`.execute(
    db,
  );

  await sql`
    CREATE TABLE commission_accruals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      reservation_id uuid NOT NULL REFERENCES reservations(id),
      sequence integer NOT NULL CHECK (sequence > 0),
      kind text NOT NULL CHECK (kind IN ('charge', 'credit')),
      base_cents integer NOT NULL CHECK (base_cents >= 0),
      rate numeric(4, 3) NOT NULL CHECK (rate >= 0 AND rate < 1),
      amount_cents integer NOT NULL,
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      occurred_at timestamptz NOT NULL,
      statement_id uuid REFERENCES commission_statements(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (reservation_id, sequence),
      CHECK ((kind = 'charge') = (sequence % 2 = 1)),
      CHECK ((kind = 'charge' AND amount_cents >= 0) OR (kind = 'credit' AND amount_cents <= 0))
    )`.execute(db);
  await sql`CREATE INDEX commission_accruals_open_idx ON commission_accruals (owner_id, month)
    WHERE statement_id IS NULL`.execute(db);
  await sql`CREATE INDEX commission_accruals_statement_idx ON commission_accruals (statement_id)`.execute(db);

  await sql`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_kind_check
    CHECK (kind IN ('subscription', 'manual', 'update_method', 'test', 'renewal', 'add_on', 'commission'))`.execute(
    db,
  );
  await sql`ALTER TABLE payments ADD COLUMN commission_statement_id uuid REFERENCES commission_statements(id),
    ADD CONSTRAINT payments_commission_statement CHECK ((kind = 'commission') = (commission_statement_id IS NOT NULL))`.execute(
    db,
  );
  await sql`ALTER TABLE commission_statements ADD CONSTRAINT commission_statements_payment_fk
    FOREIGN KEY (payment_id) REFERENCES payments(id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE commission_statements DROP CONSTRAINT commission_statements_payment_fk`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_commission_statement, DROP COLUMN commission_statement_id`.execute(
    db,
  );
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_kind_check
    CHECK (kind IN ('subscription', 'manual', 'update_method', 'test', 'renewal', 'add_on'))`.execute(db);
  await sql`DROP TABLE commission_accruals`.execute(db);
  await sql`DROP TABLE commission_statements`.execute(db);
}
