import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessMidnight, firstBillingDate } from '../../../domain/billing-periods.ts';
import {
  NOTIFICATION_RATE_LIMITS,
  PAYFAST_NOTIFY_BODY_LIMIT,
  STORED_BODY_BYTES,
  STRIPE_WEBHOOK_BODY_LIMIT,
} from '../../platform/payments/notification-limits.ts';
import { payfastSettings } from '../../platform/payments/payfast-gateway.ts';
import { parseItnBody } from '../../platform/payments/payfast-itn.ts';
import { type CheckoutField, itnSignature, signCheckout } from '../../platform/payments/payfast-signature.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  ITN_TOKEN,
  notifyAndWait,
  paymentOf,
  pendingUpgrade,
  postItn,
  signedItn,
  subscriptionOf,
} from '../../test/payfast-fixtures.ts';

/**
 * Issue 18, item 2: PayFast settles only what PayFast signed; the simulator calls back only this
 * site; the unauthenticated notification endpoints are bounded in size, rate and what they store.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const settings = () => payfastSettings(t.config);
let addressCounter = 0;
/** A fresh documentation address (RFC 5737) per call, so rate limits and rows are per test. */
const freshAddress = () => {
  addressCounter++;
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

function itn(
  order: Record<string, string>,
  status: 'COMPLETE' | 'FAILED' = 'COMPLETE',
  pfPaymentId = String(Math.floor(Math.random() * 1e9)),
) {
  return signedItn(t, order, {
    status,
    pfPaymentId,
    token: status === 'COMPLETE' && order.subscription_type ? ITN_TOKEN : null,
  });
}

const postNotify = (payload: string, remoteAddress = freshAddress()) => postItn(t, payload, remoteAddress);

const notificationsFrom = (address: string) =>
  t.db.selectFrom('payment_notifications').selectAll().where('source_ip', '=', address).execute();

/** Posts an ITN from its own address, as the current code answers every ITN (200 OK), and waits for its row. */
async function notify(payload: string) {
  const address = freshAddress();
  return notifyAndWait(t, payload, async () => (await notificationsFrom(address))[0], {
    remoteAddress: address,
    what: `from ${address}`,
  });
}

describe('PayFast ITN: only the signed fields count', () => {
  it('the ITN tail attack: a signed FAILED with &payment_status=COMPLETE appended is rejected, nothing changed', async () => {
    const { user, start, order } = await pendingUpgrade(t, 'business');
    const signedFailed = itn(order, 'FAILED');
    const attack = `${signedFailed}&payment_status=COMPLETE`;
    expect(await notify(attack)).toMatchObject({
      outcome: 'rejected',
      reason: 'field "payment_status" after signature',
      payment_id: null,
    });
    expect(await paymentOf(t, start.reference)).toMatchObject({
      status: 'pending',
      gateway_payment_id: null,
    });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter', gateway_token: null });
    // Any field after the signature, not only a repeated one.
    expect(await notify(`${signedFailed}&note=hello`)).toMatchObject({
      outcome: 'rejected',
      reason: 'field "note" after signature',
    });
    // The signed part alone is genuine: it is applied as what it says, FAILED.
    expect(await notify(signedFailed)).toMatchObject({ outcome: 'applied' });
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'failed' });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it('a repeated field is rejected even when the signature covers both copies', async () => {
    const { user, start, order } = await pendingUpgrade(t);
    const pairs = parseItnBody(itn(order, 'FAILED')).filter(([key]) => key !== 'signature');
    const statusAt = pairs.findIndex(([key]) => key === 'payment_status');
    pairs.splice(statusAt + 1, 0, ['payment_status', 'COMPLETE']);
    const signature = itnSignature(pairs, settings().passphrase);
    const body = new URLSearchParams([...pairs, ['signature', signature]]).toString();
    expect(await notify(body)).toMatchObject({
      outcome: 'rejected',
      reason: 'repeated field "payment_status"',
    });
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'pending' });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });

  it.each([
    ['bad percent-encoding', 'a=%ZZ', 'malformed body: malformed percent-encoding'],
    ['a lone surrogate escape', 'm_payment_id=%ED%A0%80', 'malformed body: malformed percent-encoding'],
    ['an encoded NUL byte', 'm_payment_id=a%00b', 'malformed body: a NUL byte in a field'],
    ['a raw NUL byte', 'm_payment_id=a\u0000b', 'malformed body: a NUL byte in a field'],
    ['a field without a name', '=COMPLETE', 'malformed body: a field without a name'],
  ])(
    'a malformed body (%s) is answered as any ITN and recorded as rejected',
    async (_label, body, reason) => {
      const row = await notify(body);
      expect(row).toMatchObject({ outcome: 'rejected', reason, gateway_payment_id: null });
      expect(row.raw_body).toBe(body.replaceAll('\u0000', '\uFFFD'));
    },
  );
});

describe('a payment the owner abandoned, then PayFast completed', () => {
  it('is applied: the plan changes, the period starts, the recurring token is kept, an invoice is issued', async () => {
    const { user, cookie, start, order } = await pendingUpgrade(t, 'business');
    const cancelled = await t.post(`/api/payments/${start.reference}/cancel`, {}, { cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', failureReason: 'Payment cancelled' });

    const before = Date.now();
    expect(await notify(itn(order, 'COMPLETE', '31415926'))).toMatchObject({ outcome: 'applied' });
    expect(await paymentOf(t, start.reference)).toMatchObject({
      status: 'complete',
      gateway_payment_id: '31415926',
      failure_reason: null,
    });
    const subscription = await subscriptionOf(t, user.id);
    expect(subscription).toMatchObject({
      plan_id: 'business',
      status: 'active',
      payment_processor: 'payfast',
      gateway_token: ITN_TOKEN,
    });
    // The period ends at Johannesburg midnight of the billing date the checkout sent PayFast.
    expect(subscription.current_period_end).toEqual(businessMidnight(order.billing_date ?? ''));
    expect(order.billing_date).toBe(firstBillingDate(new Date(before)));
    const invoices = await t.db
      .selectFrom('subscription_invoices')
      .select('status')
      .where('owner_id', '=', user.id)
      .execute();
    expect(invoices).toEqual([{ status: 'paid' }]);
    // The owner sees it paid.
    expect((await t.get(`/api/payments/${start.reference}`, { cookie })).json()).toMatchObject({
      status: 'complete',
    });
  });

  it('a FAILED for an abandoned payment changes nothing', async () => {
    const { user, cookie, start, order } = await pendingUpgrade(t);
    await t.post(`/api/payments/${start.reference}/cancel`, {}, { cookie });
    expect(await notify(itn(order, 'FAILED'))).toMatchObject({ outcome: 'recorded' });
    expect(await paymentOf(t, start.reference)).toMatchObject({ status: 'cancelled' });
    expect(await subscriptionOf(t, user.id)).toMatchObject({ plan_id: 'starter' });
  });
});

describe('the PayFast simulator calls back only this site', () => {
  /** The app's own signed checkout form, with some fields replaced and signed again (as anyone can). */
  async function signedOrder(overrides: Partial<Record<CheckoutField, string>>) {
    const { order } = await pendingUpgrade(t);
    const { signature: _signature, ...fields } = order;
    const signed = signCheckout({ ...fields, ...overrides }, settings().passphrase);
    return new URLSearchParams([...signed.fields, ['signature', signed.signature]]).toString();
  }

  const simulator = (path: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: `/payfast-simulator/eng/process${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const decision = (order: string) =>
    simulator(
      '/decision',
      new URLSearchParams([
        ['order', order],
        ['decision', 'COMPLETE'],
      ]).toString(),
    );

  it.each([
    ['notify_url', 'http://127.0.0.1:5432/'],
    ['notify_url', 'http://169.254.169.254/latest/meta-data/'],
    ['notify_url', 'https://evil.example/notify'],
    ['notify_url', 'http://localhost:3999.evil.example/api/payments/payfast/notify'],
    ['notify_url', 'http://localhost:3999@evil.example/api/payments/payfast/notify'],
    ['return_url', 'https://evil.example'],
    ['cancel_url', 'https://evil.example/cancel'],
  ] as const)('%s %s is refused (400) and no request leaves the server', async (field, url) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const order = await signedOrder({ [field]: url });
    const message = `The ${field} must be an address on this site (http://localhost:3999): the simulator only calls back, and returns buyers to, Rentza itself.`;

    const shown = await simulator('', order);
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain(message);
    expect(shown.body).not.toContain('Complete payment');

    const chosen = await decision(order);
    expect(chosen.statusCode).toBe(400);
    expect(chosen.headers.location).toBeUndefined();
    expect(chosen.body).toContain('must be an address on this site');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a callback on this site still works (the ITN is served in-process, no network request)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const order = await signedOrder({});
    const chosen = await decision(order);
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toMatch(/^http:\/\/localhost:3999\/payment\/return\?ref=SUB_/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a notify URL on this site that does not answer 200 still returns the buyer (no status to probe)', async () => {
    const order = await signedOrder({ notify_url: 'http://localhost:3999/api/no-such-endpoint' });
    const chosen = await decision(order);
    expect(chosen.statusCode).toBe(303);
  });

  it.each([
    ['bad percent-encoding', '', 'a=%ZZ'],
    ['a NUL byte', '', 'merchant_id=1%00'],
    ['a repeated field', '', 'merchant_id=1&merchant_id=2'],
    ['bad percent-encoding in the order', '/decision', 'order=a%3D%25ZZ&decision=COMPLETE'],
    ['bad percent-encoding in the decision form', '/decision', 'order=%ZZ&decision=COMPLETE'],
    ['no decision', '/decision', 'order=a%3D1'],
  ])('a bad form (%s) is 400, not 500', async (_label, path, payload) => {
    const response = await simulator(path, payload);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('role="alert"');
  });

  it('the card update page refuses a return address on another site', async () => {
    const refused = await t.get(
      `/payfast-simulator/eng/recurring/update/${ITN_TOKEN}?return=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'The return address must be on this site (http://localhost:3999)',
    });
    const own = await t.get(
      `/payfast-simulator/eng/recurring/update/${ITN_TOKEN}?return=${encodeURIComponent('http://localhost:3999/subscription')}`,
    );
    expect(own.statusCode).toBe(200);
  });
});

describe('unauthenticated notification bodies: size, rate and what is stored', () => {
  const storedBytes = async () => {
    const { rows } = await sql<{ bytes: string | null; count: string }>`
      SELECT sum(octet_length(raw_body))::text AS bytes, count(*)::text AS count FROM payment_notifications`.execute(
      t.db,
    );
    return { bytes: Number(rows[0]?.bytes ?? 0), count: Number(rows[0]?.count ?? 0) };
  };
  const postWebhook = (payload: string, remoteAddress = freshAddress(), contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      remoteAddress,
      headers: { 'content-type': contentType, 'stripe-signature': 't=1,v1=00' },
      payload,
    });

  it('40 large requests (290 KB each, 11.5 MB) are answered 413 and store nothing', async () => {
    const before = await storedBytes();
    const large = `m_payment_id=x&padding=${'a'.repeat(290 * 1024)}`;
    const largeJson = JSON.stringify({ id: 'evt_large', padding: 'a'.repeat(290 * 1024) });
    const responses = [];
    for (let i = 0; i < 20; i++) {
      responses.push(await postNotify(large, '127.0.0.1'));
      responses.push(await postWebhook(largeJson));
    }
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(413));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await storedBytes()).toEqual(before);
  });

  it('40 bodies just under each limit store at most 2 KB each, marked as cut', async () => {
    const before = await storedBytes();
    const form = `m_payment_id=x&padding=${'a'.repeat(PAYFAST_NOTIFY_BODY_LIMIT - 100)}`;
    const json = JSON.stringify({ id: 'evt_big', padding: 'a'.repeat(STRIPE_WEBHOOK_BODY_LIMIT - 100) });
    const addresses: string[] = [];
    for (let i = 0; i < 20; i++) {
      const address = freshAddress();
      addresses.push(address);
      expect((await postNotify(form, address)).statusCode).toBe(200);
      // This app has no webhook secret: Stripe's calls are refused (503) and recorded as rejected.
      expect((await postWebhook(json, address)).statusCode).toBe(503);
    }
    let rows: Awaited<ReturnType<typeof notificationsFrom>> = [];
    for (let attempt = 0; attempt < 100 && rows.length < 40; attempt++) {
      rows = await t.db
        .selectFrom('payment_notifications')
        .selectAll()
        .where('source_ip', 'in', addresses)
        .execute();
      if (rows.length < 40) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(rows).toHaveLength(40);
    for (const row of rows) {
      expect(row).toMatchObject({ outcome: 'rejected', body_truncated: true });
      expect(Buffer.byteLength(row.raw_body)).toBeLessThanOrEqual(STORED_BODY_BYTES.rejected);
      expect(row.body_bytes).toBe(row.gateway === 'payfast' ? form.length : json.length);
    }
    const after = await storedBytes();
    expect(after.count - before.count).toBe(40);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(40 * STORED_BODY_BYTES.rejected);
  });

  it(`PayFast notify: ${NOTIFICATION_RATE_LIMITS.payfast} a minute from one address, then 429; another address still gets through`, async () => {
    const busy = freshAddress();
    for (let i = 0; i < NOTIFICATION_RATE_LIMITS.payfast; i++)
      expect((await postNotify('a=1', busy)).statusCode).toBe(200);
    const limited = await postNotify('a=1', busy);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(
        /^Too many notifications from this address\. Try again in \d+ seconds\.$/,
      ),
    });
    expect((await postNotify('a=1', freshAddress())).statusCode).toBe(200);
    // The limited call was refused before anything was stored.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await notificationsFrom(busy)).toHaveLength(NOTIFICATION_RATE_LIMITS.payfast);
  });

  it('PayFast notify: the simulator (in-process, over loopback) is not limited in simulator mode', async () => {
    for (let i = 0; i < NOTIFICATION_RATE_LIMITS.payfast + 5; i++)
      expect((await postNotify('a=1', '127.0.0.1')).statusCode).toBe(200);
  });

  it(`Stripe webhook: ${NOTIFICATION_RATE_LIMITS.stripe} a minute from one address, then 429; another address still gets through`, async () => {
    const busy = freshAddress();
    // An unsupported type is refused (415) without being stored; it still counts toward the limit.
    for (let i = 0; i < NOTIFICATION_RATE_LIMITS.stripe; i++)
      expect((await postWebhook('x', busy, 'application/xml')).statusCode).toBe(415);
    expect((await postWebhook('{}', busy)).statusCode).toBe(429);
    expect((await postWebhook('{}', freshAddress())).statusCode).toBe(503);
  });
});
