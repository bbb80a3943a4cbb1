import { type Kysely, sql } from 'kysely';

/**
 * The audit log (issue 22 item 4, docs/decisions/051): one row per change to a reservation, its
 * billing lines and documents, a listing's price and availability, staff permissions and a
 * subscription, written in the same transaction as the change.
 *
 * Append-only is the database's rule, not the app's: a trigger refuses UPDATE and DELETE of a row
 * and a statement trigger refuses TRUNCATE. No foreign key points out of it, so no cascade or
 * SET NULL can ever rewrite a row (a deleted reservation's history stays; a user anonymised under
 * POPIA keeps their id here and is shown as anonymised). Personal values are never stored in
 * `changes` (see server/modules/audit), so erasure never needs to touch it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      occurred_at timestamptz NOT NULL DEFAULT now(),
      actor_user_id uuid,
      actor_role text,
      owner_id uuid,
      entity_type text NOT NULL CHECK (length(entity_type) BETWEEN 1 AND 40),
      entity_id text NOT NULL,
      reservation_id uuid,
      action text NOT NULL CHECK (length(action) BETWEEN 1 AND 40),
      changes jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(changes) = 'object'),
      summary text CHECK (summary IS NULL OR length(summary) <= 500)
    )`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);

  // A reservation's history, newest first; the admin screen's filters, each newest first.
  await sql`CREATE INDEX audit_log_reservation_idx ON audit_log (reservation_id, occurred_at DESC, id DESC)
    WHERE reservation_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX audit_log_occurred_idx ON audit_log (occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_owner_idx ON audit_log (owner_id, occurred_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, occurred_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id, occurred_at DESC, id DESC)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
}
