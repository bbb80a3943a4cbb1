import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type ServerProcess, signInOn, startSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/**
 * Gapless numbering under real concurrency, on PostgreSQL only: PGlite is one connection in one
 * process, so its "concurrent" requests are serialised and a pass there would prove nothing.
 */
const databaseUrl = testDatabaseUrl();
const INVOICES = 20;

describe.runIf(databaseUrl)('invoice numbers across two server processes (PostgreSQL only)', () => {
  let t: TestApp;
  let servers: ServerProcess[] = [];
  let stopServers: () => Promise<void> = async () => {};
  beforeAll(async () => {
    t = await createTestApp();
    const started = await startSharedServers(t.db, databaseUrl as string, 2);
    servers = started.servers;
    stopServers = started.stop;
  }, 180_000);
  afterAll(async () => {
    await stopServers();
    await t?.close();
  }, 60_000);

  it(`${INVOICES} invoices issued at once for one business get ${INVOICES} distinct consecutive numbers`, {
    timeout: 180_000,
  }, async () => {
    const owner = await ownerWithDetails(t);
    const reservations: Reservation[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const reservation = await booking(t, owner, { status: 'confirmed' });
      await addLine(t, reservation, {
        description: `Nights ${i}`,
        quantity: 2,
        unitPriceCents: 90_000,
        taxPercent: 15,
      });
      reservations.push(reservation);
    }
    const cookies = await Promise.all(
      servers.map((server) => signInOn(server, owner.user.email, owner.user.password)),
    );

    const results = await Promise.all(
      reservations.map(async (reservation, i) => {
        const server = servers[i % 2] as ServerProcess;
        const response = await fetch(`${server.url}/api/reservations/${reservation.id}/documents/invoice`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: cookies[i % 2] as string,
            origin: server.url,
          },
          body: '{}',
        });
        return {
          server: i % 2,
          status: response.status,
          body: (await response.json()) as { document?: { number: string } },
        };
      }),
    );

    expect(results.map((result) => result.status)).toEqual(Array(INVOICES).fill(201));
    const numbers = results.map((result) => result.body.document?.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: INVOICES }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`),
    );
    const rows = await t.db
      .selectFrom('documents')
      .select(['number', 'reservation_id'])
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(new Set(rows.map((row) => row.reservation_id)).size).toBe(INVOICES);
    expect(rows.map((row) => row.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: INVOICES }, (_, i) => i + 1),
    );
    const sequence = await t.db
      .selectFrom('document_sequences')
      .select('last_number')
      .where('owner_id', '=', owner.user.id)
      .where('series', '=', 'INV')
      .executeTakeFirstOrThrow();
    expect(sequence.last_number).toBe(INVOICES);
  });
});
