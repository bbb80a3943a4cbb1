import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionMonth, monthEnd, monthLabel, previousMonth } from '../../../domain/commission.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../../domain/dates.ts';
import type { CommissionOverview } from '../../../domain/schemas/commission.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import type { PaymentStart } from '../../../domain/schemas/subscription.ts';
import { bookingBody, expectError, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { notifyAndRecord, paymentOf, signedItn, subscriptionOf } from '../../test/payfast-fixtures.ts';
import { pdfAllText } from '../../test/pdf-text.ts';
import { runLifecycleSweep } from '../subscriptions/subscription-lifecycle.ts';
import { runCommissionSweep } from './commission-statements.ts';

/** Commission is charged (issue 19, docs/decisions/032): accruals, the monthly statement, its tax invoice and payment. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OVERVIEW = '/api/subscription/commission/statements';
const NIGHT_CENTS = 100_005; // R 1 000.05: 10 % of each stay ends in half a cent

/** The first instant of next month in Africa/Johannesburg, when the sweep closes this month. */
function startOfNextMonth(): Date {
  const month = commissionMonth(new Date());
  const next = new Date(`${month}T12:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return new Date(`${next.toISOString().slice(0, 7)}-01T00:00:00+02:00`);
}

/** An owner on the commission model with a listing at R 1 000.05 a night. */
async function commissionOwner() {
  const owner = await signInOwner(t, 'starter');
  const switched = await t.post('/api/subscription/commission', {}, { cookie: owner.cookie });
  expect(switched.statusCode, switched.body).toBe(200);
  const property = await insertProperty(t.db, owner.user.id, {
    title: 'Karoo cottage',
    price_per_day_cents: NIGHT_CENTS,
  });
  return { owner, property };
}

/** A client's booking of `nights` nights, accepted and completed by the owner. */
async function completedBooking(
  owner: Awaited<ReturnType<typeof commissionOwner>>,
  offset: number,
  nights: number,
): Promise<Reservation> {
  const client = await t.signInAs({ role: 'client' });
  const response = await t.post('/api/reservations', bookingBody(owner.property.id, offset, nights), {
    cookie: client.cookie,
  });
  expect(response.statusCode, response.body).toBe(201);
  const booked = response.json<Reservation>();
  const completed = await t.patch(
    `/api/reservations/${booked.id}`,
    { status: 'completed' },
    { cookie: owner.owner.cookie },
  );
  expect(completed.statusCode, completed.body).toBe(200);
  return completed.json<Reservation>();
}

const overviewOf = async (cookie: string) => {
  const response = await t.get(OVERVIEW, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CommissionOverview>();
};

const closeMonth = (now = startOfNextMonth()) => runCommissionSweep(t.db, { config: t.config, now });

describe('a month of completed bookings', () => {
  it('accrues 10 % of each total, closes into one statement with a Rentza tax invoice, once', async () => {
    const shop = await commissionOwner();
    const stays = [
      await completedBooking(shop, 10, 1),
      await completedBooking(shop, 20, 2),
      await completedBooking(shop, 30, 3),
    ];
    expect(stays.map((stay) => stay.total_price_cents)).toEqual([100_005, 200_010, 300_015]);

    const open = await overviewOf(shop.owner.cookie);
    expect(open).toMatchObject({
      onCommission: true,
      ratePercent: 10,
      openTotalCents: 60_004,
      statements: [],
    });
    expect(open.open.map((row) => [row.reference, row.kind, row.baseCents, row.amountCents])).toEqual([
      [stays[0]?.reference, 'charge', 100_005, 10_001],
      [stays[1]?.reference, 'charge', 200_010, 20_001],
      [stays[2]?.reference, 'charge', 300_015, 30_002],
    ]);
    expect(open.open[0]?.propertyTitle).toBe('Karoo cottage');

    // Saving the completed booking again accrues nothing more.
    await t.patch(
      `/api/reservations/${stays[0]?.id}`,
      { status: 'completed' },
      { cookie: shop.owner.cookie },
    );
    expect((await overviewOf(shop.owner.cookie)).open).toHaveLength(3);

    // Nothing closes before the month ends; at its start, three sweeps at once close it once.
    expect((await closeMonth(new Date(startOfNextMonth().getTime() - 60_000))).statements).toBe(0);
    const sweeps = await Promise.all([closeMonth(), closeMonth(), closeMonth()]);
    expect(sweeps.reduce((sum, counts) => sum + counts.statements, 0)).toBe(1);
    expect((await closeMonth()).statements).toBe(0);

    const closed = await overviewOf(shop.owner.cookie);
    expect(closed.open).toEqual([]);
    expect(closed.statements).toHaveLength(1);
    const statement = closed.statements[0] as CommissionOverview['statements'][number];
    const month = commissionMonth(new Date());
    const issued = todayInBusinessZone(startOfNextMonth());
    expect(statement).toMatchObject({
      month,
      monthLabel: monthLabel(month),
      amountCents: 60_004,
      vatCents: 7_827,
      status: 'due',
      issueDate: issued,
      dueDate: addDays(issued, 14),
      paidAt: null,
    });
    expect(statement.invoiceNumber).toMatch(/^RZ-\d{6}$/);
    expect(closed.dueCents).toBe(60_004);

    const mail = await t.waitForMail(shop.owner.user.email, /commission statement/);
    expect(mail.subject).toBe(`Your Rentza commission statement for ${monthLabel(month)}`);
    expect(mail.text.replace(/[\u00a0\u202f]/g, ' ')).toContain('R 600.04');
    expect(mail.text).toContain(statement.invoiceNumber);

    const pdf = await t.get(statement.downloadUrl, { cookie: shop.owner.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`Rentza-${statement.invoiceNumber}.pdf`);
    const text = (await pdfAllText(pdf.rawPayload)).replace(/\s+/g, ' ');
    for (const expected of [
      'Tax Invoice',
      statement.invoiceNumber,
      t.config.RENTZA_LEGAL_NAME,
      `VAT No: ${t.config.RENTZA_VAT_NUMBER}`,
      'COMMISSION STATEMENT',
      `${monthLabel(month)} ${formatDisplayDate(month)} – ${formatDisplayDate(monthEnd(month))}`,
      `Commission at 10 % on completed bookings, ${monthLabel(month)}`,
      'Amount excl. VAT R 521.77',
      'VAT at 15 % R 78.27',
      'Total incl. VAT R 600.04',
      'Balance due R 600.04',
      `${stays[0]?.reference} Karoo cottage`,
      'R 1 000.05 R 100.01',
      'R 3 000.15 R 300.02',
    ])
      expect(text).toContain(expected);
  });

  it('a completed booking reversed later is credited on the next statement, never below nothing', async () => {
    const shop = await commissionOwner();
    const stay = await completedBooking(shop, 12, 2);
    await closeMonth();
    const cancelled = await t.patch(
      `/api/reservations/${stay.id}`,
      { status: 'cancelled' },
      { cookie: shop.owner.cookie },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await overviewOf(shop.owner.cookie);
    // The closed statement is untouched; the credit waits in the open accruals.
    expect(after.statements.map((row) => row.amountCents)).toEqual([20_001]);
    expect(after.open.map((row) => [row.reference, row.kind, row.amountCents])).toEqual([
      [stay.reference, 'credit', -20_001],
    ]);
    expect(after.openTotalCents).toBe(-20_001);
    // A month with only a credit closes nothing (the credit reduces a later statement).
    const later = new Date(startOfNextMonth().getTime() + 40 * 24 * 3_600_000);
    expect((await closeMonth(later)).statements).toBe(0);
  });

  it('an owner on the subscription model accrues nothing', async () => {
    const owner = await signInOwner(t, 'business');
    const property = await insertProperty(t.db, owner.user.id, { price_per_day_cents: NIGHT_CENTS });
    const client = await t.signInAs({ role: 'client' });
    const booked = (
      await t.post('/api/reservations', bookingBody(property.id, 14, 1), { cookie: client.cookie })
    ).json<Reservation>();
    await t.patch(`/api/reservations/${booked.id}`, { status: 'completed' }, { cookie: owner.cookie });
    expect(await overviewOf(owner.cookie)).toMatchObject({ onCommission: false, open: [], statements: [] });
  });
});

describe('paying a statement through PayFast', () => {
  async function ownerWithStatement() {
    const shop = await commissionOwner();
    await completedBooking(shop, 16, 1);
    await closeMonth();
    const statement = (await overviewOf(shop.owner.cookie)).statements[0];
    if (!statement) throw new Error('expected a statement');
    return { shop, statement };
  }

  const notify = (body: string) => notifyAndRecord(t, body);

  async function payWithItn(cookie: string, statementId: string) {
    const started = await t.post(
      `/api/subscription/commission/statements/${statementId}/pay`,
      {},
      { cookie },
    );
    expect(started.statusCode, started.body).toBe(200);
    const start = started.json<PaymentStart>();
    const order = Object.fromEntries(start.formFields ?? []);
    expect(order).toMatchObject({ amount: '100.01', m_payment_id: start.reference });
    expect(order.subscription_type).toBeUndefined();
    const body = signedItn(t, order);
    return { start, body, notification: await notify(body) };
  }

  it('the ITN marks it paid; paying again is refused; the PDF says Paid', async () => {
    const { shop, statement } = await ownerWithStatement();
    const { start, body, notification } = await payWithItn(shop.owner.cookie, statement.id);
    expect(notification).toMatchObject({ outcome: 'applied' });
    expect(await paymentOf(t, start.reference)).toMatchObject({
      kind: 'commission',
      status: 'complete',
      amount_cents: 10_001,
      commission_statement_id: statement.id,
    });
    const paid = await overviewOf(shop.owner.cookie);
    expect(paid.statements[0]).toMatchObject({ status: 'paid', statusLabel: 'Paid' });
    expect(paid.dueCents).toBe(0);
    expectError(
      await t.post(
        `/api/subscription/commission/statements/${statement.id}/pay`,
        {},
        { cookie: shop.owner.cookie },
      ),
      409,
      'This statement is already paid',
    );
    const text = await pdfAllText(
      (await t.get(statement.downloadUrl, { cookie: shop.owner.cookie })).rawPayload,
    );
    expect(text).toContain('Paid in full. Thank you.');
    // The same notification again changes nothing.
    const stored = () =>
      t.db
        .selectFrom('commission_statements')
        .select(['status', 'paid_at', 'payment_id'])
        .where('id', '=', statement.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    expect(before).toMatchObject({ status: 'paid', payment_id: (await paymentOf(t, start.reference)).id });
    expect(await notify(body)).toMatchObject({ outcome: 'duplicate' });
    expect(await stored()).toEqual(before);
  });

  it('a forged ITN pays nothing', async () => {
    const { shop, statement } = await ownerWithStatement();
    const started = await t.post(
      `/api/subscription/commission/statements/${statement.id}/pay`,
      {},
      { cookie: shop.owner.cookie },
    );
    const order = Object.fromEntries(started.json<PaymentStart>().formFields ?? []);
    const body = signedItn(t, order).replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(32)}`);
    const recorded = await notify(body);
    expect(recorded).toMatchObject({ outcome: 'rejected', reason: 'signature mismatch' });
    expect((await overviewOf(shop.owner.cookie)).statements[0]).toMatchObject({ status: 'due' });
  });

  it('unpaid after its due date: Payment Due, kept by the lifecycle; paying makes the account active again', async () => {
    const { shop, statement } = await ownerWithStatement();
    // Last month's statement, due two days ago.
    const today = todayInBusinessZone();
    await t.db
      .updateTable('commission_statements')
      .set({
        month: previousMonth(commissionMonth(new Date())),
        issue_date: addDays(today, -16),
        due_date: addDays(today, -2),
      })
      .where('id', '=', statement.id)
      .execute();
    expect((await overviewOf(shop.owner.cookie)).statements[0]?.statusLabel).toBe('Overdue');
    const now = new Date();
    expect(await runCommissionSweep(t.db, { config: t.config, now })).toMatchObject({ markedPastDue: 1 });
    expect((await runCommissionSweep(t.db, { config: t.config, now })).markedPastDue).toBe(0);
    expect(await subscriptionOf(t, shop.owner.user.id)).toMatchObject({
      status: 'past_due',
      past_due_since: new Date(`${addDays(today, -1)}T00:00:00+02:00`),
    });
    await t.waitForMail(shop.owner.user.email, /Payment due for your Rentza commission/);
    // The free plan is not renewed out of Payment Due while commission is overdue.
    await t.db
      .updateTable('subscriptions')
      .set({ current_period_end: new Date(now.getTime() - 60_000) })
      .where('owner_id', '=', shop.owner.user.id)
      .execute();
    await runLifecycleSweep(t.db, { publicUrl: t.config.PUBLIC_URL, now });
    expect((await subscriptionOf(t, shop.owner.user.id)).status).toBe('past_due');

    await payWithItn(shop.owner.cookie, statement.id);
    expect(await subscriptionOf(t, shop.owner.user.id)).toMatchObject({
      status: 'active',
      past_due_since: null,
    });
  });
});

describe('who sees and pays statements', () => {
  it('signed out: 401; client, staff and admin: 403', async () => {
    expect((await t.get(OVERVIEW)).statusCode).toBe(401);
    const shop = await commissionOwner();
    for (const role of ['client', 'admin'] as const) {
      const { cookie } = await t.signInAs({ role });
      expect((await t.get(OVERVIEW, { cookie })).statusCode, role).toBe(403);
    }
    for (const role of ['backoffice', 'frontoffice'] as const) {
      const { cookie } = await t.signInAs({ role, parentOwnerId: shop.owner.user.id });
      expect((await t.get(OVERVIEW, { cookie })).statusCode, role).toBe(403);
    }
  });

  it("another owner's statement is not found, to read or to pay; a malformed id is 400", async () => {
    const shop = await commissionOwner();
    await completedBooking(shop, 18, 1);
    await closeMonth();
    const statement = (await overviewOf(shop.owner.cookie)).statements[0];
    if (!statement) throw new Error('expected a statement');
    const other = await signInOwner(t, 'starter');
    expectError(await t.get(statement.downloadUrl, { cookie: other.cookie }), 404, 'Statement not found');
    expectError(
      await t.post(
        `/api/subscription/commission/statements/${statement.id}/pay`,
        {},
        { cookie: other.cookie },
      ),
      404,
      'Statement not found',
    );
    expect((await overviewOf(other.cookie)).statements).toEqual([]);
    const staff = await t.signInAs({ role: 'backoffice', parentOwnerId: shop.owner.user.id });
    expect((await t.get(statement.downloadUrl, { cookie: staff.cookie })).statusCode).toBe(403);
    expect(
      (await t.get('/api/subscription/commission/statements/not-a-uuid/pdf', { cookie: shop.owner.cookie }))
        .statusCode,
    ).toBe(400);
  });
});
