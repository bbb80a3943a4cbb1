import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionKind } from '../../../domain/billing.ts';
import { type ReportBooking, type ReportLine, reportFigures } from '../../../domain/reports.ts';
import { insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportFor } from './reports.service.ts';

/**
 * The report's money is summed in SQL by kind (docs/decisions/039): those sums must give the very
 * figures `reportFigures` computes from the lines themselves (ledgerSummary line by line), on a
 * varied business: voided lines, deposits kept and refunded, a cancelled booking with a fee and one
 * without, an unbilled booking, a credit, lines recorded in the period on a booking outside it,
 * lines recorded on the last evening of a month (the next day in Johannesburg), and another owner's
 * lines on the same days.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const period = { from: '2026-01', to: '2026-03' };

async function business() {
  const owner = await signInOwner(t, 'pro');
  const ownerId = owner.user.id;
  const cottage = await insertProperty(t.db, ownerId, { title: 'Cottage' });
  const flat = await insertProperty(t.db, ownerId, { title: 'Flat' });
  const client = async (first_name: string) =>
    t.db
      .insertInto('clients')
      .values({
        owner_id: ownerId,
        first_name,
        last_name: 'Test',
        email: `${first_name.toLowerCase()}.${ownerId}@example.com`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const [anele, bongani, carla] = [await client('Anele'), await client('Bongani'), await client('Carla')];
  const booking = async (
    property: { id: string },
    clientId: string,
    status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
    start: string,
    end: string,
    total: number,
  ) =>
    (
      await t.db
        .insertInto('reservations')
        .values({
          property_id: property.id,
          owner_id: ownerId,
          client_id: clientId,
          start_date: start,
          end_date: end,
          status,
          total_price_cents: total,
          created_at: new Date(`${start}T00:00:00Z`),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const line = async (
    reservationId: string,
    kind: TransactionKind,
    cents: number,
    at: string,
    voided = false,
    lineOwner = ownerId,
  ) => {
    const money = kind === 'payment' || kind === 'deposit_received' || kind === 'deposit_refunded';
    await t.db
      .insertInto('reservation_transactions')
      .values({
        reservation_id: reservationId,
        owner_id: lineOwner,
        kind,
        description: kind,
        quantity: 1,
        unit_price_cents: money ? 0 : cents,
        sub_total_cents: money ? 0 : cents,
        tax_cents: 0,
        total_cents: money ? 0 : cents,
        payment_amount_cents: money ? cents : null,
        payment_method: kind === 'payment' ? 'manual' : null,
        tax_percent: 0,
        discount_percent: 0,
        unit: null,
        transaction_ref: null,
        stock_item_id: null,
        extra_charge_type_id: null,
        note: null,
        created_by: null,
        voided_by: null,
        voided_at: voided ? new Date() : null,
        created_at: new Date(at),
      })
      .execute();
  };

  const r1 = await booking(cottage, anele.id, 'confirmed', '2026-01-10', '2026-01-15', 500_000);
  await line(r1, 'rental', 500_000, '2026-01-05T08:00:00Z');
  await line(r1, 'payment', 200_000, '2026-01-10T08:00:00Z');
  await line(r1, 'payment', 300_000, '2026-01-11T08:00:00Z', true);
  await line(r1, 'deposit_received', 100_000, '2026-01-10T08:00:00Z');
  await line(r1, 'deposit_kept', 30_000, '2026-01-20T08:00:00Z');
  await line(r1, 'deposit_refunded', 50_000, '2026-01-21T08:00:00Z');
  const r2 = await booking(cottage, bongani.id, 'cancelled', '2026-02-01', '2026-02-03', 200_000);
  await line(r2, 'ad_hoc', 40_000, '2026-01-25T08:00:00Z');
  await line(r2, 'payment', 10_000, '2026-01-26T08:00:00Z');
  await booking(flat, bongani.id, 'cancelled', '2026-02-10', '2026-02-12', 100_000);
  const r4 = await booking(flat, carla.id, 'pending', '2026-03-01', '2026-03-05', 300_000);
  await line(r4, 'rental', 300_000, '2026-02-20T08:00:00Z', true);
  await line(r4, 'payment', 50_000, '2026-02-21T08:00:00Z');
  const r5 = await booking(cottage, carla.id, 'completed', '2025-11-01', '2025-11-05', 100_000);
  await line(r5, 'rental', 100_000, '2025-11-01T08:00:00Z');
  await line(r5, 'stock', 5_000, '2025-12-31T22:30:00Z');
  await line(r5, 'payment', 100_000, '2026-01-31T22:30:00Z');
  await line(r5, 'deposit_received', 20_000, '2025-11-01T08:00:00Z');
  const r6 = await booking(flat, anele.id, 'confirmed', '2026-03-20', '2026-03-25', 400_000);
  await line(r6, 'payment', 500_000, '2026-03-15T08:00:00Z');
  await line(r6, 'rental', 400_000, '2026-03-31T22:30:00Z');
  await line(r6, 'deposit_received', 70_000, '2026-03-15T08:00:00Z');
  await line(r6, 'deposit_refunded', 70_000, '2026-03-26T08:00:00Z');
  const r7 = await booking(cottage, anele.id, 'completed', '2026-03-01', '2026-03-03', 120_000);
  await line(r7, 'rental', 120_000, '2026-03-01T08:00:00Z');
  await line(r7, 'deposit_received', 60_000, '2026-03-01T08:00:00Z');

  // Another owner's booking and lines on the same days: never counted.
  const other = await signInOwner(t, 'pro');
  const theirs = await insertProperty(t.db, other.user.id);
  const theirClient = (
    await t.db
      .insertInto('clients')
      .values({
        owner_id: other.user.id,
        first_name: 'Zola',
        last_name: 'Other',
        email: `z.${ownerId}@example.com`,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const theirBooking = (
    await t.db
      .insertInto('reservations')
      .values({
        property_id: theirs.id,
        owner_id: other.user.id,
        client_id: theirClient,
        start_date: '2026-01-10',
        end_date: '2026-01-12',
        status: 'confirmed',
        total_price_cents: 90_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await line(theirBooking, 'rental', 90_000, '2026-01-10T08:00:00Z', false, other.user.id);
  const user = await t.db.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirstOrThrow();
  return { user, ownerId, cottage, flat };
}

/** The figures from every line in memory: the owner's bookings and their not-voided lines, as the domain reads them. */
async function fromLines(ownerId: string, listing?: string) {
  let bookingRead = t.db
    .selectFrom('reservations as r')
    .innerJoin('clients as c', 'c.id', 'r.client_id')
    .selectAll('r')
    .select(['c.first_name', 'c.last_name'])
    .where('r.owner_id', '=', ownerId);
  if (listing) bookingRead = bookingRead.where('r.property_id', '=', listing);
  const bookings: ReportBooking[] = (await bookingRead.execute()).map((row) => ({
    id: row.id,
    reference: row.reference,
    listingId: row.property_id,
    clientId: row.client_id,
    clientName: `${row.first_name} ${row.last_name}`,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    createdAt: new Date(row.created_at).toISOString(),
    totalPriceCents: row.total_price_cents,
  }));
  const ids = bookings.map((booking) => booking.id);
  const lines: ReportLine[] = (
    await t.db
      .selectFrom('reservation_transactions')
      .selectAll()
      .where('reservation_id', 'in', ids)
      .where('voided_at', 'is', null)
      .execute()
  ).map((row) => ({
    id: row.id,
    reservationId: row.reservation_id,
    kind: row.kind,
    totalCents: row.total_cents,
    paymentAmountCents: row.payment_amount_cents,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return reportFigures({ period, listings: [], bookings, lines });
}

const money = (figures: Awaited<ReturnType<typeof fromLines>>) => ({
  money: figures.money,
  totals: figures.totals,
  statuses: figures.statuses,
  topClients: figures.topClients,
  outstanding: figures.outstanding.map(({ listing: _listing, ...row }) => row),
  deposits: figures.deposits.map(({ listing: _listing, ...row }) => row),
});

describe('the report’s SQL sums', () => {
  it('give the same figures as ledgerSummary over every line, to the cent, for all listings and one', async () => {
    const { user, ownerId, cottage } = await business();
    const all = await reportFor(t.db, user, period);
    const expected = await fromLines(ownerId);
    expect(money(all)).toEqual(money(expected));
    // The fixture is varied enough to mean something: each table has rows.
    expect(expected.money.map((row) => [row.billedCents, row.receivedCents])).toEqual([
      [575_000, 240_000],
      [0, 150_000],
      [120_000, 500_000],
    ]);
    expect(expected.outstanding.map((row) => row.balanceDueCents)).toEqual([
      300_000, 250_000, 120_000, 30_000,
    ]);
    expect(expected.deposits.map((row) => row.heldCents)).toEqual([60_000, 20_000]);
    expect(expected.topClients.map((row) => [row.client, row.bookings])).toEqual([
      ['Anele Test', 3],
      ['Bongani Test', 1],
      ['Carla Test', 2],
    ]);

    const one = await reportFor(t.db, user, { ...period, listing: cottage.id });
    expect(money(one)).toEqual(money(await fromLines(ownerId, cottage.id)));
  });
});
