import { type Kysely, sql } from 'kysely';

/**
 * A business's public page, /b/<slug> (issue 20 item 4, docs/decisions/038): one row per owner, with
 * the page's address, description, cover image and which contacts it shows. The logo is the business
 * details' logo (documents print the same one). The slug's rules are domain/business-profile.ts; the
 * database repeats the shape and makes it unique whatever its case (lower(slug)), so two businesses
 * can never share an address even if a check in code were skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE business_profiles (
      owner_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE RESTRICT,
      slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) BETWEEN 3 AND 40),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
      cover_key text,
      show_email boolean NOT NULL DEFAULT true,
      show_phone boolean NOT NULL DEFAULT true,
      published boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX business_profiles_slug_key ON business_profiles (lower(slug))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE business_profiles`.execute(db);
}
