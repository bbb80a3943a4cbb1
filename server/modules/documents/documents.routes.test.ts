import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceIssueResult, ReservationDocuments } from '../../../domain/schemas/documents.ts';
import { addLine, booking, ownerWithDetails, VAT_NUMBER } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const issue = (id: string, cookie: string, body: Record<string, unknown> = {}) =>
  t.post(`/api/reservations/${id}/documents/invoice`, body, { cookie });

async function download(url: string, cookie: string) {
  const response = await t.get(`${url}?download=1`, { cookie });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  return response.rawPayload;
}

describe('a VAT-registered owner’s invoice is a SARS tax invoice', () => {
  it('prints the words Tax Invoice, the supplier’s name, address and VAT number, the number, the lines, VAT at 15 % and the totals', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed', title: 'Sea Point Loft' });
    await addLine(t, reservation, {
      kind: 'rental',
      description: 'Nights at Sea Point Loft',
      quantity: 3,
      unitPriceCents: 125_000,
      taxPercent: 15,
    });
    await addLine(t, reservation, {
      kind: 'stock',
      description: 'Extra linen',
      quantity: 2,
      unitPriceCents: 7_500,
      taxPercent: 15,
    });
    await addLine(t, reservation, { kind: 'payment', description: 'EFT deposit', unitPriceCents: 100_000 });

    const response = await issue(reservation.id, owner.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<InvoiceIssueResult>();
    expect(result).toMatchObject({
      issued: true,
      credit_note: null,
      document: {
        kind: 'invoice',
        title: 'Tax Invoice',
        number: 'INV-000001',
        total_cents: 390_000, // prices include VAT (decision 029)
        tax_cents: 50_870,
        file_name: 'INV-000001.pdf',
      },
    });

    const text = await pdfAllText(await download(result.document.pdf_url, owner.cookie));
    for (const expected of [
      'Tax Invoice',
      'INV-000001',
      owner.details.trading_name,
      '12 Long Street',
      'Cape Town',
      `VAT No: ${VAT_NUMBER}`,
      `${reservation.client.first_name} ${reservation.client.last_name}`,
      'Nights at Sea Point Loft',
      'Extra linen',
      'R 1 250.00',
      'Unit price incl.',
      'Total excl. VAT R 3 391.30',
      'VAT at 15 % included R 508.70',
      'Total incl. VAT R 3 900.00',
      'Payments received R 1 000.00',
      'Balance due R 2 900.00',
      'First National Bank',
      'Branch code: 250655',
      'Payment due within 7 days of the invoice date.',
      reservation.reference,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Date of issue \d{1,2} [A-Z][a-z]+ \d{4}/);
  });

  it('returns the same invoice while the reservation is unchanged, and its PDF is the same file every time', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'completed' });
    await addLine(t, reservation, {
      description: 'Nights',
      quantity: 2,
      unitPriceCents: 100_000,
      taxPercent: 15,
    });
    const first = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>();
    const again = await issue(reservation.id, owner.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json<InvoiceIssueResult>()).toMatchObject({
      issued: false,
      document: { id: first.document.id, number: 'INV-000001' },
    });
    const pdf = await download(first.document.pdf_url, owner.cookie);
    expect(await download(first.document.pdf_url, owner.cookie)).toEqual(pdf);
    const stored = await t.db
      .selectFrom('documents')
      .select(['pdf_sha256'])
      .where('id', '=', first.document.id)
      .executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    expect(stored.pdf_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  });
});

describe('an owner who is not registered for VAT', () => {
  it('issues an Invoice with no VAT, and is warned about a line that carries a tax %', async () => {
    const owner = await ownerWithDetails(t, {
      vat_registered: false,
      vat_number: null,
      trading_name: 'Pieter se Plek',
    });
    const reservation = await booking(t, owner, { status: 'confirmed' });
    await addLine(t, reservation, { description: 'Nights', quantity: 2, unitPriceCents: 90_000 });
    await addLine(t, reservation, { description: 'Gas bottle', unitPriceCents: 35_000, taxPercent: 15 });

    const overview = (
      await t.get(`/api/reservations/${reservation.id}/documents`, { cookie: owner.cookie })
    ).json<ReservationDocuments>();
    expect(overview.invoice.warnings).toEqual([
      'You are not registered for VAT, but a line carries a tax %: the invoice shows no VAT, and the tax stays in the line amounts. Remove the tax % from: Gas bottle.',
    ]);
    expect(overview.business).toEqual({ ready: true, trading_name: 'Pieter se Plek', vat_registered: false });

    const result = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>();
    expect(result.document).toMatchObject({ title: 'Invoice', number: 'INV-000001' });
    const text = await pdfAllText(await download(result.document.pdf_url, owner.cookie));
    expect(text).toContain('Invoice');
    expect(text).toContain('INV-000001');
    expect(text).toContain('Total R 2 150.00');
    expect(text).not.toContain('Tax Invoice');
    expect(text).not.toMatch(/VAT/);
  });
});
