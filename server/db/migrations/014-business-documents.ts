import { type Kysely, sql } from 'kysely';

/**
 * Business details and documents (docs/decisions/017).
 *
 * - business_details: what a business's documents print about it (one row per owner).
 * - vat_rates: the South African VAT rate by the date it took effect; a document uses the rate in
 *   force on its issue date.
 * - document_sequences: one counter per business and series (INV, CN). A number is taken by
 *   incrementing the row inside the transaction that inserts the document, so the row stays locked
 *   until commit: numbers are consecutive, never reused and never skipped (a rollback undoes both).
 * - documents: issued invoices and credit notes (numbered; UNIQUE per business and series) and the
 *   quotes and confirmations that were emailed (unnumbered), each with its frozen content and, once
 *   drawn, its PDF. A trigger refuses any change to an issued document (beyond storing its PDF once)
 *   and any delete.
 * - email_attachments: documents attached to an outbox email, so a retried send still has them.
 * - clients.address and clients.vat_number: the recipient's details a tax invoice over R 5 000 needs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE business_details (
    owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE RESTRICT,
    trading_name text NOT NULL CHECK (length(btrim(trading_name)) > 0),
    address text NOT NULL CHECK (length(btrim(address)) > 0),
    phone text,
    email text,
    vat_registered boolean NOT NULL DEFAULT false,
    vat_number text CHECK (vat_number ~ '^4[0-9]{9}$'),
    logo_key text,
    bank_name text,
    bank_account_holder text,
    bank_account_number text,
    bank_branch_code text,
    bank_account_type text CHECK (bank_account_type IN ('Cheque', 'Savings', 'Transmission', 'Business')),
    payment_terms text,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT vat_vendor_has_number CHECK (NOT vat_registered OR vat_number IS NOT NULL)
  )`.execute(db);

  await sql`CREATE TABLE vat_rates (
    effective_from date PRIMARY KEY,
    rate_percent numeric(5, 2) NOT NULL CHECK (rate_percent >= 0 AND rate_percent < 100)
  )`.execute(db);
  await sql`INSERT INTO vat_rates (effective_from, rate_percent) VALUES
    ('1993-04-07', 14.00),
    ('2018-04-01', 15.00)`.execute(db);

  await sql`CREATE TABLE document_sequences (
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    series text NOT NULL CHECK (series IN ('INV', 'CN')),
    last_number integer NOT NULL CHECK (last_number > 0),
    PRIMARY KEY (owner_id, series)
  )`.execute(db);

  await sql`CREATE TABLE documents (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    owner_id uuid NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    reservation_id uuid NOT NULL REFERENCES reservations (id) ON DELETE RESTRICT,
    kind text NOT NULL CHECK (kind IN ('confirmation', 'quote', 'invoice', 'credit_note')),
    series text CHECK (series IN ('INV', 'CN')),
    number integer CHECK (number > 0),
    issue_date date NOT NULL,
    replaces_id uuid REFERENCES documents (id) ON DELETE RESTRICT,
    credits_id uuid UNIQUE REFERENCES documents (id) ON DELETE RESTRICT,
    total_cents integer NOT NULL,
    tax_cents integer NOT NULL,
    snapshot jsonb NOT NULL,
    pdf bytea,
    pdf_sha256 text,
    created_by uuid REFERENCES users (id) ON DELETE RESTRICT,
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT document_number_unique UNIQUE (owner_id, series, number),
    CONSTRAINT document_numbered CHECK (
      (kind = 'invoice' AND series = 'INV' AND number IS NOT NULL)
      OR (kind = 'credit_note' AND series = 'CN' AND number IS NOT NULL)
      OR (kind IN ('confirmation', 'quote') AND series IS NULL AND number IS NULL)
    ),
    CONSTRAINT credit_note_credits CHECK ((kind = 'credit_note') = (credits_id IS NOT NULL)),
    CONSTRAINT document_pdf_hash CHECK ((pdf IS NULL) = (pdf_sha256 IS NULL))
  )`.execute(db);
  await sql`CREATE INDEX documents_reservation_idx ON documents (reservation_id, created_at)`.execute(db);

  await sql`CREATE FUNCTION documents_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'documents are never deleted' USING ERRCODE = 'restrict_violation';
      END IF;
      IF OLD.pdf IS NOT NULL
        OR (to_jsonb(NEW) - 'pdf' - 'pdf_sha256') IS DISTINCT FROM (to_jsonb(OLD) - 'pdf' - 'pdf_sha256') THEN
        RAISE EXCEPTION 'an issued document never changes' USING ERRCODE = 'restrict_violation';
      END IF;
      RETURN NEW;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER documents_immutable BEFORE UPDATE OR DELETE ON documents
    FOR EACH ROW EXECUTE FUNCTION documents_immutable()`.execute(db);

  await sql`ALTER TABLE email_outbox ADD COLUMN reply_to text`.execute(db);
  await sql`CREATE TABLE email_attachments (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    outbox_id uuid NOT NULL REFERENCES email_outbox (id) ON DELETE CASCADE,
    document_id uuid NOT NULL REFERENCES documents (id) ON DELETE RESTRICT,
    file_name text NOT NULL,
    position integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX email_attachments_outbox_idx ON email_attachments (outbox_id, position)`.execute(db);
  await sql`ALTER TABLE dev_mailbox
    ADD COLUMN reply_to text,
    ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);

  await sql`ALTER TABLE clients
    ADD COLUMN address text,
    ADD COLUMN vat_number text CHECK (vat_number ~ '^4[0-9]{9}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients DROP COLUMN vat_number, DROP COLUMN address`.execute(db);
  await sql`ALTER TABLE dev_mailbox DROP COLUMN attachments, DROP COLUMN reply_to`.execute(db);
  await sql`DROP TABLE email_attachments`.execute(db);
  await sql`ALTER TABLE email_outbox DROP COLUMN reply_to`.execute(db);
  await sql`DROP TABLE documents`.execute(db);
  await sql`DROP FUNCTION documents_immutable()`.execute(db);
  await sql`DROP TABLE document_sequences`.execute(db);
  await sql`DROP TABLE vat_rates`.execute(db);
  await sql`DROP TABLE business_details`.execute(db);
}
