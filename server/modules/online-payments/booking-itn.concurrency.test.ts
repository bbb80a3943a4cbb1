import { describe, expect, it } from 'vitest';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { type ServerProcess, useSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { BOOKING_NOTIFY_PATH } from './booking-checkout.ts';
import { bookingItn, givePayfastAccount, linesOfPayment, orderOf } from './booking-payment-fixtures.ts';

/**
 * PayFast retries an ITN until it gets a 200, so copies of a booking's payment notification can
 * arrive at once on different servers. On PostgreSQL only: PGlite serialises everything in one
 * process, so a pass there would prove nothing.
 */
const databaseUrl = testDatabaseUrl();
const COPIES = 10;

describe.runIf(databaseUrl)(
  'one booking ITN, 10 copies at once on two server processes (PostgreSQL only)',
  () => {
    const shared = useSharedServers(databaseUrl as string);

    it('writes exactly one Payment line: one applied, nine duplicates', { timeout: 120_000 }, async () => {
      const t = shared.t;
      const owner = await ownerWithDetails(t);
      const client = await t.signInAs({ role: 'client' });
      const merchant = await givePayfastAccount(t, owner.user.id);
      const reservation = await booking(t, owner, { status: 'confirmed', clientUserId: client.user.id });
      const response = await t.post(`/api/reservations/${reservation.id}/pay`, {}, { cookie: client.cookie });
      expect(response.statusCode, response.body).toBe(200);
      const body = bookingItn(orderOf(response.json<PaymentStart>()), merchant, { pfPaymentId: '525252' });

      const responses = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          fetch(`${(shared.servers[i % 2] as ServerProcess).url}${BOOKING_NOTIFY_PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
          }),
        ),
      );
      expect(responses.map((answer) => answer.status)).toEqual(Array(COPIES).fill(200));

      let outcomes: string[] = [];
      for (let attempt = 0; attempt < 400 && outcomes.length < COPIES; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const rows = await t.db
          .selectFrom('payment_notifications')
          .select('outcome')
          .where('gateway_payment_id', '=', '525252')
          .execute();
        outcomes = rows.map((row) => row.outcome).sort();
      }
      expect(outcomes).toEqual(['applied', ...Array(COPIES - 1).fill('duplicate')]);
      expect(await linesOfPayment(t, reservation.id)).toEqual([
        expect.objectContaining({ kind: 'payment', payment_amount_cents: reservation.total_price_cents }),
      ]);
    });
  },
);
