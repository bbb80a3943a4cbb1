import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerLine, ledgerSummary, unbilledTotalOf } from '../../../domain/billing.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import * as storedBalanceMigration from '../../db/migrations/045-stored-balance-and-list-indexes.ts';
import { day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertLedgerLines } from '../../test/ledger-fixtures.ts';

/**
 * The stored balance (migration 045, docs/decisions/069): every write of a booking's billing lines
 * keeps reservations.balance_due_cents equal to ledgerSummary over its not-voided lines (the unbilled
 * total until a charge line exists), whichever way the lines are written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof signInOwner>>;

async function insertBooking(
  owner: Owner,
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled',
  total: number,
) {
  const property = await insertProperty(t.db, owner.user.id, {
    title: `Balance ${randomUUID().slice(0, 6)}`,
  });
  const client = await t.db
    .insertInto('clients')
    .values({
      owner_id: owner.user.id,
      first_name: 'Lindiwe',
      last_name: 'Balance',
      email: `${randomUUID().slice(0, 10)}@example.co.za`,
      phone: null,
      region: null,
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: owner.user.id,
      client_id: client.id,
      start_date: day(30),
      end_date: day(33),
      status,
      total_price_cents: total,
      booked_price_cents: total,
      security_deposit_cents: 50_000,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every booking's stored balance against ledgerSummary over its lines, computed in TypeScript. */
async function mismatches(): Promise<{ id: string; stored: number; expected: number }[]> {
  const bookings = await t.db
    .selectFrom('reservations')
    .select(['id', 'status', 'total_price_cents', 'balance_due_cents'])
    .execute();
  const lines = await t.db
    .selectFrom('reservation_transactions')
    .select(['reservation_id', 'kind', 'total_cents', 'payment_amount_cents'])
    .where('voided_at', 'is', null)
    .execute();
  const linesOf = new Map<string, LedgerLine[]>();
  for (const line of lines) {
    const list = linesOf.get(line.reservation_id) ?? [];
    list.push({
      kind: line.kind,
      totalCents: line.total_cents,
      paymentAmountCents: line.payment_amount_cents,
    });
    linesOf.set(line.reservation_id, list);
  }
  return bookings
    .map((booking) => ({
      id: booking.id,
      stored: booking.balance_due_cents,
      expected: ledgerSummary(
        linesOf.get(booking.id) ?? [],
        unbilledTotalOf({ status: booking.status, totalPriceCents: booking.total_price_cents }),
      ).balanceDueCents,
    }))
    .filter((row) => row.stored !== row.expected);
}

const storedBalance = async (id: string) =>
  (
    await t.db
      .selectFrom('reservations')
      .select('balance_due_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).balance_due_cents;

describe('the stored balance due (migration 045)', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await signInOwner(t);
  });

  it('follows every billing-line write through the API: charges, payments, refunds, deposits, voids', async () => {
    const id = await insertBooking(owner, 'confirmed', 120_000);
    expect(await storedBalance(id), 'unbilled: the booked total').toBe(120_000);
    const add = async (body: Record<string, unknown>) => {
      const response = await t.post(`/api/reservations/${id}/transactions`, body, { cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(201);
      const ledger = response.json<Ledger>();
      expect(await storedBalance(id), JSON.stringify(body)).toBe(ledger.balance_due_cents);
      return ledger;
    };
    await add({ kind: 'ad_hoc', description: 'Late checkout', quantity: 1, unit_price_cents: 15_000 });
    expect(await storedBalance(id), 'billed: only the charge lines count').toBe(15_000);
    await add({ kind: 'rental' });
    const paid = await add({ kind: 'payment', payment_method: 'manual', amount_cents: 200_000 });
    expect(paid.balance_due_cents).toBe(0);
    expect(paid.credit_cents).toBeGreaterThan(0);
    await add({ kind: 'refund', amount_cents: paid.credit_cents, payout_method: 'eft' });
    await add({ kind: 'deposit_received', amount_cents: 50_000 });
    await add({ kind: 'deposit_kept', amount_cents: 10_000, description: 'Broken glass' });
    const last = await add({ kind: 'deposit_refunded', amount_cents: 40_000, payout_method: 'eft' });
    expect(last.balance_due_cents).toBe(0);

    // Voiding the payment: what it paid is owed again.
    const payment = last.lines.find((line) => line.kind === 'payment');
    const voided = await t.request('DELETE', `/api/reservations/${id}/transactions/${payment?.id}`, {
      cookie: owner.cookie,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const afterVoid = voided.json<Ledger>();
    expect(afterVoid.balance_due_cents).toBeGreaterThan(0);
    expect(await storedBalance(id)).toBe(afterVoid.balance_due_cents);
    expect(await mismatches()).toEqual([]);
  });

  it('follows the booking itself: cancelled owes only what was billed, the total counts until billed', async () => {
    const unbilled = await insertBooking(owner, 'pending', 90_000);
    const billed = await insertBooking(owner, 'confirmed', 90_000);
    await insertLedgerLines(t.db, { reservationId: billed, ownerId: owner.user.id }, [
      { kind: 'ad_hoc', total: 5_000 },
      { kind: 'payment', payment: 1_000 },
    ]);
    await t.db
      .updateTable('reservations')
      .set({ total_price_cents: 95_000 })
      .where('id', '=', unbilled)
      .execute();
    expect(await storedBalance(unbilled)).toBe(95_000);
    await t.db
      .updateTable('reservations')
      .set({ status: 'cancelled' })
      .where('id', 'in', [unbilled, billed])
      .execute();
    expect(await storedBalance(unbilled), 'a cancelled booking never owes its unbilled total').toBe(0);
    expect(await storedBalance(billed), 'a cancellation fee billed is still owed').toBe(4_000);
    expect(await mismatches()).toEqual([]);
  });

  it('one statement writing and voiding many lines of many bookings keeps each booking right', async () => {
    const a = await insertBooking(owner, 'confirmed', 30_000);
    const b = await insertBooking(owner, 'completed', 40_000);
    // One INSERT … SELECT for both (as an import or the bench's seed writes lines), then one UPDATE
    // voiding lines of both.
    await sql`
      INSERT INTO reservation_transactions (reservation_id, owner_id, kind, description, unit_price_cents,
        sub_total_cents, tax_cents, total_cents, payment_amount_cents, payment_method)
      SELECT r.id, r.owner_id, k.kind, k.kind, k.total, k.total, 0, k.total, k.paid, k.method
      FROM reservations r CROSS JOIN (VALUES
        ('rental', 25000, NULL::integer, NULL),
        ('stock', 7000, NULL, NULL),
        ('payment', 0, 12000, 'manual'),
        ('payment', 0, 3000, 'manual')) AS k(kind, total, paid, method)
      WHERE r.id IN (${a}, ${b})`.execute(t.db);
    expect([await storedBalance(a), await storedBalance(b)]).toEqual([17_000, 17_000]);
    await t.db
      .updateTable('reservation_transactions')
      .set({ voided_at: new Date() })
      .where('reservation_id', 'in', [a, b])
      .where((eb) => eb.or([eb('kind', '=', 'stock'), eb('payment_amount_cents', '=', 3_000)]))
      .execute();
    expect([await storedBalance(a), await storedBalance(b)]).toEqual([13_000, 13_000]);
    // Every line of a voided: the booking is unbilled again and owes its total.
    await t.db
      .updateTable('reservation_transactions')
      .set({ voided_at: new Date() })
      .where('reservation_id', '=', a)
      .execute();
    expect(await storedBalance(a)).toBe(30_000);
    expect(await mismatches()).toEqual([]);
  });

  it('cannot be written by anything but the trigger (generated column)', async () => {
    const id = await insertBooking(owner, 'pending', 10_000);
    await expect(
      sql`UPDATE reservations SET balance_due_cents = 1 WHERE id = ${id}`.execute(t.db),
    ).rejects.toThrow(/can only be updated to DEFAULT/);
  });
});

describe("a booking's client is one of its business's clients (migration 045)", () => {
  it("the database refuses a booking, or a change, naming another business's client", async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const id = await insertBooking(owner, 'pending', 10_000);
    const theirs = await insertBooking(other, 'pending', 10_000);
    const clientOf = async (booking: string) =>
      (
        await t.db
          .selectFrom('reservations')
          .select('client_id')
          .where('id', '=', booking)
          .executeTakeFirstOrThrow()
      ).client_id;
    const foreignClient = await clientOf(theirs);
    await expect(
      t.db.updateTable('reservations').set({ client_id: foreignClient }).where('id', '=', id).execute(),
    ).rejects.toThrow(/reservations_client_of_business/);
    const ownClient = await clientOf(id);
    await expect(
      t.db.updateTable('clients').set({ owner_id: other.user.id }).where('id', '=', ownClient).execute(),
    ).rejects.toThrow(/reservations_client_of_business/);
  });
});

describe('migration 045 on a database with bookings and lines', () => {
  it('sets every booking’s sums from its lines, whatever was written before it', async () => {
    const owner = await signInOwner(t);
    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await storedBalanceMigration.down(db);
    // Written while no trigger kept the sums: billed and part paid, refunded, voided, cancelled.
    const paid = await insertBooking(owner, 'confirmed', 60_000);
    const refunded = await insertBooking(owner, 'completed', 20_000);
    const cancelled = await insertBooking(owner, 'cancelled', 80_000);
    await insertLedgerLines(t.db, { reservationId: paid, ownerId: owner.user.id }, [
      { kind: 'rental', total: 60_000 },
      { kind: 'payment', payment: 25_000 },
      { kind: 'payment', payment: 5_000, voided: true },
    ]);
    await insertLedgerLines(t.db, { reservationId: refunded, ownerId: owner.user.id }, [
      { kind: 'rental', total: 20_000 },
      { kind: 'payment', payment: 30_000 },
    ]);
    await sql`INSERT INTO reservation_transactions (reservation_id, owner_id, kind, description,
        payment_amount_cents, payout_method)
      VALUES (${refunded}, ${owner.user.id}, 'refund', 'Refund', 12000, 'eft')`.execute(t.db);
    await insertLedgerLines(t.db, { reservationId: cancelled, ownerId: owner.user.id }, [
      { kind: 'ad_hoc', total: 8_000 },
    ]);
    await storedBalanceMigration.up(db);

    expect(await Promise.all([paid, refunded, cancelled].map(storedBalance))).toEqual([35_000, 2_000, 8_000]);
    expect(await mismatches()).toEqual([]);
  });
});
