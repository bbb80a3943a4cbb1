import { type Kysely, sql } from 'kysely';

/**
 * The price fixed when a reservation is booked (docs/decisions/016): `total_price_cents` becomes the
 * sum of the reservation's charge lines once it is billed line by line, and returns to the booked
 * price when every charge line is deleted. A trigger fills the booked price from the total on
 * insert, so every way a reservation is written keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE reservations ADD COLUMN booked_price_cents integer`.execute(db);
  await sql`UPDATE reservations SET booked_price_cents = total_price_cents`.execute(db);
  await sql`ALTER TABLE reservations ALTER COLUMN booked_price_cents SET NOT NULL`.execute(db);
  await sql`ALTER TABLE reservations ADD CONSTRAINT booked_price_not_negative CHECK (booked_price_cents >= 0)`.execute(
    db,
  );
  await sql`CREATE FUNCTION reservations_booked_price() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.booked_price_cents := COALESCE(NEW.booked_price_cents, NEW.total_price_cents);
      RETURN NEW;
    END
  $$`.execute(db);
  await sql`CREATE TRIGGER reservations_booked_price BEFORE INSERT ON reservations
    FOR EACH ROW EXECUTE FUNCTION reservations_booked_price()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER reservations_booked_price ON reservations`.execute(db);
  await sql`DROP FUNCTION reservations_booked_price()`.execute(db);
  await sql`ALTER TABLE reservations DROP COLUMN booked_price_cents`.execute(db);
}
