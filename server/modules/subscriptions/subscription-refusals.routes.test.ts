import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT } from '../../platform/payments/payfast-gateway.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from './subscription.repository.ts';

/**
 * What the Subscription screen only offers when it makes sense (it hides or disables the button) is
 * refused by the server too, with nothing changed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function starterOwner(app: TestApp = t) {
  const signedIn = await app.signInAs({ role: 'owner' });
  await ensureStarterSubscription(app.db, signedIn.user.id);
  return signedIn;
}

const subscriptionOf = (ownerId: string) =>
  t.db.selectFrom('subscriptions').selectAll().where('owner_id', '=', ownerId).executeTakeFirstOrThrow();

describe('refused by the server, not only hidden in the browser', () => {
  it('cancelling a free plan: 400, and it is not set to cancel', async () => {
    const { user, cookie } = await starterOwner();
    const response = await t.post('/api/subscription/cancel', {}, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('There is nothing to cancel: your plan is free');
    expect(await subscriptionOf(user.id)).toMatchObject({ cancel_at_period_end: false });
  });

  it('reactivating a subscription that is not set to cancel: 409', async () => {
    const { cookie } = await starterOwner();
    const response = await t.post('/api/subscription/reactivate', {}, { cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Your subscription is not set to cancel');
  });

  it('removing an add-on that is not active: 409, nothing written', async () => {
    const { user, cookie } = await starterOwner();
    const response = await t.request('DELETE', '/api/subscription/add-ons/photography', { cookie });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Add-on is not active');
    const { id } = await subscriptionOf(user.id);
    const rows = await t.db
      .selectFrom('subscription_add_ons')
      .select('id')
      .where('subscription_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a card for a free plan: 400, no payment recorded', async () => {
    const { user, cookie } = await starterOwner();
    const response = await t.post('/api/subscription/payment-method', {}, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Your plan is free: choose a paid plan before adding a payment method',
    );
    const rows = await t.db.selectFrom('payments').select('id').where('owner_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('the test payment outside the test modes', () => {
  it('live PayFast: 403, no payment recorded', async () => {
    const live = await createTestApp({
      env: {
        PAYFAST_MODE: 'live',
        PAYFAST_MERCHANT_ID: SANDBOX_MERCHANT.id,
        PAYFAST_MERCHANT_KEY: SANDBOX_MERCHANT.key,
        PAYFAST_PASSPHRASE: SANDBOX_MERCHANT.passphrase,
      },
    });
    try {
      const { user, cookie } = await starterOwner(live);
      expect((await live.get('/api/subscription', { cookie })).json()).toMatchObject({ testMode: false });
      const response = await live.post('/api/subscription/payments', { kind: 'test' }, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Test payments are only available in the sandbox');
      const rows = await live.db
        .selectFrom('payments')
        .select('id')
        .where('owner_id', '=', user.id)
        .execute();
      expect(rows).toEqual([]);
    } finally {
      await live.close();
    }
  });
});
