import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAccountView } from '../../../domain/schemas/online-payments.ts';
import {
  type HttpCall,
  payfastApiCall,
  payfastSettings,
  SANDBOX_MERCHANT,
} from '../../platform/payments/payfast-gateway.ts';
import { loopbackHttp } from '../../platform/payments/payments.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { PING_ANSWER } from '../payfast-simulator/simulator-merchants.routes.ts';
import { ownerPayfastCredentials } from './credentials.ts';
import { verifyPayfastMerchant } from './payment-account.service.ts';

let t: TestApp;
let http: HttpCall;
beforeAll(async () => {
  t = await createTestApp();
  http = loopbackHttp(TEST_PUBLIC_URL, (request) => t.app.inject(request));
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/business/payment-account';
const SANDBOX = {
  method: 'payfast',
  merchantId: SANDBOX_MERCHANT.id,
  merchantKey: SANDBOX_MERCHANT.key,
  passphrase: SANDBOX_MERCHANT.passphrase,
} as const;
const put = (body: unknown, cookie?: string) => t.request('PUT', URL, { body, cookie });
const stored = (ownerId: string) =>
  t.db.selectFrom('owner_payment_accounts').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
const auditRows = (ownerId: string) =>
  t.db
    .selectFrom('audit_log')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('entity_type', '=', 'payment_account')
    .orderBy('occurred_at')
    .execute();

describe('GET /api/business/payment-account', () => {
  it('an owner who never chose sees nothing set up, in simulator mode', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentAccountView>()).toEqual({
      method: null,
      merchantId: null,
      verifiedAt: null,
      mode: 'simulator',
    });
  });

  it('shows the merchant and when it was verified, never the key or the passphrase', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    expect((await put(SANDBOX, owner.cookie)).statusCode).toBe(200);
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const view = response.json<PaymentAccountView>();
    expect(view).toMatchObject({ method: 'payfast', merchantId: SANDBOX_MERCHANT.id, mode: 'simulator' });
    expect(Date.parse(view.verifiedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const row = await stored(owner.user.id);
    for (const secret of [
      SANDBOX_MERCHANT.key,
      SANDBOX_MERCHANT.passphrase,
      row?.merchant_key_encrypted,
      row?.passphrase_encrypted,
    ])
      expect(response.body).not.toContain(secret);
  });

  it('is for the owner alone: staff (whatever their permissions), admins and clients are refused', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const refused = [
      await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id }),
      await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id }),
      await t.signInAs({ role: 'admin' }),
      await t.signInAs({ role: 'client' }),
    ];
    for (const { cookie } of refused) {
      expect((await t.get(URL, { cookie })).statusCode).toBe(403);
      expect((await put({ method: 'eft_only' }, cookie)).statusCode).toBe(403);
      expect((await put(SANDBOX, cookie)).statusCode).toBe(403);
    }
    expect((await t.get(URL)).statusCode).toBe(401);
    expect((await put({ method: 'eft_only' })).statusCode).toBe(401);
    expect(await stored(owner.user.id)).toBeUndefined();
  });
});

describe('PUT /api/business/payment-account', () => {
  it('verifies PayFast details with a signed ping, then stores them encrypted and records who did it', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const response = await put(SANDBOX, owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentAccountView>()).toMatchObject({
      method: 'payfast',
      merchantId: SANDBOX_MERCHANT.id,
    });
    expect(response.body).not.toContain(SANDBOX_MERCHANT.passphrase);
    const row = await stored(owner.user.id);
    expect(row).toMatchObject({ method: 'payfast', merchant_id: SANDBOX_MERCHANT.id });
    expect(row?.verified_at).toBeInstanceOf(Date);
    expect(row?.merchant_key_encrypted).toMatch(/^v1\./);
    expect(row?.passphrase_encrypted).not.toContain(SANDBOX_MERCHANT.passphrase);
    expect(await ownerPayfastCredentials(t.db, t.config, owner.user.id)).toEqual({
      merchantId: SANDBOX_MERCHANT.id,
      merchantKey: SANDBOX_MERCHANT.key,
      passphrase: SANDBOX_MERCHANT.passphrase,
    });

    const [audit] = await auditRows(owner.user.id);
    expect(audit).toMatchObject({
      actor_user_id: owner.user.id,
      entity_id: owner.user.id,
      action: 'created',
    });
    expect(audit?.changes).toMatchObject({
      method: { before: null, after: 'payfast' },
      merchant_id: { before: null, after: SANDBOX_MERCHANT.id },
    });
    const auditText = JSON.stringify(audit);
    for (const secret of [SANDBOX_MERCHANT.key, SANDBOX_MERCHANT.passphrase, row?.passphrase_encrypted])
      expect(auditText).not.toContain(secret);
  });

  it('refuses details PayFast does not accept (422) and changes nothing', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const wrongPassphrase = await put({ ...SANDBOX, passphrase: 'not-the-passphrase' }, owner.cookie);
    expect(wrongPassphrase.statusCode).toBe(422);
    expect(wrongPassphrase.json().message).toMatch(
      /^PayFast did not accept these details: Merchant authorization failed: signature mismatch\./,
    );
    expect(wrongPassphrase.body).not.toContain('not-the-passphrase');
    const unknownMerchant = await put({ ...SANDBOX, merchantId: '99999999' }, owner.cookie);
    expect(unknownMerchant.statusCode).toBe(422);
    expect(unknownMerchant.json().message).toContain('unknown merchant-id');
    expect(await stored(owner.user.id)).toBeUndefined();
    expect(await auditRows(owner.user.id)).toEqual([]);

    // An owner already set up keeps their verified merchant when a change is refused.
    expect((await put(SANDBOX, owner.cookie)).statusCode).toBe(200);
    const before = await stored(owner.user.id);
    expect((await put({ ...SANDBOX, passphrase: 'wrong' }, owner.cookie)).statusCode).toBe(422);
    expect(await stored(owner.user.id)).toEqual(before);
    expect(await auditRows(owner.user.id)).toHaveLength(1);
  });

  it('EFT only clears the merchant; an owner may switch back and forth', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    expect((await put(SANDBOX, owner.cookie)).statusCode).toBe(200);
    const eft = await put({ method: 'eft_only' }, owner.cookie);
    expect(eft.statusCode).toBe(200);
    expect(eft.json<PaymentAccountView>()).toEqual({
      method: 'eft_only',
      merchantId: null,
      verifiedAt: null,
      mode: 'simulator',
    });
    expect(await stored(owner.user.id)).toMatchObject({
      method: 'eft_only',
      merchant_id: null,
      merchant_key_encrypted: null,
      passphrase_encrypted: null,
      verified_at: null,
    });
    expect(await ownerPayfastCredentials(t.db, t.config, owner.user.id)).toBeNull();
    const audits = await auditRows(owner.user.id);
    expect(audits.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(audits[1]?.changes).toMatchObject({
      method: { before: 'payfast', after: 'eft_only' },
      merchant_id: { before: SANDBOX_MERCHANT.id, after: null },
    });
  });

  it('an owner changes only their own account', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const other = await t.signInAs({ role: 'owner' });
    expect((await put(SANDBOX, owner.cookie)).statusCode).toBe(200);
    const before = await stored(owner.user.id);
    expect((await t.get(URL, { cookie: other.cookie })).json<PaymentAccountView>().method).toBeNull();
    expect((await put({ method: 'eft_only' }, other.cookie)).statusCode).toBe(200);
    expect(await stored(owner.user.id)).toEqual(before);
    expect((await stored(other.user.id))?.method).toBe('eft_only');
  });

  it('checks the input with clear messages', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const badId = await put({ ...SANDBOX, merchantId: '10-000' }, owner.cookie);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('Enter your PayFast merchant ID (digits only).');
    const noPassphrase = await put({ ...SANDBOX, passphrase: ' ' }, owner.cookie);
    expect(noPassphrase.statusCode).toBe(400);
    expect(noPassphrase.json().message).toContain('Enter the passphrase set in your PayFast account');
    expect((await put({ method: 'stripe' }, owner.cookie)).statusCode).toBe(400);
    expect(await stored(owner.user.id)).toBeUndefined();
  });

  it('accepts a merchant registered on the simulator’s merchants page', async () => {
    const created = await t.request('POST', '/payfast-simulator/merchants', {
      body: 'name=Karoo+Stays',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(created.statusCode).toBe(201);
    const merchant = await t.db
      .selectFrom('payfast_simulator_merchants')
      .selectAll()
      .where('name', '=', 'Karoo Stays')
      .executeTakeFirstOrThrow();
    expect(merchant.merchant_id).toMatch(/^[0-9]{8}$/);
    for (const shown of [merchant.merchant_id, merchant.merchant_key, merchant.passphrase])
      expect(created.body).toContain(shown);

    const owner = await t.signInAs({ role: 'owner' });
    const details = {
      method: 'payfast',
      merchantId: merchant.merchant_id,
      merchantKey: merchant.merchant_key,
      passphrase: merchant.passphrase,
    };
    expect(
      (await put({ ...details, passphrase: SANDBOX_MERCHANT.passphrase }, owner.cookie)).statusCode,
    ).toBe(422);
    const saved = await put(details, owner.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PaymentAccountView>().merchantId).toBe(merchant.merchant_id);
  });
});

describe('the PayFast simulator as merchant registry', () => {
  const API = `${TEST_PUBLIC_URL}/payfast-simulator/api`;

  it('answers a ping signed with a known merchant’s passphrase, and 401 otherwise', async () => {
    const target = { apiBase: API, apiTesting: false, merchantId: SANDBOX_MERCHANT.id };
    const ok = await payfastApiCall(
      { ...target, passphrase: SANDBOX_MERCHANT.passphrase },
      http,
      'GET',
      'ping',
    );
    expect(ok).toEqual({ status: 200, text: PING_ANSWER });
    const wrong = await payfastApiCall({ ...target, passphrase: 'wrong' }, http, 'GET', 'ping');
    expect(wrong.status).toBe(401);
    expect(JSON.parse(wrong.text)).toMatchObject({ status: 'failed' });
    const unknown = await payfastApiCall(
      { ...target, merchantId: '12345678', passphrase: SANDBOX_MERCHANT.passphrase },
      http,
      'GET',
      'ping',
    );
    expect(unknown.status).toBe(401);
    expect((await t.get('/payfast-simulator/api/ping')).statusCode).toBe(401);
  });

  it('lists the merchants it knows, the public sandbox merchant always, on an accessible page', async () => {
    const response = await t.get('/payfast-simulator/merchants');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    for (const text of [
      'no money moves',
      '<label for="name">Merchant name</label>',
      SANDBOX_MERCHANT.id,
      SANDBOX_MERCHANT.key,
      SANDBOX_MERCHANT.passphrase,
    ])
      expect(response.body).toContain(text);
  });

  it('asks for a name before registering a merchant', async () => {
    const count = async () =>
      (await t.db.selectFrom('payfast_simulator_merchants').select('merchant_id').execute()).length;
    const before = await count();
    const response = await t.request('POST', '/payfast-simulator/merchants', {
      body: 'name=++',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<p role="alert" id="name-error">Enter a name for the merchant');
    expect(response.body).toContain('aria-invalid="true"');
    expect(await count()).toBe(before);
  });
});

describe('verifyPayfastMerchant outside the simulator', () => {
  it('pings PayFast’s sandbox API with ?testing=true and the merchant’s signed headers', async () => {
    const calls: Array<{ url: string; init: Parameters<HttpCall>[1] }> = [];
    const fake: HttpCall = async (url, init) => {
      calls.push({ url, init });
      return { status: 200, text: PING_ANSWER };
    };
    await verifyPayfastMerchant(
      { payfastSettings: payfastSettings({ ...t.config, PAYFAST_MODE: 'sandbox' }), http: fake },
      { merchantId: SANDBOX_MERCHANT.id, passphrase: SANDBOX_MERCHANT.passphrase },
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://api.payfast.co.za/ping?testing=true');
    expect(calls[0]?.init).toMatchObject({
      method: 'GET',
      headers: { 'merchant-id': SANDBOX_MERCHANT.id, version: 'v1' },
    });
    expect(calls[0]?.init.headers?.signature).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says PayFast could not be reached when the call fails, as a 422', async () => {
    const failing: HttpCall = async () => {
      throw new Error('connect ETIMEDOUT');
    };
    await expect(
      verifyPayfastMerchant(
        { payfastSettings: payfastSettings(t.config), http: failing },
        { merchantId: SANDBOX_MERCHANT.id, passphrase: 'x' },
      ),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining(
        'PayFast could not be reached to check these details (connect ETIMEDOUT)',
      ),
    });
  });
});
