import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { businessMidnight } from '../../../domain/billing-periods.ts';
import type { PlanId, SubscriptionStatus } from '../../../domain/plans.ts';
import type { AddOnId, SubscriptionPaymentMethod } from '../../../domain/subscriptions.ts';
import { ADD_ONS } from '../../../domain/subscriptions.ts';
import { bookingBody, insertProperty, newClientInput } from '../../test/booking-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { startLifecycleWorker } from './lifecycle-worker.ts';
import { ensureStarterSubscription } from './subscription.repository.ts';
import { runLifecycleSweep } from './subscription-lifecycle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
// Each test sweeps only its own subscriptions: the ones left by earlier tests are set aside (the sweep
// never touches a cancelled subscription).
afterEach(async () => {
  await t.db
    .updateTable('subscriptions')
    .set({ status: 'cancelled' })
    .where('status', '!=', 'cancelled')
    .execute();
});

const DAY = 24 * 60 * 60 * 1000;
/**
 * Far from the real clock, so the server's own background work never finds these periods due. Billing
 * dates on the 10th: the period ends at Johannesburg midnight of 10 March.
 */
const ANCHOR = '2041-01-10';
const END = businessMidnight('2041-03-10');
const at = (offsetMs: number) => new Date(END.getTime() + offsetMs);
const BILLING_URL = `${TEST_PUBLIC_URL}/subscription?tab=billing`;

interface Setup {
  plan?: PlanId;
  status?: SubscriptionStatus;
  periodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  pastDueSince?: Date | null;
  paymentMethod?: SubscriptionPaymentMethod;
  gatewayToken?: string | null;
  addOns?: AddOnId[];
  anchor?: string;
}

async function subscribedOwner(setup: Setup = {}) {
  const user = await t.createUser({ role: 'owner', first_name: 'Naledi' });
  await ensureStarterSubscription(t.db, user.id);
  const periodEnd = setup.periodEnd ?? END;
  const subscription = await t.db
    .updateTable('subscriptions')
    .set({
      plan_id: setup.plan ?? 'pro',
      status: setup.status ?? 'active',
      current_period_start: new Date(periodEnd.getTime() - 30 * DAY),
      current_period_end: periodEnd,
      cancel_at_period_end: setup.cancelAtPeriodEnd ?? false,
      past_due_since: setup.pastDueSince ?? null,
      payment_method: setup.paymentMethod ?? 'subscription',
      gateway_token: setup.gatewayToken ?? null,
      billing_anchor: setup.anchor ?? ANCHOR,
    })
    .where('owner_id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const addOn of setup.addOns ?? []) {
    await t.db
      .insertInto('subscription_add_ons')
      .values({ subscription_id: subscription.id, add_on_id: addOn, price_cents: ADD_ONS[addOn].priceCents })
      .execute();
  }
  return { user, subscriptionId: subscription.id };
}

/** A recurring charge the gateway reported FAILED (as settlement records it). */
async function failedRenewal(ownerId: string, subscriptionId: string, createdAt: Date) {
  await t.db
    .insertInto('payments')
    .values({
      owner_id: ownerId,
      subscription_id: subscriptionId,
      gateway: 'payfast',
      reference: `SUB_1_${subscriptionId}-${createdAt.getTime()}`,
      kind: 'renewal',
      plan_id: 'pro',
      description: 'Pro Plan - Monthly Subscription',
      amount_cents: 29900,
      status: 'failed',
      gateway_payment_id: `pf-${subscriptionId}-${createdAt.getTime()}`,
      failure_reason: 'Payment failed',
      created_at: createdAt,
    })
    .execute();
}

const sweep = (now: Date) => runLifecycleSweep(t.db, { now, publicUrl: TEST_PUBLIC_URL });

const stored = (id: string) =>
  t.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The emails enqueued for an address, oldest first. */
const mailsTo = (email: string) =>
  t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

const counts = (changes: Partial<Awaited<ReturnType<typeof sweep>>> = {}) => ({
  renewed: 0,
  endedPaidPlans: 0,
  markedPastDue: 0,
  deactivated: 0,
  reminders: 0,
  mails: 0,
  skipped: 0,
  failed: 0,
  ...changes,
});

describe('renewal reminders (paid plans, 7 and 3 days before the period end)', () => {
  it('one email each per period, with the date and the amount; a repeated sweep sends nothing', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro', addOns: ['homepage_boost'] });
    expect(await sweep(at(-7 * DAY - 1))).toEqual(counts());

    expect(await sweep(at(-7 * DAY))).toEqual(counts({ reminders: 1, mails: 1 }));
    expect(await sweep(at(-7 * DAY))).toEqual(counts());
    expect(await sweep(at(-4 * DAY))).toEqual(counts());
    const [first, ...rest] = await mailsTo(user.email);
    expect(rest).toEqual([]);
    expect(first?.subject).toBe('Your Rentza subscription renews on 10 March 2041');
    expect(first?.text).toContain('Hi Naledi,');
    // Pro R 299 + homepage boost R 99.
    expect(first?.text.replace(/\u00a0/g, ' ')).toContain(
      'Your Pro plan renews on 10 March 2041 for R 398.00.',
    );
    expect(first?.text).toContain('Please pay from the Billing tab');
    expect(first?.text).toContain(BILLING_URL);

    expect(await sweep(at(-3 * DAY))).toEqual(counts({ reminders: 1, mails: 1 }));
    expect(await sweep(at(-1 * DAY))).toEqual(counts());
    expect(await mailsTo(user.email)).toHaveLength(2);
    const reminders = await t.db
      .selectFrom('subscription_reminders')
      .select(['days_before', 'period_end'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('days_before', 'desc')
      .execute();
    expect(reminders).toEqual([
      { days_before: 7, period_end: END },
      { days_before: 3, period_end: END },
    ]);
    expect((await stored(subscriptionId)).status).toBe('active');
  });

  it('none while a recurring charge is coming (a working debit order); once that charge failed, they go', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'business', gatewayToken: 'tok-123' });
    expect(await sweep(at(-7 * DAY))).toEqual(counts());
    expect(await sweep(at(-2 * DAY))).toEqual(counts());
    expect(await mailsTo(user.email)).toEqual([]);

    // PayFast charged early (its billing date fell before ours) and the card was declined.
    await failedRenewal(user.id, subscriptionId, at(-2 * DAY));
    expect(await sweep(at(-2 * DAY))).toEqual(counts({ reminders: 1, mails: 1 }));
    const [mail] = await mailsTo(user.email);
    expect(mail?.text.replace(/\u00a0/g, ' ')).toContain('renews on 10 March 2041 for R 699.00');
    expect(mail?.text).toContain('Please pay from the Billing tab');
  });

  it('none for a free plan, a plan set to cancel, or an inactive subscription', async () => {
    const owners = await Promise.all([
      subscribedOwner({ plan: 'starter' }),
      subscribedOwner({ plan: 'starter', paymentMethod: 'commission' }),
      subscribedOwner({ plan: 'pro', cancelAtPeriodEnd: true }),
      subscribedOwner({ plan: 'pro', status: 'inactive' }),
    ]);
    expect(await sweep(at(-3 * DAY))).toEqual(counts());
    for (const { user } of owners) expect(await mailsTo(user.email)).toEqual([]);
  });
});

describe('the period ends', () => {
  it('paid: Payment Due from the period end, and the owner is emailed once', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro' });
    expect(await sweep(at(-1))).toMatchObject({ markedPastDue: 0 });
    const before = (await mailsTo(user.email)).length;

    expect(await sweep(END)).toEqual(counts({ markedPastDue: 1, mails: 1 }));
    expect(await sweep(at(DAY))).toEqual(counts());
    expect(await stored(subscriptionId)).toMatchObject({
      status: 'past_due',
      past_due_since: END,
      plan_id: 'pro',
      current_period_end: END,
    });
    const mails = (await mailsTo(user.email)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual(['Payment due for your Rentza subscription']);
    const text = mails[0]?.text.replace(/\u00a0/g, ' ');
    expect(text).toContain("Your Pro plan's billing period ended on 10 March 2041");
    expect(text).toContain('R 299.00');
    expect(text).toContain('Your listings stay online until 17 March 2041.');
    expect(text).toContain(`Pay now: ${BILLING_URL}`);
  });

  it('paid with a recurring charge coming: active, unmailed and listed for 3 days after the end; then Payment Due', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro', gatewayToken: 'tok-window' });
    for (const now of [END, at(DAY), at(3 * DAY - 1)]) expect(await sweep(now)).toEqual(counts());
    expect((await stored(subscriptionId)).status).toBe('active');
    expect(await mailsTo(user.email)).toEqual([]);

    const windowEnd = at(3 * DAY);
    expect(await sweep(windowEnd)).toEqual(counts({ markedPastDue: 1, mails: 1 }));
    expect(await stored(subscriptionId)).toMatchObject({ status: 'past_due', past_due_since: windowEnd });
    const [mail] = await mailsTo(user.email);
    expect(mail?.text).toContain('Your listings stay online until 20 March 2041.');
  });

  it('paid with a recurring charge that failed: Payment Due at once, from the period end', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro', gatewayToken: 'tok-failed' });
    expect(await sweep(at(60 * 60 * 1000))).toEqual(counts());
    await failedRenewal(user.id, subscriptionId, at(2 * 60 * 60 * 1000));
    expect(await sweep(at(2 * 60 * 60 * 1000))).toEqual(counts({ markedPastDue: 1, mails: 1 }));
    expect(await stored(subscriptionId)).toMatchObject({ status: 'past_due', past_due_since: END });
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toEqual([
      'Payment due for your Rentza subscription',
    ]);
  });

  it('a charge that failed in an earlier period does not count against this one', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro', gatewayToken: 'tok-old' });
    await failedRenewal(user.id, subscriptionId, at(-40 * DAY));
    expect(await sweep(at(DAY))).toEqual(counts());
    expect((await stored(subscriptionId)).status).toBe('active');
  });

  it('after the grace period (7 days) Payment Due becomes Inactive, with an email', async () => {
    const { user, subscriptionId } = await subscribedOwner({
      plan: 'pro',
      status: 'past_due',
      pastDueSince: END,
    });
    expect(await sweep(at(7 * DAY - 1))).toEqual(counts());
    expect(await sweep(at(7 * DAY))).toEqual(counts({ deactivated: 1, mails: 1 }));
    expect(await sweep(at(8 * DAY))).toEqual(counts());
    expect((await stored(subscriptionId)).status).toBe('inactive');
    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Rentza subscription is inactive']);
    expect(mails[0]?.text).toContain('by 17 March 2041, so your subscription is now inactive');
  });

  it('a sweep that did not run for the whole grace period takes both steps and sends the last email only', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'business' });
    expect(await sweep(at(10 * DAY))).toEqual(counts({ markedPastDue: 1, deactivated: 1, mails: 1 }));
    expect(await stored(subscriptionId)).toMatchObject({ status: 'inactive', past_due_since: END });
    // 'Your listings stay online until 17 March' would already be untrue.
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toEqual([
      'Your Rentza subscription is inactive',
    ]);
  });

  it.each([
    ['Starter', 'starter', 'subscription'],
    ['commission', 'starter', 'commission'],
  ] as const)(
    'free (%s): renewed from the old end until it ends in the future, no email',
    async (_l, plan, method) => {
      const { user, subscriptionId } = await subscribedOwner({ plan, paymentMethod: method });
      expect(await sweep(at(65 * DAY))).toEqual(counts({ renewed: 1 }));
      expect(await sweep(at(65 * DAY))).toEqual(counts());
      // 65 days after 10 March is 14 May: the period between the billing dates around it.
      expect(await stored(subscriptionId)).toMatchObject({
        status: 'active',
        plan_id: 'starter',
        payment_method: method,
        current_period_start: businessMidnight('2041-05-10'),
        current_period_end: businessMidnight('2041-06-10'),
      });
      expect(await mailsTo(user.email)).toEqual([]);
    },
  );

  it('Starter with a paid add-on is paid: Payment Due', async () => {
    const { subscriptionId } = await subscribedOwner({ plan: 'starter', addOns: ['branded_profile'] });
    expect(await sweep(END)).toEqual(counts({ markedPastDue: 1, mails: 1 }));
    expect((await stored(subscriptionId)).status).toBe('past_due');
  });

  it('set to cancel: back to Starter, add-ons ended, token cleared, a new period, the owner emailed', async () => {
    const { user, subscriptionId } = await subscribedOwner({
      plan: 'pro',
      cancelAtPeriodEnd: true,
      gatewayToken: 'tok-abc',
      addOns: ['homepage_boost', 'custom_agreement'],
    });
    expect(await sweep(at(-1))).toEqual(counts());
    const now = at(2 * 60 * 1000);
    expect(await sweep(now)).toEqual(counts({ endedPaidPlans: 1, mails: 1 }));
    expect(await sweep(now)).toEqual(counts());
    expect(await stored(subscriptionId)).toMatchObject({
      plan_id: 'starter',
      payment_method: 'subscription',
      cancel_at_period_end: false,
      gateway_token: null,
      status: 'active',
      past_due_since: null,
      current_period_start: END,
      current_period_end: businessMidnight('2041-04-10'),
    });
    const addOns = await t.db
      .selectFrom('subscription_add_ons')
      .select(['add_on_id', 'removed_at'])
      .where('subscription_id', '=', subscriptionId)
      .orderBy('add_on_id')
      .execute();
    expect(addOns).toEqual([
      { add_on_id: 'custom_agreement', removed_at: now },
      { add_on_id: 'homepage_boost', removed_at: now },
    ]);
    const mails = await mailsTo(user.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your paid Rentza subscription has ended']);
    expect(mails[0]?.text).toContain(
      'As you asked, your Pro plan and its add-ons (Homepage boost, Custom rental agreement) ended on 10 March 2041.',
    );
    expect(mails[0]?.text).toContain('now on the free Starter plan');
    expect(mails[0]?.text).toContain(`${TEST_PUBLIC_URL}/subscription?tab=plans`);
  });

  it('cancelled while Payment Due: the paid plan ends instead of lapsing', async () => {
    const { subscriptionId } = await subscribedOwner({
      plan: 'pro',
      status: 'past_due',
      pastDueSince: END,
      cancelAtPeriodEnd: true,
    });
    expect(await sweep(at(DAY))).toEqual(counts({ endedPaidPlans: 1, mails: 1 }));
    expect(await stored(subscriptionId)).toMatchObject({ plan_id: 'starter', status: 'active' });
  });
});

describe('several sweeps at once (two servers), and a sweep that fails mid-way', () => {
  it('two concurrent sweeps send each email once and make each transition once', async () => {
    const due = await Promise.all([
      ...Array.from({ length: 4 }, () => subscribedOwner({ plan: 'pro' })),
      ...Array.from({ length: 3 }, () => subscribedOwner({ plan: 'pro', periodEnd: at(3 * DAY) })),
      ...Array.from({ length: 2 }, () =>
        subscribedOwner({ plan: 'pro', status: 'past_due', pastDueSince: at(-8 * DAY) }),
      ),
      subscribedOwner({ plan: 'starter' }),
    ]);
    const results = await Promise.all([sweep(END), sweep(END), sweep(END)]);
    const sum = (key: keyof (typeof results)[number]) => results.reduce((n, result) => n + result[key], 0);
    const total = {
      renewed: sum('renewed'),
      markedPastDue: sum('markedPastDue'),
      deactivated: sum('deactivated'),
      reminders: sum('reminders'),
      mails: sum('mails'),
      failed: sum('failed'),
    };
    expect(total).toEqual({
      renewed: 1,
      markedPastDue: 4,
      deactivated: 2,
      reminders: 3,
      mails: 9,
      failed: 0,
    });
    expect(await mailsTo(due[9]?.user.email ?? '')).toEqual([]);
    for (const { user } of due.slice(0, 9)) expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await sweep(END)).toEqual(counts());
  });

  it('a failure rolls back that subscription whole (no state change, no email); the next pass does it once', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro' });
    const other = await subscribedOwner({ plan: 'pro' });
    // The mail insert fails for one address, after the subscription row was updated in the same transaction.
    await sql`CREATE FUNCTION lifecycle_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.to_address = ${sql.lit(user.email)} THEN RAISE EXCEPTION 'mail server on fire'; END IF;
        RETURN NEW;
      END $$`.execute(t.db);
    await sql`CREATE TRIGGER lifecycle_test_fail BEFORE INSERT ON email_outbox
      FOR EACH ROW EXECUTE FUNCTION lifecycle_test_fail()`.execute(t.db);
    const errors: unknown[] = [];
    try {
      const result = await runLifecycleSweep(t.db, {
        now: END,
        publicUrl: TEST_PUBLIC_URL,
        logger: { error: (entry: unknown) => errors.push(entry) } as never,
      });
      expect(result).toEqual(counts({ markedPastDue: 1, mails: 1, failed: 1 }));
    } finally {
      await sql`DROP TRIGGER lifecycle_test_fail ON email_outbox`.execute(t.db);
      await sql`DROP FUNCTION lifecycle_test_fail()`.execute(t.db);
    }
    expect(errors).toHaveLength(1);
    expect(await stored(subscriptionId)).toMatchObject({ status: 'active', past_due_since: null });
    expect(await mailsTo(user.email)).toEqual([]);
    expect((await stored(other.subscriptionId)).status).toBe('past_due');

    expect(await sweep(END)).toEqual(counts({ markedPastDue: 1, mails: 1 }));
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo(other.user.email)).toHaveLength(1);
  });
});

describe('startLifecycleWorker', () => {
  it('sweeps at start with the real clock, pokes the outbox when it enqueued mail, and stops', async () => {
    const { user, subscriptionId } = await subscribedOwner({
      plan: 'pro',
      periodEnd: new Date(Date.now() - 60_000),
    });
    let pokes = 0;
    const worker = startLifecycleWorker(
      t.db,
      { publicUrl: TEST_PUBLIC_URL, pokeMail: () => pokes++ },
      pino({ level: 'silent' }),
    );
    let first: Awaited<ReturnType<typeof worker.runNow>>;
    try {
      first = await worker.runNow();
      await worker.runNow();
    } finally {
      await worker.stop();
    }
    expect((await stored(subscriptionId)).status).toBe('past_due');
    expect(await mailsTo(user.email)).toHaveLength(1);
    // (The test server's own background sweep may have got there first.)
    expect(pokes).toBe(first?.mails ? 1 : 0);
    expect(await worker.runNow()).toBeNull();
  });
});

describe('listings follow the subscription: hidden and not bookable once inactive', () => {
  const tag = () => `lapse${Math.random().toString(36).slice(2, 10)}`;

  async function searchIds(q: string): Promise<string[]> {
    const response = await t.get(`/api/properties?q=${q}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ items: { id: string }[] }>().items.map((item) => item.id);
  }

  const setStatus = (id: string, status: SubscriptionStatus) =>
    t.db.updateTable('subscriptions').set({ status }).where('id', '=', id).execute();

  it('Payment Due still shows and books; Inactive disappears and refuses bookings; paid again, it is back', async () => {
    const q = tag();
    const { user, subscriptionId } = await subscribedOwner({ plan: 'pro' });
    const property = await insertProperty(t.db, user.id, { title: `Sea view cottage ${q}` });
    const { cookie } = await t.signInAs({ role: 'client' });
    expect(await searchIds(q)).toEqual([property.id]);

    await sweep(END);
    expect((await stored(subscriptionId)).status).toBe('past_due');
    expect(await searchIds(q)).toEqual([property.id]);
    const duringGrace = await t.post('/api/reservations', bookingBody(property.id, 10, 2), { cookie });
    expect(duringGrace.statusCode).toBe(201);

    await sweep(at(7 * DAY));
    expect((await stored(subscriptionId)).status).toBe('inactive');
    expect(await searchIds(q)).toEqual([]);
    const refused = await t.post('/api/reservations', bookingBody(property.id, 20, 2), { cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This property is not taking bookings at the moment. Please choose another one.',
    );
    const reservations = await t.db
      .selectFrom('reservations')
      .select('id')
      .where('property_id', '=', property.id)
      .execute();
    expect(reservations).toHaveLength(1);

    // What the payment settlement does when the owner pays.
    await setStatus(subscriptionId, 'active');
    expect(await searchIds(q)).toEqual([property.id]);
    const after = await t.post('/api/reservations', bookingBody(property.id, 20, 2), { cookie });
    expect(after.statusCode).toBe(201);
  });

  it.each([
    ['cancelled', 'cancelled'],
    ['no subscription', null],
  ] as const)('%s: hidden from search and not bookable by a client', async (_label, status) => {
    const q = tag();
    const { user, subscriptionId } = await subscribedOwner({ plan: 'business' });
    const property = await insertProperty(t.db, user.id, { title: `Loft ${q}` });
    if (status) await setStatus(subscriptionId, status);
    else await t.db.deleteFrom('subscriptions').where('id', '=', subscriptionId).execute();
    expect(await searchIds(q)).toEqual([]);
    const { cookie } = await t.signInAs({ role: 'client' });
    const refused = await t.post('/api/reservations', bookingBody(property.id, 10, 2), { cookie });
    expect(refused.statusCode).toBe(409);
  });

  it('the owner of an inactive subscription cannot add a booking either (403 No active subscription)', async () => {
    const { user, subscriptionId } = await subscribedOwner({ plan: 'business', status: 'inactive' });
    const property = await insertProperty(t.db, user.id);
    const cookie = await t.signIn(user.email, user.password);
    const response = await t.post(
      '/api/reservations',
      bookingBody(property.id, 10, 2, {
        new_client: newClientInput(),
      }),
      { cookie },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('No active subscription');
    expect((await stored(subscriptionId)).status).toBe('inactive');
  });
});
