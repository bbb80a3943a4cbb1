import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_QUOTA_MESSAGES } from '../../../domain/booking-quota.ts';
import {
  bookingBody,
  day,
  insertProperty,
  newClientInput,
  planRefusalsToday,
  setPlan,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type ServerProcess, signInOn, startSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/**
 * No double booking under real concurrency. These run only against PostgreSQL (TEST_DATABASE_URL):
 * PGlite is a single connection inside one process, so its "concurrent" requests are serialised and
 * the race these tests look for cannot happen there — a pass on PGlite would prove nothing.
 */
const databaseUrl = testDatabaseUrl();
const ATTEMPTS = 50;
const DATES_TAKEN = 'Those dates are no longer available. Please choose different dates.';
const MONTHLY_LIMIT = "You've reached your monthly limit of 5 bookings. Upgrade for unlimited bookings.";

describe.runIf(databaseUrl)('concurrent bookings (PostgreSQL only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 90_000);
  afterAll(async () => {
    await t?.close();
  });

  const blockingRows = (propertyId: string) =>
    t.db
      .selectFrom('reservations')
      .select(['id', 'start_date', 'end_date', 'status'])
      .where('property_id', '=', propertyId)
      .where('status', 'in', ['pending', 'confirmed'])
      .execute();

  const outboxAbout = (title: string) =>
    t.db.selectFrom('email_outbox').select('to_address').where('subject', 'like', `%${title}%`).execute();

  it(`${ATTEMPTS} clients ask for the same dates at once: one 201, ${ATTEMPTS - 1} × 409`, {
    timeout: 180_000,
  }, async () => {
    const owner = await signInOwner(t, 'business');
    const title = `Clifton Bungalow ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title });
    const clients = await Promise.all(Array.from({ length: ATTEMPTS }, () => t.signInAs({ role: 'client' })));

    const responses = await Promise.all(
      clients.map(({ cookie }) => t.post('/api/reservations', bookingBody(property.id, 10, 3), { cookie })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ATTEMPTS - 1);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(DATES_TAKEN);
    }
    const winner = responses
      .find((response) => response.statusCode === 201)
      ?.json<{ id: string; client: { email: string } }>();
    const rows = await blockingRows(property.id);
    expect(rows).toEqual([{ id: winner?.id, start_date: day(10), end_date: day(13), status: 'pending' }]);
    // The losers' transactions rolled back whole: no client records and no emails for them.
    const clientRows = await t.db
      .selectFrom('clients')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(clientRows).toHaveLength(1);
    expect((await outboxAbout(title)).map((row) => row.to_address).sort()).toEqual(
      [owner.user.email, winner?.client.email].sort(),
    );
  });

  // The monthly limit counts what the business takes on, not clients' requests (docs/decisions/022).
  it("a Starter owner's 12 simultaneous walk-ins on free dates: exactly 5", {
    timeout: 120_000,
  }, async () => {
    const owner = await signInOwner(t, 'starter');
    const property = await insertProperty(t.db, owner.user.id);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.post(
          '/api/reservations',
          bookingBody(property.id, 10 + i * 2, 1, { new_client: newClientInput() }),
          {
            cookie: owner.cookie,
          },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
    for (const response of responses.filter((r) => r.statusCode === 403)) {
      expect(response.json().message).toBe(MONTHLY_LIMIT);
    }
    expect(await blockingRows(property.id)).toHaveLength(5);
  });

  it('12 clients asking a Starter owner whose month is full, at once: all refused, one email to the owner (docs/decisions/033)', {
    timeout: 120_000,
  }, async () => {
    const owner = await signInOwner(t, 'starter');
    const title = `Full Month Drill ${randomUUID().slice(0, 8)}`;
    const property = await insertProperty(t.db, owner.user.id, { title, type: 'equipment' });
    for (let i = 0; i < 5; i++) {
      const walkIn = await t.post(
        '/api/reservations',
        bookingBody(property.id, 10 + i * 2, 1, { new_client: newClientInput() }),
        { cookie: owner.cookie },
      );
      expect(walkIn.statusCode).toBe(201);
    }
    const clients = await Promise.all(Array.from({ length: 12 }, () => t.signInAs({ role: 'client' })));
    const responses = await Promise.all(
      clients.map(({ cookie }, i) =>
        t.post('/api/reservations', bookingBody(property.id, 30 + i * 2, 1), { cookie }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(BOOKING_QUOTA_MESSAGES.notTakingBookings);
    }
    const mails = await t.db
      .selectFrom('email_outbox')
      .select('to_address')
      .where('subject', '=', `A booking request for ${title} was refused by your plan`)
      .execute();
    expect(mails.map((mail) => mail.to_address)).toEqual([owner.user.email]);
    expect(await planRefusalsToday(t.db, owner.user.id)).toBe(12);
  });

  it('one client sending 12 simultaneous requests on free dates: exactly 3 wait', {
    timeout: 120_000,
  }, async () => {
    const owner = await signInOwner(t, 'starter');
    const property = await insertProperty(t.db, owner.user.id);
    const { cookie } = await t.signInAs({ role: 'client' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.post('/api/reservations', bookingBody(property.id, 10 + i * 2, 1), { cookie }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().message).toBe(BOOKING_QUOTA_MESSAGES.tooManyRequests);
    }
    expect(await blockingRows(property.id)).toHaveLength(3);
  });

  it("a Starter owner accepting 12 clients' requests at once: exactly 5 accepted", {
    timeout: 120_000,
  }, async () => {
    const owner = await signInOwner(t, 'starter');
    const property = await insertProperty(t.db, owner.user.id);
    const requests: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { cookie } = await t.signInAs({ role: 'client' });
      const response = await t.post('/api/reservations', bookingBody(property.id, 10 + i * 2, 1), { cookie });
      expect(response.statusCode).toBe(201);
      requests.push(response.json<{ id: string }>().id);
    }
    const responses = await Promise.all(
      requests.map((id) =>
        t.patch(`/api/reservations/${id}`, { status: 'confirmed' }, { cookie: owner.cookie }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(7);
    const confirmed = (await blockingRows(property.id)).filter((row) => row.status === 'confirmed');
    expect(confirmed).toHaveLength(5);
  });

  describe('two server processes sharing the database', () => {
    type Server = ServerProcess;
    const servers: Server[] = [];

    let stopServers: () => Promise<void> = async () => {};
    beforeAll(async () => {
      const started = await startSharedServers(t.db, databaseUrl as string, 2);
      servers.push(...started.servers);
      stopServers = started.stop;
    }, 180_000);

    afterAll(() => stopServers(), 60_000);

    it(`${ATTEMPTS} bookings for the same dates split across both servers: one 201, ${ATTEMPTS - 1} × 409`, {
      timeout: 180_000,
    }, async () => {
      const owner = await t.createUser({ role: 'owner' });
      // Business plan: the monthly booking limit cannot interfere.
      await setPlan(t.db, owner.id, 'business');
      const title = `Tsitsikamma Cabin ${randomUUID().slice(0, 8)}`;
      const property = await insertProperty(t.db, owner.id, { title });
      const cookies = await Promise.all(
        servers.map((server) => signInOn(server, owner.email, owner.password)),
      );
      // Warm both servers (connections, JIT) so the 50 bookings really arrive together.
      await Promise.all(
        servers.flatMap((server, s) =>
          Array.from({ length: 10 }, () =>
            fetch(`${server.url}/api/reservations?property_id=${property.id}`, {
              headers: { cookie: cookies[s] as string, origin: server.url },
            }).then((response) => expect(response.status).toBe(200)),
          ),
        ),
      );

      const results = await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, i) => {
          const server = servers[i % 2] as Server;
          const response = await fetch(`${server.url}/api/reservations`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: cookies[i % 2] as string,
              origin: server.url,
            },
            body: JSON.stringify(bookingBody(property.id, 20, 4, { new_client: newClientInput() })),
          });
          return {
            server: i % 2,
            status: response.status,
            body: (await response.json()) as { id?: string; message?: string },
          };
        }),
      );

      const winners = results.filter((result) => result.status === 201);
      const losers = results.filter((result) => result.status === 409);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(ATTEMPTS - 1);
      for (const loser of losers) expect(loser.body.message).toBe(DATES_TAKEN);
      // Both servers took part in the race and each turned bookings away.
      expect(new Set(losers.map((loser) => loser.server))).toEqual(new Set([0, 1]));

      const rows = await blockingRows(property.id);
      expect(rows).toEqual([
        { id: winners[0]?.body.id, start_date: day(20), end_date: day(24), status: 'pending' },
      ]);
      const clientRows = await t.db
        .selectFrom('clients')
        .select('id')
        .where('owner_id', '=', owner.id)
        .execute();
      expect(clientRows).toHaveLength(1);
      const winnerClient = (
        await t.db
          .selectFrom('reservations as r')
          .innerJoin('clients as c', 'c.id', 'r.client_id')
          .select('c.email')
          .where('r.id', '=', winners[0]?.body.id as string)
          .executeTakeFirstOrThrow()
      ).email;
      expect((await outboxAbout(title)).map((row) => row.to_address).sort()).toEqual(
        [owner.email, winnerClient].sort(),
      );
    });

    it(`${ATTEMPTS} hourly bookings of one venue, all holding 14:00–15:00, split across both servers: one 201`, {
      timeout: 180_000,
    }, async () => {
      const owner = await t.createUser({ role: 'owner' });
      await setPlan(t.db, owner.id, 'business');
      const property = await insertProperty(t.db, owner.id, {
        type: 'event_space',
        title: `Rosebank Hall ${randomUUID().slice(0, 8)}`,
      });
      const cookies = await Promise.all(
        servers.map((server) => signInOn(server, owner.email, owner.password)),
      );
      // Different slots of at least 4 hours that all hold the hour from 14:00: any two overlap.
      const slots = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00'].map(
        (start) => {
          const [h, m] = start.split(':').map(Number) as [number, number];
          return { start, end: `${String(h + 5).padStart(2, '0')}:${String(m).padStart(2, '0')}` };
        },
      );
      const results = await Promise.all(
        Array.from({ length: ATTEMPTS }, async (_, i) => {
          const server = servers[i % 2] as Server;
          const slot = slots[i % slots.length] as { start: string; end: string };
          const response = await fetch(`${server.url}/api/reservations`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              cookie: cookies[i % 2] as string,
              origin: server.url,
            },
            body: JSON.stringify({
              property_id: property.id,
              start_date: day(25),
              start_time: slot.start,
              end_time: slot.end,
              new_client: newClientInput(),
            }),
          });
          return {
            server: i % 2,
            status: response.status,
            body: (await response.json()) as { message?: string },
          };
        }),
      );
      const winners = results.filter((result) => result.status === 201);
      const losers = results.filter((result) => result.status === 409);
      const others = JSON.stringify(
        results.filter((result) => result.status !== 201 && result.status !== 409),
      );
      expect(winners, others).toHaveLength(1);
      expect(losers, others).toHaveLength(ATTEMPTS - 1);
      for (const loser of losers) expect(loser.body.message).toBe(DATES_TAKEN);
      expect(new Set(losers.map((loser) => loser.server))).toEqual(new Set([0, 1]));
      expect(await blockingRows(property.id)).toHaveLength(1);
    });
  });
});
