import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import * as bookedRatesAndVat from './023-booked-rates-and-vat.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

/** A booking as stored before decision 029: a client's booking of a VAT vendor took tax 0 %. */
const storedWithoutVat = (reservation: Reservation) =>
  t.db.updateTable('reservations').set({ tax_percent: 0 }).where('id', '=', reservation.id).execute();

describe('migration 023 gives a VAT vendor’s open bookings the VAT their prices include', () => {
  it('open bookings of a VAT vendor without an issued invoice take the rate; totals and issued invoices stay', async () => {
    const vendor = await ownerWithDetails(t);
    const pending = await booking(t, vendor);
    const cancelled = await booking(t, vendor, { status: 'cancelled' });
    const invoiced = await booking(t, vendor, { status: 'confirmed' });
    await storedWithoutVat(invoiced);
    const issued = await t.post(
      `/api/reservations/${invoiced.id}/documents/invoice`,
      {},
      { cookie: vendor.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const notRegistered = await ownerWithDetails(t, { vat_registered: false, vat_number: null });
    const theirs = await booking(t, notRegistered);
    for (const reservation of [pending, cancelled, theirs]) await storedWithoutVat(reservation);
    const invoiceBefore = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('reservation_id', '=', invoiced.id)
      .execute();

    const db = t.db as unknown as Kysely<unknown>; // as the migrator runs migrations
    await bookedRatesAndVat.down(db);
    await bookedRatesAndVat.up(db);

    const rows = await t.db
      .selectFrom('reservations')
      .select(['id', 'tax_percent', 'total_price_cents', 'booked_rates'])
      .where('id', 'in', [pending.id, cancelled.id, invoiced.id, theirs.id])
      .execute();
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(Number(byId[pending.id]?.tax_percent)).toBe(15);
    expect(Number(byId[cancelled.id]?.tax_percent)).toBe(0); // closed: left as it was
    expect(Number(byId[invoiced.id]?.tax_percent)).toBe(0); // its issued invoice stands as issued
    expect(Number(byId[theirs.id]?.tax_percent)).toBe(0); // not registered: no VAT
    for (const reservation of [pending, cancelled, invoiced, theirs]) {
      expect(byId[reservation.id]?.total_price_cents).toBe(reservation.total_price_cents);
      expect(byId[reservation.id]?.booked_rates).toBeNull();
    }
    const invoiceAfter = await t.db
      .selectFrom('documents')
      .selectAll()
      .where('reservation_id', '=', invoiced.id)
      .execute();
    expect(invoiceAfter).toEqual(invoiceBefore);
  });
});
