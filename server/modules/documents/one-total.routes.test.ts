import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { InvoiceIssueResult } from '../../../domain/schemas/documents.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { bookingBody, insertProperty, insertRate, raisePrices } from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

/**
 * One VAT model, one total (issue 19, docs/decisions/029): a client's booking of a VAT vendor's
 * listing costs what the listing shows, VAT included at 15 %, and the management list, My
 * Reservations, the emails, the Transactions tab and the tax invoice all say the same total — also
 * after the listing's prices change.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pdfText = async (url: string, cookie: string) => pdfAllText((await t.get(url, { cookie })).rawPayload);
const totalIn = async (cookie: string, id: string) =>
  (await t.get('/api/reservations', { cookie })).json<Reservation[]>().find((r) => r.id === id)
    ?.total_price_cents;
/** A mail's text with the no-break spaces of amounts as plain ones. */
const mailText = async (email: string, subject: RegExp) =>
  (await t.waitForMail(email, subject)).text.replace(/\u00a0/g, ' ');
const ledgerOf = async (id: string, cookie: string) =>
  (await t.get(`/api/reservations/${id}/transactions`, { cookie })).json<Ledger>();

/** An owner (VAT-registered unless told) with a listing at R 1 000 a night, R 250 cleaning, R 1 400 in peak season from night 2. */
async function listingWithSeason(vatRegistered = true) {
  const owner = await ownerWithDetails(
    t,
    vatRegistered ? {} : { vat_registered: false, vat_number: null, trading_name: 'Pieter se Plek' },
  );
  const property = await insertProperty(t.db, owner.user.id, {
    title: 'Hermanus Cottage',
    price_per_day_cents: 100_000,
    cleaning_fee_cents: 25_000,
    security_deposit_cents: 50_000,
  });
  await insertRate(t.db, property, 21, 40, 140_000);
  return { owner, property };
}

describe('a client books a VAT vendor’s listing', () => {
  it('every view shows one total, VAT 15 % included; raising the listing’s prices changes none of them', async () => {
    const { owner, property } = await listingWithSeason();
    const client = await t.signInAs({ role: 'client' });
    const response = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
      cookie: client.cookie,
    });
    expect(response.statusCode, response.body).toBe(201);
    const reservation = response.json<Reservation>();
    // R 1 000 + R 1 400 (the season's night) + R 250 cleaning; the deposit is not part of it.
    const TOTAL = 265_000;
    expect(reservation).toMatchObject({ total_price_cents: TOTAL, tax_percent: 15, discount_percent: 0 });
    expect(await mailText(client.user.email, /booking request/)).toContain('Total: R 2 650.00');

    const quote = await pdfText(`/api/reservations/${reservation.id}/documents/quote.pdf`, owner.cookie);
    expect(quote).toContain('VAT at 15 % included R 345.65'); // 2 650 × 15 / 115 = 345.652…
    expect(quote).toContain('Quote total incl. VAT R 2 650.00');
    expect(await ledgerOf(reservation.id, owner.cookie)).toMatchObject({ balance_due_cents: TOTAL });

    const confirmed = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(confirmed.json<Reservation>().total_price_cents).toBe(TOTAL);
    expect(await mailText(client.user.email, /is confirmed/)).toContain('Total: R 2 650.00');

    // The owner raises every price; the booking keeps what it cost.
    await raisePrices(t.db, property.id, {
      perUnitCents: 180_000,
      cleaningCents: 50_000,
      periodRateCents: 200_000,
    });
    // The editor re-sends every field it shows: nothing that prices the booking changed.
    const resaved = await t.patch(
      `/api/reservations/${reservation.id}`,
      {
        property_id: property.id,
        client_id: reservation.client_id,
        start_date: reservation.start_date,
        end_date: reservation.end_date,
        discount_percent: 0,
        rate_override_per_day_cents: null,
        special_requests: 'Late arrival',
        status: 'confirmed',
      },
      { cookie: owner.cookie },
    );
    expect(resaved.json<Reservation>().total_price_cents).toBe(TOTAL);

    const issued = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<InvoiceIssueResult>().document;
    expect(invoice).toMatchObject({ title: 'Tax Invoice', total_cents: TOTAL, tax_cents: 34_565 });
    const text = await pdfText(invoice.pdf_url, owner.cookie);
    for (const expected of [
      'Tax Invoice',
      'VAT at 15 % included R 345.65',
      'Total excl. VAT R 2 304.35',
      'Total incl. VAT R 2 650.00',
      'Balance due R 2 650.00',
    ])
      expect(text).toContain(expected);

    expect(await totalIn(client.cookie, reservation.id)).toBe(TOTAL); // My Reservations
    expect(await totalIn(owner.cookie, reservation.id)).toBe(TOTAL); // the management table
    expect(await ledgerOf(reservation.id, owner.cookie)).toMatchObject({ balance_due_cents: TOTAL });

    // Billed line by line at the booked rates: the lines add up to the same total.
    const billed = await t.post(
      `/api/reservations/${reservation.id}/transactions`,
      { kind: 'rental' },
      { cookie: owner.cookie },
    );
    expect(billed.statusCode, billed.body).toBe(201);
    const ledger = billed.json<Ledger>();
    expect(ledger.lines.map((line) => [line.unit_price_cents, line.total_cents])).toEqual([
      [100_000, 100_000],
      [140_000, 140_000],
      [25_000, 25_000],
    ]);
    expect(ledger.lines.reduce((sum, line) => sum + line.tax_cents, 0)).toBe(34_565);
    expect(ledger).toMatchObject({
      charges_cents: TOTAL,
      total_price_cents: TOTAL,
      balance_due_cents: TOTAL,
    });
    expect(await totalIn(client.cookie, reservation.id)).toBe(TOTAL);
  });
});

describe('a client books an owner who is not registered for VAT', () => {
  it('pays the same listed prices with no VAT, and the owner issues an Invoice', async () => {
    const { owner, property } = await listingWithSeason(false);
    const client = await t.signInAs({ role: 'client' });
    const response = await t.post('/api/reservations', bookingBody(property.id, 20, 2), {
      cookie: client.cookie,
    });
    const reservation = response.json<Reservation>();
    expect(reservation).toMatchObject({ total_price_cents: 265_000, tax_percent: 0 });
    await t.patch(`/api/reservations/${reservation.id}`, { status: 'confirmed' }, { cookie: owner.cookie });
    const issued = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    const invoice = issued.json<InvoiceIssueResult>().document;
    expect(invoice).toMatchObject({ title: 'Invoice', total_cents: 265_000, tax_cents: 0 });
    const text = await pdfText(invoice.pdf_url, owner.cookie);
    expect(text).toContain('Total R 2 650.00');
    expect(text).not.toMatch(/VAT/);
    expect(await totalIn(client.cookie, reservation.id)).toBe(265_000);
  });
});
