import { randomUUID } from 'node:crypto';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionInvoiceSnapshot } from '../../db/types.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { findSessionUser } from '../../http/session.ts';
import { createAuth } from '../../platform/auth.ts';
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';
import { registerSubscriptionInvoiceRoutes } from './invoice.routes.ts';
import { ensureStarterSubscription } from './subscription.repository.ts';

const ROUTE = '/api/subscription/invoices/:id/pdf';
const url = (id: string) => `/api/subscription/invoices/${id}/pdf`;

let t: TestApp;
let get: (path: string, cookie?: string) => Promise<LightMyRequestResponse>;
let closeStandalone: () => Promise<void> = async () => {};

/**
 * Through the server when server/app.ts registers the route; until then through a Fastify instance with
 * the same error handler, zod compilers and session lookup (the test below reports the missing line).
 */
beforeAll(async () => {
  t = await createTestApp();
  if (t.app.hasRoute({ method: 'GET', url: ROUTE })) {
    get = (path, cookie) => t.get(path, cookie ? { cookie } : {});
    return;
  }
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const auth = createAuth({ db: t.db, config: t.config, secret: TEST_AUTH_SECRET, sendMail: async () => {} });
  registerSubscriptionInvoiceRoutes(app, {
    db: t.db,
    currentUser: (request) => findSessionUser(auth, t.db, request),
  });
  await app.ready();
  get = (path, cookie) => app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  closeStandalone = () => app.close();
});
afterAll(async () => {
  await closeStandalone();
  await t?.close();
});

const SELLER: SubscriptionInvoiceSnapshot['seller'] = {
  legalName: 'Rentza (Pty) Ltd',
  vatNumber: '4123456789',
  address: '1 Loop Street, Cape Town, 8001',
  email: 'billing@rentza.co.za',
};

let nextNumber = 42;

/** An owner with a paid payment and its Rentza tax invoice, inserted directly. */
async function invoicedOwner(buyer: Partial<SubscriptionInvoiceSnapshot['buyer']> = {}) {
  const { user, cookie } = await t.signInAs({ role: 'owner', first_name: 'Naledi', last_name: 'Mahlangu' });
  await ensureStarterSubscription(t.db, user.id);
  const subscription = await t.db
    .updateTable('subscriptions')
    .set({ plan_id: 'pro' })
    .where('owner_id', '=', user.id)
    .returning('id')
    .executeTakeFirstOrThrow();
  const payment = await t.db
    .insertInto('payments')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      gateway: 'payfast',
      reference: `SUB_${Date.now()}_${randomUUID().slice(0, 8)}`,
      kind: 'subscription',
      plan_id: 'pro',
      description: 'Pro Plan - Monthly Subscription',
      amount_cents: 29900,
      status: 'complete',
      gateway_payment_id: randomUUID(),
      failure_reason: null,
      completed_at: new Date('2026-11-25T09:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const number = nextNumber++;
  const invoice = await t.db
    .insertInto('subscription_invoices')
    .values({
      owner_id: user.id,
      subscription_id: subscription.id,
      payment_id: payment.id,
      number,
      invoice_date: '2026-11-25',
      description: 'Pro Plan - Monthly Subscription',
      plan_id: 'pro',
      amount_cents: 29900,
      vat_cents: 3900,
      vat_rate_percent: 15,
      period_start: '2026-11-25',
      period_end: '2026-12-25',
      status: 'paid',
      snapshot: JSON.stringify({
        seller: SELLER,
        buyer: {
          name: 'Naledi Mahlangu',
          email: user.email,
          businessName: null,
          vatNumber: null,
          address: null,
          ...buyer,
        },
      }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user, cookie, invoiceId: invoice.id, number };
}

function expectPdf(response: LightMyRequestResponse, fileName: string) {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);
  expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
}

describe('GET /api/subscription/invoices/:id/pdf', () => {
  it('the owner downloads the tax invoice: Rentza as seller, the buyer, the line, VAT at 15 % and Paid', async () => {
    const { cookie, invoiceId, number } = await invoicedOwner({
      businessName: 'Naledi Stays',
      vatNumber: '4987654321',
      address: '12 Long Street, Cape Town, 8001',
    });
    expect(number).toBe(42);
    const response = await get(url(invoiceId), cookie);
    expectPdf(response, 'Rentza-RZ-000042.pdf');
    const text = await pdfAllText(response.rawPayload);
    for (const expected of [
      'Tax Invoice',
      'RZ-000042',
      '25 November 2026',
      'Rentza (Pty) Ltd',
      '1 Loop Street, Cape Town, 8001',
      'billing@rentza.co.za',
      'VAT No: 4123456789',
      'Naledi Stays',
      'Naledi Mahlangu',
      '12 Long Street, Cape Town, 8001',
      'VAT No: 4987654321',
      'Pro Plan - Monthly Subscription',
      '25 November 2026 – 25 December 2026',
      'Amount excl. VAT',
      'R 260.00',
      'VAT at 15 %',
      'R 39.00',
      'Total incl. VAT',
      'R 299.00',
      'Paid',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a buyer without a business name or VAT number: only Rentza’s VAT number is printed', async () => {
    const { cookie, invoiceId, number, user } = await invoicedOwner();
    const response = await get(url(invoiceId), cookie);
    expectPdf(response, `Rentza-RZ-0000${number}.pdf`);
    const text = await pdfAllText(response.rawPayload);
    expect(text).toContain(user.email);
    expect(text.match(/VAT No:/g)).toHaveLength(1);
  });

  it('an admin may download any owner’s invoice', async () => {
    const { invoiceId, number } = await invoicedOwner();
    const { cookie } = await t.signInAs({ role: 'admin' });
    expectPdf(await get(url(invoiceId), cookie), `Rentza-RZ-0000${number}.pdf`);
  });

  it('another owner: 404, as if it did not exist', async () => {
    const { invoiceId } = await invoicedOwner();
    const other = await invoicedOwner();
    const response = await get(url(invoiceId), other.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Invoice not found');
  });

  it('anonymous: 401', async () => {
    const { invoiceId } = await invoicedOwner();
    expect((await get(url(invoiceId))).statusCode).toBe(401);
  });

  it.each(['client', 'backoffice', 'frontoffice'] as const)(
    '%s: 403, even their own owner’s invoice',
    async (role) => {
      const { user, invoiceId } = await invoicedOwner();
      const { cookie } = await t.signInAs({ role, ...(role === 'client' ? {} : { parentOwnerId: user.id }) });
      const response = await get(url(invoiceId), cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You do not have permission to perform this action.');
    },
  );

  it('an unknown invoice: 404; a malformed id: 400', async () => {
    const { cookie } = await invoicedOwner();
    expect((await get(url(randomUUID()), cookie)).statusCode).toBe(404);
    expect((await get(url('not-a-uuid'), cookie)).statusCode).toBe(400);
  });

  it('is served by the app (server/app.ts registers registerSubscriptionInvoiceRoutes)', () => {
    expect(t.app.hasRoute({ method: 'GET', url: ROUTE })).toBe(true);
  });
});
