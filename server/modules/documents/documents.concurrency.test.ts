import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { type ServerProcess, signInOn, useSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';

/**
 * Gapless numbering under real concurrency, on PostgreSQL only: PGlite is one connection in one
 * process, so its "concurrent" requests are serialised and a pass there would prove nothing.
 */
const databaseUrl = testDatabaseUrl();
const INVOICES = 20;

describe.runIf(databaseUrl)('invoice numbers across two server processes (PostgreSQL only)', () => {
  const shared = useSharedServers(databaseUrl as string);

  it(`${INVOICES} invoices issued at once for one business get ${INVOICES} distinct consecutive numbers`, {
    timeout: 180_000,
  }, async () => {
    const owner = await ownerWithDetails(shared.t);
    const reservations: Reservation[] = [];
    for (let i = 0; i < INVOICES; i++) {
      const reservation = await booking(shared.t, owner, { status: 'confirmed' });
      await addLine(shared.t, reservation, {
        description: `Nights ${i}`,
        quantity: 2,
        unitPriceCents: 90_000,
        taxPercent: 15,
      });
      reservations.push(reservation);
    }
    const cookies = await Promise.all(
      shared.servers.map((server) => signInOn(server, owner.user.email, owner.user.password)),
    );

    const results = await Promise.all(
      reservations.map(async (reservation, i) => {
        const server = shared.servers[i % 2] as ServerProcess;
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
    const rows = await shared.t.db
      .selectFrom('documents')
      .select(['number', 'reservation_id'])
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(new Set(rows.map((row) => row.reservation_id)).size).toBe(INVOICES);
    expect(rows.map((row) => row.number).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: INVOICES }, (_, i) => i + 1),
    );
    const sequence = await shared.t.db
      .selectFrom('document_sequences')
      .select('last_number')
      .where('owner_id', '=', owner.user.id)
      .where('series', '=', 'INV')
      .executeTakeFirstOrThrow();
    expect(sequence.last_number).toBe(INVOICES);
  });
});
