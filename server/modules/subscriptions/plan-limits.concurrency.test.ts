import { describe, expect, it } from 'vitest';
import { CATEGORIES_BY_TYPE } from '../../../domain/property.ts';
import { insertProperty, SPECS, signInOwner } from '../../test/booking-fixtures.ts';
import { type ServerProcess, signInOn, useSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/**
 * A plan's limit holds when requests race for its last place on two servers: the subscription row is
 * locked while the listings are counted and the new one written. PostgreSQL only (PGlite serialises).
 */
const databaseUrl = testDatabaseUrl();
const ATTEMPTS = 20;

describe.runIf(databaseUrl)('plan limits under concurrency (PostgreSQL only)', () => {
  const shared = useSharedServers(databaseUrl as string);

  it(`Pro with 9 listings: ${ATTEMPTS} creations at once on two shared.servers make exactly the 10th`, {
    timeout: 120_000,
  }, async () => {
    const { user } = await signInOwner(shared.t, 'pro');
    for (let i = 0; i < 9; i++) await insertProperty(shared.t.db, user.id);
    const cookies = await Promise.all(
      shared.servers.map((server) => signInOn(server, user.email, user.password)),
    );
    const responses = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) => {
        const server = shared.servers[i % 2] as ServerProcess;
        return fetch(`${server.url}/api/properties`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: cookies[i % 2] as string,
            origin: server.url,
          },
          body: JSON.stringify({
            type: 'accommodation',
            category: CATEGORIES_BY_TYPE.accommodation[0],
            title: `Race cottage ${i}`,
            description: 'A cottage that races for the last place on the plan.',
            city: 'Cape Town',
            location: 'Bree Street, Cape Town',
            price_per_day_cents: 60000,
            specifications: SPECS.accommodation,
          }),
        });
      }),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array(ATTEMPTS - 1).fill(403)]);
    const listings = await shared.t.db
      .selectFrom('properties')
      .select('id')
      .where('owner_id', '=', user.id)
      .where('archived_at', 'is', null)
      .execute();
    expect(listings).toHaveLength(10);
  });
});
