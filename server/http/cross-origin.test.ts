import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangePlanResult } from '../../domain/schemas/subscription.ts';
import { buildItn } from '../modules/payfast-simulator/payfast-simulator.ts';
import { ensureStarterSubscription } from '../modules/subscriptions/subscription.repository.ts';
import { payfastSettings } from '../platform/payments/payfast-gateway.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../test/harness.ts';
import { crossSiteMessage } from './cross-origin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EVIL = 'https://evil.example';
/** Called by PayFast's and Stripe's servers: they sign their bodies and send no browser headers. */
const EXEMPT = new Set(['POST /api/payments/payfast/notify', 'POST /api/stripe/webhook']);

async function signedInUser() {
  const { user, cookie } = await t.signInAs();
  const stored = () =>
    t.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
  return { user, cookie, stored };
}

const rename = { first_name: 'Mallory', last_name: 'Changed' };

describe('a state-changing request from another site', () => {
  it('PATCH /api/me from https://evil.example is refused with 403 and changes nothing', async () => {
    const { user, cookie, stored } = await signedInUser();
    const response = await t.patch('/api/me', rename, { cookie, headers: { origin: EVIL } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'CROSS_SITE_REQUEST', message: crossSiteMessage(t.config) });
    expect(response.json().message).toBe(
      `This server does not accept changes sent from another site. Please open Rentza at ${TEST_PUBLIC_URL} and try again.`,
    );
    expect(await stored()).toEqual({ first_name: user.first_name, last_name: user.last_name });
  });

  it.each(['cross-site', 'same-site'])(
    'Sec-Fetch-Site: %s is refused even with our own Origin',
    async (site) => {
      const { user, cookie, stored } = await signedInUser();
      const response = await t.patch('/api/me', rename, { cookie, headers: { 'sec-fetch-site': site } });
      expect(response.statusCode).toBe(403);
      expect(await stored()).toEqual({ first_name: user.first_name, last_name: user.last_name });
    },
  );

  it.each(['null', 'http://localhost:3998', 'https://localhost:3999', 'not a url'])(
    'Origin %s is foreign',
    async (origin) => {
      const { cookie } = await signedInUser();
      const response = await t.patch('/api/me', rename, { cookie, headers: { origin } });
      expect(response.statusCode).toBe(403);
    },
  );

  it('a request from our own origin passes (Sec-Fetch-Site same-origin or none)', async () => {
    const { cookie, stored } = await signedInUser();
    const sameOrigin = await t.patch('/api/me', rename, {
      cookie,
      headers: { origin: TEST_PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    expect(await stored()).toEqual(rename);
    const typed = await t.patch('/api/me', rename, { cookie, headers: { 'sec-fetch-site': 'none' } });
    expect(typed.statusCode).toBe(200);
  });

  it('a request with neither Origin nor Sec-Fetch-Site (a server or curl) is allowed', async () => {
    const { cookie, stored } = await signedInUser();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: rename,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toEqual(rename);
  });

  it('reading is not affected: GET from another site still answers', async () => {
    const { cookie } = await signedInUser();
    const response = await t.get('/api/me', {
      cookie,
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('the PayFast ITN is still accepted without an Origin, and with one (it is signed, not a browser’s)', async () => {
    for (const origin of [undefined, EVIL]) {
      const { user, cookie } = await t.signInAs({ role: 'owner' });
      await ensureStarterSubscription(t.db, user.id);
      const result = (
        await t.post('/api/subscription/plan', { planId: 'pro' }, { cookie })
      ).json<ChangePlanResult>();
      if (result.outcome !== 'checkout') throw new Error('expected a checkout');
      const order = Object.fromEntries(result.payment.formFields ?? []);
      const body = buildItn(
        order,
        {
          status: 'COMPLETE',
          pfPaymentId: String(Date.now()),
          amountCents: Math.round(Number(order.amount) * 100),
          token: order.subscription_type ? '5f0a1b2c-3d4e-4f50-8a6b-7c8d9e0f1a2b' : null,
        },
        payfastSettings(t.config),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payfast/notify',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin, 'sec-fetch-site': 'cross-site' } : {}),
        },
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      let status = 'pending';
      for (let attempt = 0; attempt < 200 && status === 'pending'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (
          await t.db
            .selectFrom('payments')
            .select('status')
            .where('reference', '=', result.payment.reference)
            .executeTakeFirstOrThrow()
        ).status;
      }
      expect(status, `origin ${origin}`).toBe('complete');
    }
  });
});

describe('every state-changing route in the served OpenAPI document', () => {
  it('refuses a foreign Origin with 403, except the two signed server-to-server endpoints', async () => {
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(operations.length).toBeGreaterThan(40);
    const { cookie } = await t.signInAs({ role: 'admin' });
    const answers: string[] = [];
    for (const { method, path } of operations) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { origin: EVIL, cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      const key = `${method} ${path}`;
      const refused = response.statusCode === 403;
      if (EXEMPT.has(key) === refused) answers.push(`${key} → ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
    for (const exempt of EXEMPT) expect(operations.map((o) => `${o.method} ${o.path}`)).toContain(exempt);
  });
});
