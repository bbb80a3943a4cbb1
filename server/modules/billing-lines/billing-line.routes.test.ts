import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_LINE_MESSAGES as M } from '../../../domain/billing-lines.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import {
  bookingBody,
  insertProperty,
  insertRate,
  newClientInput,
  raisePrices,
} from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const FORBIDDEN = 'You do not have permission to perform this action.';

/** A pending booking (3 nights at R 1 000 unless told) of a new listing of the owner’s, for a new client. */
async function reservationOf(
  key: PersonKey = 'owner',
  options: { nights?: number; price?: number; cleaning?: number; offset?: number } = {},
) {
  const owner = await person(key);
  const property = await insertProperty(t.db, owner.user.id, {
    price_per_day_cents: options.price ?? 100_000,
    cleaning_fee_cents: options.cleaning ?? 0,
  });
  const offset = options.offset ?? 10;
  const created = await t.post(
    '/api/reservations',
    bookingBody(property.id, offset, options.nights ?? 3, { new_client: newClientInput() }),
    { cookie: owner.cookie },
  );
  expect(created.statusCode, created.body).toBe(201);
  return { reservation: created.json<Reservation>(), property, offset };
}

const url = (reservationId: string) => `/api/reservations/${reservationId}/transactions`;

async function add(reservationId: string, body: unknown, who: PersonKey = 'owner') {
  return t.post(url(reservationId), body, { cookie: (await person(who)).cookie });
}

async function added(reservationId: string, body: unknown, who: PersonKey = 'owner'): Promise<Ledger> {
  const response = await add(reservationId, body, who);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Ledger>();
}

async function ledger(reservationId: string): Promise<Ledger> {
  const response = await t.get(url(reservationId), { cookie: (await person('owner')).cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Ledger>();
}

async function storedTotal(reservationId: string): Promise<number> {
  const row = await t.db
    .selectFrom('reservations')
    .select('total_price_cents')
    .where('id', '=', reservationId)
    .executeTakeFirstOrThrow();
  return row.total_price_cents;
}

const adHoc = {
  kind: 'ad_hoc',
  description: 'Firewood',
  quantity: 2,
  unit_price_cents: 9_999,
  tax_percent: 15,
};

describe('who may read and change a reservation’s billing lines', () => {
  const allowed: PersonKey[] = ['owner', 'admin', 'backoffice', 'frontoffice'];
  const refused: PersonKey[] = [
    'backofficeWithout',
    'frontofficeWithout',
    'otherOwner',
    'otherBackoffice',
    'client',
  ];

  it.each(allowed)('%s reads, adds and deletes lines of the business’s reservation', async (key) => {
    const { reservation } = await reservationOf();
    const cookie = (await person(key)).cookie;
    expect((await t.get(url(reservation.id), { cookie })).statusCode).toBe(200);
    const after = await added(reservation.id, adHoc, key);
    const line = after.lines[0];
    expect(line?.description).toBe('Firewood');
    const removed = await t.request('DELETE', `${url(reservation.id)}/${line?.id}`, { cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Ledger>().lines).toEqual([]);
  });

  it.each(refused)('%s gets 403 and changes nothing', async (key) => {
    const { reservation } = await reservationOf();
    const line = (await added(reservation.id, adHoc)).lines[0];
    const cookie = (await person(key)).cookie;
    const read = await t.get(url(reservation.id), { cookie });
    expect(read.statusCode).toBe(403);
    expect(read.json<{ message: string }>().message).toBe(FORBIDDEN);
    expect((await add(reservation.id, adHoc, key)).statusCode).toBe(403);
    expect(
      (await add(reservation.id, { kind: 'payment', payment_method: 'manual', amount_cents: 5_000 }, key))
        .statusCode,
    ).toBe(403);
    const removed = await t.request('DELETE', `${url(reservation.id)}/${line?.id}`, { cookie });
    expect(removed.statusCode).toBe(403);
    const after = await ledger(reservation.id);
    expect(after.lines.map((l) => l.id)).toEqual([line?.id]);
    expect(after.payments_cents).toBe(0);
  });

  it('a signed-out caller gets 401; an unknown reservation 404', async () => {
    const { reservation } = await reservationOf();
    expect((await t.get(url(reservation.id))).statusCode).toBe(401);
    expect((await t.post(url(reservation.id), adHoc)).statusCode).toBe(401);
    const missing = await t.get(url('00000000-0000-4000-8000-000000000000'), {
      cookie: (await person('owner')).cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Reservation not found');
  });
});

describe('charges: the server computes every amount', () => {
  it('an ad hoc charge is quantity × unit price, its VAT the part t / (100 + t) of it, half up; totals sent with it are ignored', async () => {
    const { reservation } = await reservationOf();
    const after = await added(reservation.id, {
      ...adHoc,
      sub_total_cents: 1,
      total_cents: 1,
      tax_cents: 0,
    });
    // 2 × R 99.99 = R 199.98, VAT included (decision 029): 199.98 × 15 / 115 = R 26.08.
    expect(after.lines[0]).toMatchObject({
      kind: 'ad_hoc',
      quantity: 2,
      unit_price_cents: 9_999,
      tax_percent: 15,
      sub_total_cents: 17_390,
      tax_cents: 2_608,
      total_cents: 19_998,
    });
    expect(after.charges_cents).toBe(19_998);
    expect(after.balance_due_cents).toBe(19_998);
    // The reservation's total is now the sum of its charge lines (spec booking-core §4).
    expect(after.total_price_cents).toBe(19_998);
    expect(await storedTotal(reservation.id)).toBe(19_998);
  });

  it('a stock charge takes the item’s price, tax and unit from the catalogue, whatever is sent', async () => {
    const owner = await person('owner');
    const item = await t.post(
      '/api/billing/stock-items',
      { name: 'Gas bottle', sku: 'GAS-09', unit_price_cents: 35_000, tax_percent: 15, unit: 'ea' },
      { cookie: owner.cookie },
    );
    expect(item.statusCode, item.body).toBe(201);
    const { reservation } = await reservationOf();
    const after = await added(reservation.id, {
      kind: 'stock',
      stock_item_id: item.json<{ id: string }>().id,
      quantity: 2,
      unit_price_cents: 1,
      tax_percent: 0,
    });
    expect(after.lines[0]).toMatchObject({
      kind: 'stock',
      description: 'Gas bottle (GAS-09)',
      unit: 'ea',
      unit_price_cents: 35_000,
      tax_percent: 15,
      sub_total_cents: 60_870,
      tax_cents: 9_130, // R 700 VAT included
      total_cents: 70_000,
    });
  });

  it('another business’s stock item or charge type is refused', async () => {
    const other = await person('otherOwner');
    const item = await t.post(
      '/api/billing/stock-items',
      { name: 'Their linen', unit_price_cents: 10_000 },
      { cookie: other.cookie },
    );
    const type = await t.post(
      '/api/billing/extra-charge-types',
      { name: 'Their fee', default_amount_cents: 10_000 },
      { cookie: other.cookie },
    );
    const { reservation } = await reservationOf();
    const stock = await add(reservation.id, {
      kind: 'stock',
      stock_item_id: item.json<{ id: string }>().id,
      quantity: 1,
    });
    expect(stock.statusCode).toBe(400);
    expect(stock.json<{ message: string }>().message).toBe(M.stockNotFound);
    const extra = await add(reservation.id, {
      kind: 'extra',
      extra_charge_type_id: type.json<{ id: string }>().id,
      quantity: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json<{ message: string }>().message).toBe(M.typeNotFound);
    expect((await ledger(reservation.id)).lines).toEqual([]);
  });

  it('an extra charge defaults its amount and tax from the type; the form may change them', async () => {
    const owner = await person('owner');
    const type = await t.post(
      '/api/billing/extra-charge-types',
      { name: 'Late checkout', default_amount_cents: 30_000, tax_percent: 15 },
      { cookie: owner.cookie },
    );
    const typeId = type.json<{ id: string }>().id;
    const { reservation } = await reservationOf();
    const first = await added(reservation.id, { kind: 'extra', extra_charge_type_id: typeId, quantity: 1 });
    expect(first.lines[0]).toMatchObject({
      kind: 'ad_hoc',
      extra_charge_type_id: typeId,
      description: 'Late checkout',
      total_cents: 30_000, // the type's amount, VAT included
    });
    const second = await added(reservation.id, {
      kind: 'extra',
      extra_charge_type_id: typeId,
      quantity: 2,
      unit_price_cents: 20_000,
      tax_percent: 0,
    });
    expect(second.lines[1]).toMatchObject({ sub_total_cents: 40_000, tax_cents: 0, total_cents: 40_000 });
    expect(second.charges_cents).toBe(70_000);
  });

  it.each([
    [{ ...adHoc, quantity: 0 }, M.quantityPositive],
    [{ ...adHoc, description: '  ' }, M.descriptionRequired],
    [{ ...adHoc, unit_price_cents: -5 }, 'Unit price cannot be negative'],
    [{ ...adHoc, tax_percent: 101 }, 'Tax % must be 100 or less'],
    [{ kind: 'stock', stock_item_id: 'x', quantity: 1 }, M.stockRequired],
    [{ kind: 'payment', payment_method: 'manual', amount_cents: 0 }, M.amountPositive],
    [
      { kind: 'payment', payment_method: 'cash', amount_cents: 100 },
      'Payment method must be manual or PayFast',
    ],
  ])('refuses %j with “%s” and stores nothing', async (body, message) => {
    const { reservation } = await reservationOf();
    const response = await add(reservation.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect((await ledger(reservation.id)).lines).toEqual([]);
  });
});

describe('the add-rental-charge action', () => {
  it('bills the rates it was booked at (seasonal ones too), whatever the listing costs later: the lines add up to the one total', async () => {
    const owner = await ownerWithDetails(t); // registered for VAT: its prices include 15 %
    const property = await insertProperty(t.db, owner.user.id, {
      price_per_day_cents: 100_000,
      cleaning_fee_cents: 20_000,
    });
    const offset = 10;
    // The second and third nights fall in a peak period at R 1 400.
    await insertRate(t.db, property, offset + 1, offset + 10, 140_000);
    const created = await t.post(
      '/api/reservations',
      bookingBody(property.id, offset, 3, {
        new_client: newClientInput(),
        tax_percent: 0,
        discount_percent: 10,
      }),
      { cookie: owner.cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const reservation = created.json<Reservation>();
    // R 1 000 + 2 × R 1 400 = R 3 800, less 10 % = R 3 420, + R 200 cleaning = R 3 620 (R 472.17 VAT in it).
    expect(reservation).toMatchObject({ total_price_cents: 362_000, tax_percent: 15, discount_percent: 10 });
    await raisePrices(t.db, property.id, {
      perUnitCents: 180_000,
      cleaningCents: 50_000,
      periodRateCents: 200_000,
    });

    const response = await t.post(url(reservation.id), { kind: 'rental' }, { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(201);
    const after = response.json<Ledger>();
    expect(after.lines.map((line) => [line.kind, line.quantity, line.unit, line.unit_price_cents])).toEqual([
      ['rental', 1, 'night', 100_000],
      ['rental', 2, 'night', 140_000],
      ['rental', 1, null, 20_000],
    ]);
    // The discount comes off the rental only; the VAT (R 472.17, rounded once) is shared over the lines.
    expect(after.lines.map((line) => [line.total_cents, line.tax_cents])).toEqual([
      [90_000, 11_739],
      [252_000, 32_869],
      [20_000, 2_609],
    ]);
    expect(after.lines[1]?.description).toMatch(/2 nights, seasonal rate\)$/);
    expect(after.charges_cents).toBe(362_000);
    expect(after.total_price_cents).toBe(362_000);
    expect(after.balance_due_cents).toBe(362_000);

    const again = await t.post(url(reservation.id), { kind: 'rental' }, { cookie: owner.cookie });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(M.rentalCharged);
  });

  it('an override rate replaces both the periods and the listing’s price', async () => {
    const owner = await person('owner');
    const { reservation } = await reservationOf('owner', { nights: 2 });
    await t.patch(
      `/api/reservations/${reservation.id}`,
      { rate_override_per_day_cents: 80_000 },
      { cookie: owner.cookie },
    );
    const after = await added(reservation.id, { kind: 'rental' });
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ quantity: 2, unit_price_cents: 80_000, total_cents: 160_000 });
    expect(after.lines[0]?.description).toMatch(/agreed rate\)$/);
  });
});

describe('payments, balance due and the security deposit', () => {
  it('payments lower the balance due, never below 0; an overpayment is a credit', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, {
      kind: 'ad_hoc',
      description: 'Stay',
      quantity: 1,
      unit_price_cents: 300_000,
    });
    const paid = await added(reservation.id, {
      kind: 'payment',
      payment_method: 'manual',
      amount_cents: 100_000,
      transaction_ref: 'EFT-2211',
      note: 'Deposit by EFT',
    });
    expect(paid.lines[1]).toMatchObject({
      kind: 'payment',
      payment_method: 'manual',
      payment_amount_cents: 100_000,
      total_cents: 0,
      transaction_ref: 'EFT-2211',
    });
    expect([paid.charges_cents, paid.payments_cents, paid.balance_due_cents]).toEqual([
      300_000, 100_000, 200_000,
    ]);
    // A payment is not a charge: the reservation's total stays the sum of the charges.
    expect(paid.total_price_cents).toBe(300_000);
    const over = await added(reservation.id, {
      kind: 'payment',
      payment_method: 'payfast',
      amount_cents: 250_000,
    });
    expect(over.balance_due_cents).toBe(0);
    expect(over.credit_cents).toBe(50_000);
  });

  it('a held deposit is not revenue nor owed; kept, it becomes a charge with its VAT inside, settled from the deposit', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, {
      kind: 'ad_hoc',
      description: 'Stay',
      quantity: 1,
      unit_price_cents: 300_000,
    });
    const received = await added(reservation.id, { kind: 'deposit_received', amount_cents: 200_000 });
    expect(received.deposit_held_cents).toBe(200_000);
    expect([received.charges_cents, received.payments_cents, received.balance_due_cents]).toEqual([
      300_000, 0, 300_000,
    ]);

    const tooMuch = await add(reservation.id, {
      kind: 'deposit_refunded',
      amount_cents: 200_001,
      payout_method: 'eft',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe(M.refundTooLarge(200_000));

    const kept = await added(reservation.id, {
      kind: 'deposit_kept',
      amount_cents: 115_000,
      tax_percent: 15,
      description: 'Broken glass table',
    });
    expect(kept.lines.at(-1)).toMatchObject({
      kind: 'deposit_kept',
      description: 'Deposit kept: Broken glass table',
      sub_total_cents: 100_000,
      tax_cents: 15_000,
      total_cents: 115_000,
    });
    expect(kept.deposit_held_cents).toBe(85_000);
    expect(kept.charges_cents).toBe(415_000);
    expect(kept.balance_due_cents).toBe(300_000);
    expect(kept.total_price_cents).toBe(415_000);

    const keepMore = await add(reservation.id, { kind: 'deposit_kept', amount_cents: 85_001 });
    expect(keepMore.json<{ message: string }>().message).toBe(M.keptTooLarge(85_000));
    const refunded = await added(reservation.id, {
      kind: 'deposit_refunded',
      amount_cents: 85_000,
      payout_method: 'cash',
    });
    expect(refunded.deposit_held_cents).toBe(0);

    // The received deposit cannot be deleted while a refund or a kept part stands on it.
    const receivedLine = refunded.lines.find((line) => line.kind === 'deposit_received');
    const removed = await t.request('DELETE', `${url(reservation.id)}/${receivedLine?.id}`, {
      cookie: (await person('owner')).cookie,
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json<{ message: string }>().message).toBe(M.depositInUse);
  });
});

describe('an unbilled booking (decision 029)', () => {
  it('owes its total until charge lines exist: never “Balance due R 0.00”; payments count, deposits do not', async () => {
    const { reservation } = await reservationOf('owner', { nights: 2, cleaning: 15_000 });
    expect(reservation.total_price_cents).toBe(215_000);
    expect(await ledger(reservation.id)).toMatchObject({ charges_cents: 0, balance_due_cents: 215_000 });
    await added(reservation.id, { kind: 'deposit_received', amount_cents: 50_000 });
    const paid = await added(reservation.id, {
      kind: 'payment',
      payment_method: 'manual',
      amount_cents: 15_000,
    });
    expect(paid).toMatchObject({
      balance_due_cents: 200_000,
      deposit_held_cents: 50_000,
      total_price_cents: 215_000,
    });
  });
});

describe('deleting a line', () => {
  it('voids it (kept for the audit trail) and the total follows; with no charges left it is the booked price again', async () => {
    const owner = await person('owner');
    const { reservation } = await reservationOf();
    expect(reservation.total_price_cents).toBe(300_000);
    const after = await added(reservation.id, { kind: 'rental' });
    const withExtra = await added(reservation.id, adHoc);
    expect(withExtra.total_price_cents).toBe(300_000 + 19_998);

    const extraLine = withExtra.lines.find((line) => line.kind === 'ad_hoc');
    const removed = await t.request('DELETE', `${url(reservation.id)}/${extraLine?.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.json<Ledger>().total_price_cents).toBe(300_000);
    const row = await t.db
      .selectFrom('reservation_transactions')
      .select(['voided_at', 'voided_by'])
      .where('id', '=', extraLine?.id as string)
      .executeTakeFirstOrThrow();
    expect(row.voided_at).not.toBeNull();
    expect(row.voided_by).toBe(owner.user.id);

    const again = await t.request('DELETE', `${url(reservation.id)}/${extraLine?.id}`, {
      cookie: owner.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json<{ message: string }>().message).toBe(M.lineNotFound);

    // Billed: confirming the reservation (a status change) leaves the total to its lines.
    await added(reservation.id, { ...adHoc, quantity: 1, tax_percent: 0 });
    const confirmed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.json<Reservation>().total_price_cents).toBe(300_000 + 9_999);

    for (const line of (await ledger(reservation.id)).lines) {
      await t.request('DELETE', `${url(reservation.id)}/${line.id}`, { cookie: owner.cookie });
    }
    expect(after.lines).toHaveLength(1);
    expect(await storedTotal(reservation.id)).toBe(300_000);
  });

  it('a line of another reservation is not found through this one', async () => {
    const owner = await person('owner');
    const first = await reservationOf();
    const second = await reservationOf();
    const line = (await added(first.reservation.id, adHoc)).lines[0];
    const removed = await t.request('DELETE', `${url(second.reservation.id)}/${line?.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(404);
    expect((await ledger(first.reservation.id)).lines).toHaveLength(1);
  });
});

describe('refunds (issue 23 item 5): money back, recorded with how it was paid out', () => {
  const stay = { kind: 'ad_hoc', description: 'Stay', quantity: 1, unit_price_cents: 100_000 };
  const pay = (cents: number) => ({ kind: 'payment', payment_method: 'manual', amount_cents: cents });

  it('refunds at most the overpayment; the refund nets the payments and shows its payout method', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, stay);
    const overpaid = await added(reservation.id, pay(130_000));
    expect(overpaid.credit_cents).toBe(30_000);

    const tooMuch = await add(reservation.id, { kind: 'refund', amount_cents: 30_001, payout_method: 'eft' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json<{ message: string }>().message).toBe(M.overRefund(30_000));
    expect(M.overRefund(30_000)).toMatch(
      /^A refund cannot exceed the R\s300[.,]00 the client has paid in excess\.$/,
    );

    const refunded = await added(reservation.id, {
      kind: 'refund',
      amount_cents: 30_000,
      payout_method: 'payfast',
      transaction_ref: 'PF-REF-1',
      note: 'Refunded in the PayFast dashboard',
    });
    expect(refunded.lines.at(-1)).toMatchObject({
      kind: 'refund',
      description: 'Refund',
      payment_amount_cents: 30_000,
      total_cents: 0,
      payout_method: 'payfast',
      payment_method: null,
      transaction_ref: 'PF-REF-1',
    });
    expect([refunded.payments_cents, refunded.balance_due_cents, refunded.credit_cents]).toEqual([
      100_000, 0, 0,
    ]);
    // Nothing more is refundable.
    const again = await add(reservation.id, { kind: 'refund', amount_cents: 1, payout_method: 'cash' });
    expect(again.json<{ message: string }>().message).toBe(M.overRefund(0));
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('reservation_id', '=', reservation.id)
      .where('entity_type', '=', 'billing_line')
      .execute();
    expect(audit.map((row) => row.summary)).toContain(
      `Billing line added to ${reservation.reference}: Refund`,
    );
  });

  it('a refund or a deposit refund without a payout method is refused, and nothing is written', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, pay(50_000));
    await added(reservation.id, { kind: 'deposit_received', amount_cents: 20_000 });
    for (const kind of ['refund', 'deposit_refunded']) {
      const response = await add(reservation.id, { kind, amount_cents: 1_000 });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(M.payoutRequired);
      const unknown = await add(reservation.id, { kind, amount_cents: 1_000, payout_method: 'cheque' });
      expect(unknown.statusCode).toBe(400);
    }
    expect((await ledger(reservation.id)).lines.map((line) => line.kind)).toEqual([
      'payment',
      'deposit_received',
    ]);
  });

  it('a deposit refund above the deposit held is refused; within it, it keeps its payout method', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, { kind: 'deposit_received', amount_cents: 20_000 });
    const tooMuch = await add(reservation.id, {
      kind: 'deposit_refunded',
      amount_cents: 20_001,
      payout_method: 'eft',
    });
    expect(tooMuch.json<{ message: string }>().message).toBe(M.refundTooLarge(20_000));
    const back = await added(reservation.id, {
      kind: 'deposit_refunded',
      amount_cents: 20_000,
      payout_method: 'eft',
    });
    expect(back.lines.at(-1)).toMatchObject({ kind: 'deposit_refunded', payout_method: 'eft' });
    expect(back.deposit_held_cents).toBe(0);
  });

  it.each(['backofficeWithout', 'otherOwner', 'client'] as const)(
    '%s cannot record a refund (403)',
    async (key) => {
      const { reservation } = await reservationOf();
      await added(reservation.id, pay(10_000));
      const response = await add(
        reservation.id,
        { kind: 'refund', amount_cents: 1_000, payout_method: 'eft' },
        key,
      );
      expect(response.statusCode).toBe(403);
    },
  );

  it('staff with the reservations permission record a refund', async () => {
    const { reservation } = await reservationOf();
    await added(reservation.id, { ...stay, unit_price_cents: 5_000 });
    await added(reservation.id, pay(15_000));
    const staff = await added(
      reservation.id,
      { kind: 'refund', amount_cents: 10_000, payout_method: 'cash' },
      'frontoffice',
    );
    expect([staff.payments_cents, staff.credit_cents]).toEqual([5_000, 0]);
  });
});
