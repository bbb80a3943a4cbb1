import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRandCents } from '../../../domain/money.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { type BookingWithTerms, insertBookingWithTerms } from '../../test/payment-terms-fixtures.ts';
import { staffPermissions } from '../../test/people.ts';
import { findPaymentLink, hashPaymentLinkToken } from './payment-links.ts';
import { runPaymentReminders } from './payment-reminders.ts';

/**
 * The balance reminders with a fixed clock (docs/decisions/062). Each scenario's dates are years
 * ahead of the others', so one scenario's runs never reach another's bookings. On PostgreSQL
 * (TEST_DATABASE_URL) the concurrent runs use separate pool connections; PGlite serialises them.
 */
let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await t.createUser({ role: 'owner' })).id;
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** 10:00 in Johannesburg on a day. */
const at = (date: string) => new Date(`${date}T10:00:00+02:00`);
const run = (date: string) => runPaymentReminders(t.db, { publicUrl: TEST_PUBLIC_URL, now: at(date) });
const mailsTo = (email: string) =>
  t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute();
const remindersOf = (id: string) =>
  t.db.selectFrom('payment_reminders').select(['kind', 'due_on']).where('reservation_id', '=', id).execute();

/** R 1 000 booked, 30 % deposit, balance (R 700) due 14 days before the start. */
const booking = (year: number, extra: Partial<BookingWithTerms> = {}) =>
  insertBookingWithTerms(t.db, ownerId, {
    start: `${year}-03-24`,
    end: `${year}-03-27`,
    confirmedOn: `${year}-01-05`,
    title: `Reminder Cottage ${year}`,
    ...extra,
  });

describe('payment reminders', () => {
  it('before due: sent once from 3 days before, then overdue once the day after', async () => {
    const b = await booking(2031, { lines: [{ kind: 'payment', payment: 30_000 }] });
    expect(b.balanceDueOn).toBe('2031-03-10');

    await run('2031-03-06');
    expect(await mailsTo(b.email), 'not 4 days before').toHaveLength(0);

    await run('2031-03-07');
    let mails = await mailsTo(b.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Balance of R 700.00 due 10 Mar 2031 for ${b.reference}`);
    expect(mails[0]?.text).toContain('Reminder Cottage 2031');
    expect(mails[0]?.text).toContain('24 March 2031 to 27 March 2031');
    expect(mails[0]?.text).toContain('Due date: 10 March 2031');

    const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mails[0]?.text ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    const link = await t.db
      .selectFrom('payment_links')
      .select(['reservation_id', 'owner_id'])
      .where('token_hash', '=', hashPaymentLinkToken(token))
      .executeTakeFirstOrThrow();
    expect(link).toEqual({ reservation_id: b.id, owner_id: ownerId });
    expect(await findPaymentLink(t.db, token, at('2031-03-08'))).not.toBeNull();

    await run('2031-03-07');
    await run('2031-03-08');
    await run('2031-03-10');
    expect(await mailsTo(b.email), 'no repeat, and nothing on the due day itself').toHaveLength(1);

    await run('2031-03-11');
    await run('2031-03-12');
    mails = await mailsTo(b.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`Overdue: balance of R 700.00 due 10 Mar 2031 for ${b.reference}`);
    expect((await remindersOf(b.id)).map((r) => r.kind).sort()).toEqual(['before_due', 'overdue']);
  });

  it('overdue, the business’s bell says so once: the owner and staff who manage reservations, not other staff', async () => {
    const owner = await t.createUser({ role: 'owner' });
    const staff = (canManageReservations: boolean) =>
      t.createUser({
        role: 'frontoffice',
        parentOwnerId: owner.id,
        permissions: staffPermissions(canManageReservations),
      });
    const desk = await staff(true);
    const cleaner = await staff(false);
    const b = await insertBookingWithTerms(t.db, owner.id, {
      start: '2036-03-24',
      end: '2036-03-27',
      confirmedOn: '2036-01-05',
      title: 'Overdue Cottage',
      lines: [{ kind: 'payment', payment: 30_000 }],
    });
    const bellOf = (userId: string) =>
      t.db
        .selectFrom('in_app_notifications')
        .select(['kind', 'title', 'body', 'link'])
        .where('user_id', '=', userId)
        .execute();

    await run('2036-03-08');
    expect(await bellOf(owner.id), 'a balance not yet due is the client’s to pay').toEqual([]);
    await run('2036-03-11');
    await run('2036-03-12');
    const client = await t.db
      .selectFrom('clients')
      .select(['first_name', 'last_name'])
      .where('email', '=', b.email)
      .where('owner_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const notice = {
      kind: 'balance_overdue',
      title: `Balance overdue for ${b.reference}`,
      body: `${client.first_name} ${client.last_name} owes ${formatRandCents(70_000)} for Overdue Cottage, due 10 March 2036. They were emailed a reminder with a payment link.`,
      link: `/reservation-management?reservation=${b.id}`,
    };
    expect(await bellOf(owner.id)).toEqual([notice]);
    expect(await bellOf(desk.id)).toEqual([notice]);
    expect(await bellOf(cleaner.id)).toEqual([]);
  });

  it('a job that first sees the booking inside the window sends before due at once; a security deposit taken with the balance is in the amount', async () => {
    const b = await booking(2032, { securityDeposit: 50_000, lines: [{ kind: 'payment', payment: 30_000 }] });
    await run('2032-03-09');
    const mails = await mailsTo(b.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Balance of R 1 200.00 due 10 Mar 2032 for ${b.reference}`,
    ]);
  });

  it('nothing for paid, cancelled or completed bookings', async () => {
    const paid = await booking(2033, { lines: [{ kind: 'payment', payment: 100_000 }] });
    const cancelled = await booking(2033, { status: 'cancelled' });
    const completed = await booking(2033, { status: 'completed' });
    for (const day of ['2033-03-07', '2033-03-11']) await run(day);
    for (const b of [paid, cancelled, completed]) {
      expect(await mailsTo(b.email)).toHaveLength(0);
      expect(await remindersOf(b.id)).toHaveLength(0);
    }
  });

  it('a balance paid after the before-due reminder gets no overdue one', async () => {
    const b = await booking(2034, { lines: [{ kind: 'payment', payment: 30_000 }] });
    await run('2034-03-08');
    await t.db
      .insertInto('reservation_transactions')
      .values({
        reservation_id: b.id,
        owner_id: ownerId,
        kind: 'payment',
        description: 'Balance',
        quantity: '1',
        unit: null,
        tax_percent: '0',
        discount_percent: '0',
        unit_price_cents: 0,
        sub_total_cents: 0,
        total_cents: 0,
        payment_amount_cents: 70_000,
        payment_method: 'manual',
        transaction_ref: null,
        stock_item_id: null,
        extra_charge_type_id: null,
        note: null,
        created_by: null,
        voided_at: null,
        voided_by: null,
      })
      .execute();
    await run('2034-03-11');
    expect((await mailsTo(b.email)).map((mail) => mail.subject)).toEqual([
      `Balance of R 700.00 due 10 Mar 2034 for ${b.reference}`,
    ]);
  });

  it('two runs at once send each reminder once', async () => {
    const bookings = await Promise.all([booking(2035), booking(2035), booking(2035)]);
    const counts = await Promise.all([run('2035-03-08'), run('2035-03-08')]);
    expect(counts.reduce((sum, c) => sum + c.sent, 0)).toBe(3);
    for (const b of bookings) {
      expect(await mailsTo(b.email)).toHaveLength(1);
      expect(await remindersOf(b.id)).toEqual([{ kind: 'before_due', due_on: '2035-03-10' }]);
    }
    const overdue = await Promise.all(Array.from({ length: 4 }, () => run('2035-03-11')));
    expect(overdue.reduce((sum, c) => sum + c.sent, 0)).toBe(3);
    for (const b of bookings) expect(await mailsTo(b.email)).toHaveLength(2);
  });
});
