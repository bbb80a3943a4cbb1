import { type Kysely, sql } from 'kysely';

/**
 * Custom rental agreements (issue 20 item 3, docs/decisions/037):
 * - rental_agreements: each saved version of a business's agreement, numbered 1, 2, 3 … per owner,
 *   with the business name it was written under and its PDF (drawn once when saved). A trigger refuses
 *   any change and any delete: a booking accepted a version, and that version stays as it was.
 * - reservations.agreement_id / agreement_accepted_at: the version a client accepted and when; both
 *   null for bookings under Rentza's standard terms (and bookings the business made for a client).
 * - email_attachments.agreement_id: an email may attach an agreement's PDF instead of a document's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rental_agreements (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    version integer NOT NULL CHECK (version >= 1),
    body text NOT NULL CHECK (length(btrim(body)) > 0 AND length(body) <= 20000),
    business_name text NOT NULL,
    pdf bytea NOT NULL,
    created_by uuid REFERENCES users (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (owner_id, version)
  )`.execute(db);
  await sql`CREATE FUNCTION rental_agreements_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'a rental agreement version is never changed or deleted';
    END $$`.execute(db);
  await sql`CREATE TRIGGER rental_agreements_immutable BEFORE UPDATE OR DELETE ON rental_agreements
    FOR EACH ROW EXECUTE FUNCTION rental_agreements_immutable()`.execute(db);

  await sql`ALTER TABLE reservations
    ADD COLUMN agreement_id uuid REFERENCES rental_agreements (id) ON DELETE RESTRICT,
    ADD COLUMN agreement_accepted_at timestamptz,
    ADD CONSTRAINT reservations_agreement_accepted
      CHECK ((agreement_id IS NULL) = (agreement_accepted_at IS NULL))`.execute(db);

  await sql`ALTER TABLE email_attachments
    ALTER COLUMN document_id DROP NOT NULL,
    ADD COLUMN agreement_id uuid REFERENCES rental_agreements (id) ON DELETE RESTRICT,
    ADD CONSTRAINT email_attachments_one_file CHECK (num_nonnulls(document_id, agreement_id) = 1)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM email_attachments WHERE agreement_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE email_attachments
    DROP CONSTRAINT email_attachments_one_file,
    DROP COLUMN agreement_id,
    ALTER COLUMN document_id SET NOT NULL`.execute(db);
  await sql`ALTER TABLE reservations
    DROP CONSTRAINT reservations_agreement_accepted,
    DROP COLUMN agreement_accepted_at,
    DROP COLUMN agreement_id`.execute(db);
  await sql`DROP TABLE rental_agreements`.execute(db);
  await sql`DROP FUNCTION rental_agreements_immutable()`.execute(db);
}
