import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES } from '../../../domain/schemas/blocked-period.ts';
import { bookingBody, day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/**
 * A booking and a block racing for the same nights (migration 035). Only against PostgreSQL
 * (TEST_DATABASE_URL): PGlite serialises requests, so the race cannot happen there.
 */
const databaseUrl = testDatabaseUrl();
const ROUNDS = 12;
const DATES_TAKEN = 'Those dates are no longer available. Please choose different dates.';

describe.runIf(databaseUrl)('bookings and blocks racing (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Deadlocks PostgreSQL has broken in this test's database so far. */
  const deadlocks = async () => {
    await sql`SELECT pg_stat_clear_snapshot()`.execute(t.db);
    const { rows } = await sql<{ deadlocks: string }>`
      SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()`.execute(t.db);
    return Number(rows[0]?.deadlocks);
  };

  it(`${ROUNDS} rounds of a client booking and the owner blocking the same nights at once: exactly one wins`, {
    timeout: 180_000,
  }, async () => {
    const owner = await signInOwner(t);
    const clients = await Promise.all([1, 2, 3].map(() => t.signInAs({ role: 'client' })));
    const deadlocksBefore = await deadlocks();
    for (let round = 0; round < ROUNDS; round++) {
      const listing = await insertProperty(t.db, owner.user.id);
      const responses = await Promise.all([
        ...clients.map(({ cookie }) =>
          t.post('/api/reservations', bookingBody(listing.id, 10, 3), { cookie }),
        ),
        t.post(
          `/api/properties/${listing.id}/blocked-periods`,
          { start_date: day(11), end_date: day(14), reason: 'owner_use' },
          { cookie: owner.cookie },
        ),
      ]);
      const won = responses.filter((response) => response.statusCode === 201);
      expect(won).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(clients.length);
      const blockWon = responses.at(-1)?.statusCode === 201;
      // Each loser is told what holds the nights: the block, or the booking that won.
      const bookingLoss = blockWon ? BLOCK_MESSAGES.datesBlocked : DATES_TAKEN;
      for (const response of responses.slice(0, -1).filter((r) => r.statusCode === 409))
        expect(response.json().message).toBe(bookingLoss);
      if (!blockWon) expect(responses.at(-1)?.json().message).toBe(BLOCK_MESSAGES.bookingHolds);
      const held = await t.db
        .selectFrom('occupied_periods')
        .select(['reservation_id', 'block_id'])
        .where('property_id', '=', listing.id)
        .execute();
      expect(held).toHaveLength(1);
      expect(!!held[0]?.block_id).toBe(blockWon);
    }
    expect(await deadlocks()).toBe(deadlocksBefore);
  });
});
