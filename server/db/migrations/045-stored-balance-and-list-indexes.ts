import { type Kysely, sql } from 'kysely';

/**
 * Reservation Management's balance, status and client sorts and its overdue filter at 20 000 bookings
 * (issue 24 item 5, docs/decisions/069).
 *
 * A booking's balance due, stored: Reservation Management
 * sorted by balance and filtered "overdue" by summing every billing line of the business for each
 * page (56–143 ms p95 at 20 000 bookings). Now each booking keeps the sums of its not-voided lines,
 * written by a trigger in the same statement as every insert, update or delete of its lines, and its
 * balance due is a generated column over those sums and its own status and total: ledgerSummary and
 * unbilledTotalOf (domain/billing.ts), in SQL. Nothing is deleted; amounts stay integer cents.
 *
 * - ledger_billed: a not-voided charge line exists (CHARGE_KINDS: ad_hoc, stock, rental, deposit_kept);
 * - ledger_charges_cents: their totals;
 * - ledger_payments_cents: payments − refunds + deposits kept (a kept deposit settles its own charge);
 * - balance_due_cents: max(0, (billed ? charges : cancelled ? 0 : total) − payments).
 *
 * The trigger recomputes the sums of each booking a statement touched from its lines (a booking has a
 * handful), so a bulk insert or a void is one update per booking, and a sum can never drift by a
 * missed delta. reservation-balance.test.ts holds the stored balance equal to ledgerSummary over the
 * lines after every kind of write.
 */
/**
 * Sets the sums of the bookings `ids` (a query of reservation ids) from their not-voided lines: one
 * aggregate joined to the bookings, not a subquery per booking, so a statement writing 560 000 lines
 * of 180 000 bookings is one pass over the lines however stale the statistics (a seed or a restore
 * right after the migration, when the table looked empty to the planner, would otherwise scan the
 * lines once per booking).
 */
const setSums = (ids: string) => `
  UPDATE reservations r
  SET (ledger_billed, ledger_charges_cents, ledger_payments_cents) = (s.billed, s.charges, s.payments)
  FROM (
    SELECT b.id,
      coalesce(bool_or(t.kind IN ('ad_hoc', 'stock', 'rental', 'deposit_kept')), false) AS billed,
      coalesce(sum(t.total_cents) FILTER (WHERE t.kind IN ('ad_hoc', 'stock', 'rental', 'deposit_kept')), 0) AS charges,
      coalesce(sum(t.payment_amount_cents) FILTER (WHERE t.kind = 'payment'), 0)
        - coalesce(sum(t.payment_amount_cents) FILTER (WHERE t.kind = 'refund'), 0)
        + coalesce(sum(t.total_cents) FILTER (WHERE t.kind = 'deposit_kept'), 0) AS payments
    FROM (${ids}) b (id)
    LEFT JOIN reservation_transactions t ON t.reservation_id = b.id AND t.voided_at IS NULL
    GROUP BY b.id
  ) s
  WHERE r.id = s.id`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations
    ADD COLUMN ledger_billed boolean NOT NULL DEFAULT false,
    ADD COLUMN ledger_charges_cents integer NOT NULL DEFAULT 0,
    ADD COLUMN ledger_payments_cents integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE reservations ADD COLUMN balance_due_cents integer GENERATED ALWAYS AS (greatest(0,
    CASE WHEN ledger_billed THEN ledger_charges_cents WHEN status = 'cancelled' THEN 0 ELSE total_price_cents END
    - ledger_payments_cents)) STORED`.execute(db);

  // Recomputes the sums of the bookings whose lines a statement wrote (transition tables: one update
  // per booking per statement, whatever the number of lines).
  await sql`CREATE FUNCTION reservation_ledger_sums() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        ${sql.raw(setSums('SELECT DISTINCT reservation_id FROM new_lines'))};
      ELSIF TG_OP = 'UPDATE' THEN
        ${sql.raw(setSums('SELECT reservation_id FROM new_lines UNION SELECT reservation_id FROM old_lines'))};
      ELSE
        ${sql.raw(setSums('SELECT DISTINCT reservation_id FROM old_lines'))};
      END IF;
      RETURN NULL;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER reservation_transactions_ledger_insert AFTER INSERT ON reservation_transactions
    REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION reservation_ledger_sums()`.execute(
    db,
  );
  await sql`CREATE TRIGGER reservation_transactions_ledger_update AFTER UPDATE ON reservation_transactions
    REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
    FOR EACH STATEMENT EXECUTE FUNCTION reservation_ledger_sums()`.execute(db);
  await sql`CREATE TRIGGER reservation_transactions_ledger_delete AFTER DELETE ON reservation_transactions
    REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION reservation_ledger_sums()`.execute(
    db,
  );

  await sql.raw(setSums('SELECT DISTINCT reservation_id FROM reservation_transactions')).execute(db);

  // Sorted by balance: a business's page from the index, in the order of the sort (balance, id).
  await sql`CREATE INDEX reservations_owner_balance_idx ON reservations (owner_id, balance_due_cents, id)`.execute(
    db,
  );
  // Sorted by status: the order of the sort (status, then id) for a business (036's index has the
  // start date after the status, for the status filter's default order).
  await sql`CREATE INDEX reservations_owner_status_id_idx ON reservations (owner_id, status, id)`.execute(db);
  // Sorted by client name: a booking's client is always one of its business's clients (the booking
  // and its edit check it, reservation.service.ts); the database now holds it too, so the list may
  // read the business's clients in name order and each one's bookings (a page of 25 visits about
  // 30 clients) instead of joining every client of every business to sort 20 000 bookings.
  await sql`CREATE UNIQUE INDEX clients_id_owner_key ON clients (id, owner_id)`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT reservations_client_of_business
    FOREIGN KEY (client_id, owner_id) REFERENCES clients (id, owner_id) ON DELETE RESTRICT`.execute(db);
  await sql`CREATE INDEX clients_owner_name_idx ON clients (owner_id, first_name, last_name, id)`.execute(db);
  // Overdue: the confirmed or completed bookings of a business still owing, by balance date; the few
  // that are overdue instead of every booking's lines.
  await sql`CREATE INDEX reservations_owner_overdue_idx ON reservations (owner_id, balance_due_on)
    WHERE status IN ('confirmed', 'completed') AND balance_due_cents > 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS reservations_owner_overdue_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_owner_name_idx`.execute(db);
  await sql`ALTER TABLE reservations DROP CONSTRAINT IF EXISTS reservations_client_of_business`.execute(db);
  await sql`DROP INDEX IF EXISTS clients_id_owner_key`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_owner_status_id_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS reservations_owner_balance_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reservation_transactions_ledger_delete ON reservation_transactions`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS reservation_transactions_ledger_update ON reservation_transactions`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS reservation_transactions_ledger_insert ON reservation_transactions`.execute(
    db,
  );
  await sql`DROP FUNCTION IF EXISTS reservation_ledger_sums()`.execute(db);
  await sql`ALTER TABLE reservations DROP COLUMN balance_due_cents, DROP COLUMN ledger_payments_cents,
    DROP COLUMN ledger_charges_cents, DROP COLUMN ledger_billed`.execute(db);
}
