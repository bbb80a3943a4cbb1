import { type Kysely, sql } from 'kysely';

/**
 * Add-ons cost what the screen says (issue 19, docs/decisions/031): an add-on bought on a free plan is a
 * payment of its own kind (`add_on`, a checkout that starts recurring billing); an add-on's row says
 * from when it is billed (`billed_from`: null when it was paid with the period it was added in, the next
 * billing date when its charge was deferred); and the PayFast simulator keeps the recurring amount of
 * each subscription it issued, so an amount update through its API changes what it charges.
 * `subscription_add_ons.removed_at` may now lie in the future: a removal ends the add-on at the period end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_kind_check
    CHECK (kind IN ('subscription', 'manual', 'update_method', 'test', 'renewal', 'add_on'))`.execute(db);
  await sql`ALTER TABLE subscription_add_ons ADD COLUMN billed_from timestamptz`.execute(db);
  await sql`
    CREATE TABLE payfast_simulator_subscriptions (
      token text PRIMARY KEY,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payfast_simulator_subscriptions`.execute(db);
  await sql`ALTER TABLE subscription_add_ons DROP COLUMN billed_from`.execute(db);
  await sql`ALTER TABLE payments DROP CONSTRAINT payments_kind_check`.execute(db);
  await sql`ALTER TABLE payments ADD CONSTRAINT payments_kind_check
    CHECK (kind IN ('subscription', 'manual', 'update_method', 'test', 'renewal'))`.execute(db);
}
