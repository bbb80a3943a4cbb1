import { describe, expect, it } from 'vitest';
import type { ChangePlanResult } from '../../../domain/schemas/subscription.ts';
import { payfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { type ServerProcess, useSharedServers } from '../../test/server-processes.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { buildItn } from '../payfast-simulator/payfast-simulator.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';

/**
 * PayFast retries an ITN until it gets a 200, so copies can arrive at once on different servers. On
 * PostgreSQL only: PGlite serialises everything in one process, so a pass there would prove nothing.
 */
const databaseUrl = testDatabaseUrl();
const COPIES = 10;

describe.runIf(databaseUrl)('one ITN, 10 copies at once on two server processes (PostgreSQL only)', () => {
  const shared = useSharedServers(databaseUrl as string);

  it('is applied exactly once: one activation, one payment completed, one invoice, nine duplicates', {
    timeout: 120_000,
  }, async () => {
    const { user, cookie } = await shared.t.signInAs({ role: 'owner' });
    await ensureStarterSubscription(shared.t.db, user.id);
    const result = (
      await shared.t.post('/api/subscription/plan', { planId: 'pro' }, { cookie })
    ).json<ChangePlanResult>();
    if (result.outcome !== 'checkout') throw new Error('expected a checkout');
    const order = Object.fromEntries(result.payment.formFields ?? []);
    // The shared.servers sign with the simulator's merchant, as this test app does.
    const body = buildItn(
      order,
      {
        status: 'COMPLETE',
        pfPaymentId: '424242',
        amountCents: 29900,
        token: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d',
      },
      payfastSettings(shared.t.config),
    );

    const responses = await Promise.all(
      Array.from({ length: COPIES }, (_, i) =>
        fetch(`${(shared.servers[i % 2] as ServerProcess).url}/api/payments/payfast/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(COPIES).fill(200));

    let outcomes: string[] = [];
    for (let attempt = 0; attempt < 400 && outcomes.length < COPIES; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const rows = await shared.t.db
        .selectFrom('payment_notifications')
        .select('outcome')
        .where('gateway_payment_id', '=', '424242')
        .execute();
      outcomes = rows.map((row) => row.outcome).sort();
    }
    expect(outcomes).toEqual(['applied', ...Array(COPIES - 1).fill('duplicate')]);

    const subscription = await shared.t.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('owner_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ plan_id: 'pro', status: 'active' });
    const payments = await shared.t.db
      .selectFrom('payments')
      .selectAll()
      .where('owner_id', '=', user.id)
      .execute();
    expect(payments).toEqual([expect.objectContaining({ status: 'complete', gateway_payment_id: '424242' })]);
    const invoices = await shared.t.db
      .selectFrom('subscription_invoices')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toHaveLength(1);
  });
});
