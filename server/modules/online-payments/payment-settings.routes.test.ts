import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_PAYMENT_PLAN,
  type PaymentPlan,
} from '../../../domain/payment-plan.ts';
import type { PaymentSettings } from '../../../domain/schemas/online-payments.ts';
import { signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/business/payment-settings';
const put = (body: unknown, cookie?: string) =>
  t.request('PUT', URL, { body, ...(cookie ? { cookie } : {}) });

const DEPOSIT_30: PaymentPlan = {
  kind: 'deposit',
  depositType: 'percent',
  depositPercent: 30,
  depositAmountCents: 0,
  balanceDaysBefore: 14,
  securityDeposit: 'with_balance',
};
const SETTINGS: PaymentSettings = {
  plan: DEPOSIT_30,
  cancellation: { freeUntilDaysBefore: 10, feePercent: 25 },
};

describe('GET /api/business/payment-settings', () => {
  it('an owner who never chose gets the defaults', async () => {
    const owner = await signInOwner(t);
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      plan: DEFAULT_PAYMENT_PLAN,
      cancellation: DEFAULT_CANCELLATION_POLICY,
    });
  });

  it('clients, admins and signed-out visitors are refused; staff need the listings permission', async () => {
    const owner = await signInOwner(t);
    const client = await t.signInAs({ role: 'client' });
    const admin = await t.signInAs({ role: 'admin' });
    const front = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    const back = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });
    for (const cookie of [client.cookie, admin.cookie, front.cookie]) {
      expect((await t.get(URL, { cookie })).statusCode).toBe(403);
      expect((await put(SETTINGS, cookie)).statusCode).toBe(403);
    }
    expect((await t.get(URL)).statusCode).toBe(401);
    expect((await put(SETTINGS)).statusCode).toBe(401);
    const saved = await put(SETTINGS, back.cookie);
    expect(saved.statusCode).toBe(200);
    expect((await t.get(URL, { cookie: owner.cookie })).json()).toEqual(SETTINGS);
  });
});

describe('PUT /api/business/payment-settings', () => {
  it('saves the plan and policy, saves again over them, and audits each save', async () => {
    const owner = await signInOwner(t);
    const first = await put(SETTINGS, owner.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(SETTINGS);
    const next: PaymentSettings = {
      plan: {
        ...DEPOSIT_30,
        depositType: 'amount',
        depositAmountCents: 150_000,
        securityDeposit: 'separately',
      },
      cancellation: { freeUntilDaysBefore: 0, feePercent: 0 },
    };
    expect((await put(next, owner.cookie)).json()).toEqual(next);
    expect((await t.get(URL, { cookie: owner.cookie })).json()).toEqual(next);
    const plans = await t.db
      .selectFrom('payment_plans')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(plans).toHaveLength(1);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['entity_type', 'action', 'summary'])
      .where('owner_id', '=', owner.user.id)
      .where('entity_type', '=', 'payment_settings')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'updated',
      summary: 'Payment plan and cancellation policy saved',
    });
  });

  it('one owner’s settings never touch another’s', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    await put(SETTINGS, owner.cookie);
    expect((await t.get(URL, { cookie: other.cookie })).json()).toEqual({
      plan: DEFAULT_PAYMENT_PLAN,
      cancellation: DEFAULT_CANCELLATION_POLICY,
    });
  });

  it.each([
    [{ ...DEPOSIT_30, depositPercent: 0 }, 'A deposit percentage must be more than 0 and less than 100.'],
    [{ ...DEPOSIT_30, depositPercent: 100 }, 'A deposit percentage must be more than 0 and less than 100.'],
    [{ ...DEPOSIT_30, depositType: 'amount', depositAmountCents: 0 }, 'Enter a deposit amount above R 0.'],
    [{ ...DEPOSIT_30, balanceDaysBefore: -1 }, 'Days before the start cannot be negative.'],
  ])('refuses an invalid plan with its message (%#)', async (plan, message) => {
    const owner = await signInOwner(t);
    const response = await put({ ...SETTINGS, plan }, owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses a negative cancellation period and a fee over 100 %', async () => {
    const owner = await signInOwner(t);
    for (const cancellation of [
      { freeUntilDaysBefore: -1, feePercent: 10 },
      { freeUntilDaysBefore: 3, feePercent: 101 },
    ]) {
      const response = await put({ ...SETTINGS, cancellation }, owner.cookie);
      expect(response.statusCode).toBe(400);
    }
    expect((await t.get(URL, { cookie: owner.cookie })).json().plan).toEqual(DEFAULT_PAYMENT_PLAN);
  });
});
