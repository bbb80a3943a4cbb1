import { type Kysely, sql } from 'kysely';

/**
 * A business's private notes about one of its clients (issue 21 item 11, docs/decisions/050). A
 * client record is already one per owner and client, so the notes live on it; never shown to the
 * client. Bounded so a note cannot grow without limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients
    ADD COLUMN notes text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 4000),
    ADD COLUMN notes_updated_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE clients DROP COLUMN notes, DROP COLUMN notes_updated_at`.execute(db);
}
