import { type Kysely, sql } from 'kysely';

/**
 * The listings an owner boosts with the Homepage boost add-on (issue 20, docs/decisions/035): one row
 * per boosted listing, written when the owner boosts it and deleted when they remove the boost (or the
 * listing is deleted). A row alone features nothing: search joins it to the owner's add-on in use at
 * query time, added no later than the boost, so an add-on that ends stops every boost at once without
 * a job clearing rows, and buying the add-on again starts from no boosts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE property_boosts (
      property_id uuid PRIMARY KEY REFERENCES properties(id) ON DELETE CASCADE,
      boosted_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE property_boosts`.execute(db);
}
