import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildItn } from '../modules/payfast-simulator/payfast-simulator.ts';
import { createAuth } from '../platform/auth.ts';
import { payfastSettings, SANDBOX_MERCHANT } from '../platform/payments/payfast-gateway.ts';
import { createPayments } from '../platform/payments/payments.ts';
import { createStorage } from '../runtime.ts';
import { createTestApp, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../test/harness.ts';

/** An address in PayFast's published ITN ranges, and one outside them. */
const PAYFAST_ADDRESS = '197.97.145.150';
const STRANGER = '8.8.8.8';

let t: TestApp;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await t?.close();
});

/** The server in PayFast sandbox mode (where the ITN source is checked) with the given TRUST_PROXY. */
async function sandboxApp(trustProxy: string, publicUrl = TEST_PUBLIC_URL) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    PAYFAST_MODE: 'sandbox',
    PAYFAST_MERCHANT_ID: SANDBOX_MERCHANT.id,
    PAYFAST_MERCHANT_KEY: SANDBOX_MERCHANT.key,
    PAYFAST_PASSPHRASE: SANDBOX_MERCHANT.passphrase,
    TRUST_PROXY: trustProxy,
  });
  const sendMail = async () => {};
  const app = await buildApp({
    deps: {
      db: t.db,
      config,
      auth: createAuth({ db: t.db, config, secret: TEST_AUTH_SECRET, sendMail }),
      sendMail,
      databaseKind: t.databaseKind,
      storage: createStorage(t.config),
      pokeMail: () => {},
      // No call leaves the test: an ITN these tests send is settled or refused before confirmation.
      payments: createPayments(config, async () => ({ status: 200, text: 'INVALID' })),
    },
    logger: pino({ level: 'silent' }),
    devMailbox: false,
  });
  apps.push(app);
  return { app, config };
}

let sequence = 0;
/** A correctly signed ITN for a payment we never issued: it gets past the signature to the source check. */
function signedItn(config: ReturnType<typeof loadConfig>): string {
  sequence += 1;
  return buildItn(
    { m_payment_id: `SUB_1700000000000_proxy${Date.now()}${sequence}`, item_name: 'Pro plan' },
    { status: 'COMPLETE', pfPaymentId: `${Date.now()}${sequence}`, amountCents: 29900, token: null },
    payfastSettings(config),
  );
}

async function recordedItn(body: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const row = await t.db
      .selectFrom('payment_notifications')
      .select(['source_ip', 'outcome', 'reason'])
      .where('raw_body', '=', body)
      .executeTakeFirst();
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the ITN was not recorded');
}

async function postItn(
  app: FastifyInstance,
  body: string,
  from: { remoteAddress: string; forwardedFor?: string },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payments/payfast/notify',
    remoteAddress: from.remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return recordedItn(body);
}

describe('X-Forwarded-For spoofing', () => {
  it('with TRUST_PROXY off, a forwarded PayFast address from another socket address is refused by the ITN source check', async () => {
    const { app, config } = await sandboxApp('off');
    const body = signedItn(config);
    expect(await postItn(app, body, { remoteAddress: STRANGER, forwardedFor: PAYFAST_ADDRESS })).toEqual({
      source_ip: STRANGER,
      outcome: 'rejected',
      reason: `source ${STRANGER} is not PayFast's`,
    });
  });

  it('with TRUST_PROXY=127.0.0.1, the address forwarded by that proxy is the one checked', async () => {
    const { app, config } = await sandboxApp('127.0.0.1');
    const body = signedItn(config);
    const row = await postItn(app, body, { remoteAddress: '127.0.0.1', forwardedFor: PAYFAST_ADDRESS });
    expect(row.source_ip).toBe(PAYFAST_ADDRESS);
    // Past the source check, the next one refuses it: we never issued this payment.
    expect(row.reason).toMatch(/^unknown m_payment_id /);

    // The same header from anyone but the trusted proxy is ignored.
    const spoofed = signedItn(config);
    expect(
      await postItn(app, spoofed, { remoteAddress: STRANGER, forwardedFor: PAYFAST_ADDRESS }),
    ).toMatchObject({ source_ip: STRANGER, reason: `source ${STRANGER} is not PayFast's` });
    // A client-supplied address in front of the proxy's own entry is not believed either.
    const chained = signedItn(config);
    expect(
      await postItn(app, chained, {
        remoteAddress: '127.0.0.1',
        forwardedFor: `${PAYFAST_ADDRESS}, ${STRANGER}`,
      }),
    ).toMatchObject({ source_ip: STRANGER, reason: `source ${STRANGER} is not PayFast's` });
  });

  it('with TRUST_PROXY=1 (one hop), the nearest forwarded address is used', async () => {
    const { app, config } = await sandboxApp('1');
    const body = signedItn(config);
    const row = await postItn(app, body, {
      remoteAddress: '10.0.0.2',
      forwardedFor: `${STRANGER}, ${PAYFAST_ADDRESS}`,
    });
    expect(row.source_ip).toBe(PAYFAST_ADDRESS);
  });

  it('without PUBLIC_URL, X-Forwarded-Host and -Proto set the origin a change is checked against only from a trusted proxy', async () => {
    const { cookie } = await t.signInAs();
    const fromProxiedPage = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/me',
        remoteAddress,
        headers: {
          cookie,
          host: '10.0.0.5:3000',
          origin: 'https://rentza.example.org',
          'x-forwarded-host': 'rentza.example.org',
          'x-forwarded-proto': 'https',
        },
        payload: { first_name: 'Thandi', last_name: 'Nkosi' },
      });
    const untrusting = (await sandboxApp('off', '')).app;
    const refused = await fromProxiedPage(untrusting, '127.0.0.1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('CROSS_SITE_REQUEST');

    const trusting = (await sandboxApp('127.0.0.1', '')).app;
    expect((await fromProxiedPage(trusting, '127.0.0.1')).statusCode).toBe(200);
    expect((await fromProxiedPage(trusting, STRANGER)).statusCode).toBe(403);
  });

  it('better-auth (sessions, its rate limits) sees the address resolved through TRUST_PROXY, not a spoofed one', async () => {
    const user = await t.createUser();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '203.0.113.9',
      headers: { origin: TEST_PUBLIC_URL, 'x-forwarded-for': PAYFAST_ADDRESS },
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const session = await t.db
      .selectFrom('sessions')
      .select('ip_address')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(session.ip_address).toBe('203.0.113.9');
  });
});
