import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceIssueResult, ReservationDocuments } from '../../../domain/schemas/documents.ts';
import { signInOwner } from '../../test/booking-fixtures.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
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
const overview = async (id: string, cookie: string) =>
  (await t.get(`/api/reservations/${id}/documents`, { cookie })).json<ReservationDocuments>();
const pdfOf = async (url: string, cookie: string) => (await t.get(url, { cookie })).rawPayload;
const documentCount = async (reservationId: string) =>
  (await t.db.selectFrom('documents').select('id').where('reservation_id', '=', reservationId).execute())
    .length;

describe('which documents a status allows (409 otherwise, nothing issued)', () => {
  it('a pending reservation has a quote and a confirmation, and no invoice', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner);
    const quote = await t.get(`/api/reservations/${reservation.id}/documents/quote.pdf`, {
      cookie: owner.cookie,
    });
    expect(quote.statusCode).toBe(200);
    expect(quote.headers['content-disposition']).toBe(
      `inline; filename="Quote-${reservation.reference}.pdf"; filename*=UTF-8''Quote-${reservation.reference}.pdf`,
    );
    const text = await pdfAllText(quote.rawPayload);
    expect(text).toContain('Quote');
    expect(text).toContain('Pending Approval');
    expect(text).toContain(reservation.reference);

    const invoice = await issue(reservation.id, owner.cookie);
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(
      'An invoice is only available once the reservation is confirmed or completed',
    );
    expect(await documentCount(reservation.id)).toBe(0);
  });

  it.each(['confirmed', 'completed', 'cancelled'] as const)(
    'a %s reservation has no quote',
    async (status) => {
      const owner = await ownerWithDetails(t);
      const reservation = await booking(t, owner, { status });
      const quote = await t.get(`/api/reservations/${reservation.id}/documents/quote.pdf`, {
        cookie: owner.cookie,
      });
      expect(quote.statusCode).toBe(409);
      expect(quote.json().message).toBe('A quote is only available while the reservation is pending');
    },
  );

  it.each(['pending', 'cancelled'] as const)(
    'a %s reservation has no booking confirmation: 409, downloaded or sent (issue 21)',
    async (status) => {
      const owner = await ownerWithDetails(t);
      const client = await t.signInAs({ role: 'client' });
      const reservation = await booking(t, owner, { status, clientUserId: client.user.id });
      const message =
        'A booking confirmation is only available once the reservation is confirmed (or completed)';
      const pdf = await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, {
        cookie: owner.cookie,
      });
      expect({ status: pdf.statusCode, message: pdf.json().message }).toEqual({ status: 409, message });
      const sent = await t.post(
        `/api/reservations/${reservation.id}/documents/send`,
        { kind: 'confirmation' },
        { cookie: owner.cookie },
      );
      expect({ status: sent.statusCode, message: sent.json().message }).toEqual({ status: 409, message });
      // The client who booked it is refused the same way.
      const theirs = await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, {
        cookie: client.cookie,
      });
      expect(theirs.statusCode).toBe(409);
    },
  );

  it.each([
    ['confirmed', 'Confirmed'],
    ['completed', 'Completed'],
  ] as const)('a %s reservation’s confirmation shows the status label %s', async (status, label) => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status });
    const response = await t.get(
      `/api/reservations/${reservation.id}/documents/confirmation.pdf?download=1`,
      {
        cookie: owner.cookie,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Confirmation-RZ-/);
    const text = await pdfAllText(response.rawPayload);
    expect(text).toContain('Booking Confirmation');
    expect(text).toContain(`Status ${label}`);
  });

  it('an owner without saved business details is asked for them before invoicing, and still has a confirmation', async () => {
    const owner = await signInOwner(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const refused = await issue(reservation.id, owner.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Please add your business details (trading name and address) on your profile before issuing documents',
    );
    expect(await documentCount(reservation.id)).toBe(0);
    const confirmation = await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, {
      cookie: owner.cookie,
    });
    expect(confirmation.statusCode).toBe(200);
    expect(await pdfAllText(confirmation.rawPayload)).toContain(
      `${owner.user.first_name} ${owner.user.last_name}`,
    );
  });

  it('a cancelled reservation cannot be invoiced', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'cancelled' });
    expect((await issue(reservation.id, owner.cookie)).statusCode).toBe(409);
    expect(await documentCount(reservation.id)).toBe(0);
  });
});

describe('a booking without billing lines', () => {
  it('is documented by one line for the booking: its total as booked, with the VAT it includes (decision 029)', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, {
      status: 'confirmed',
      title: 'Hermanus Cottage',
      pricePerNight: 100_000,
    });
    // A VAT vendor's booking carries the rate in force; the total stays R 3 000, the VAT inside it.
    expect(reservation.tax_percent).toBe(15);
    const result = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>();
    expect(result.document).toMatchObject({ total_cents: 300_000, tax_cents: 39_130 });
    const text = await pdfAllText(await pdfOf(result.document.pdf_url, owner.cookie));
    expect(text).toContain('Hermanus Cottage: 3 nights');
    expect(text).toContain('no itemised billing lines');
    expect(text).toContain('VAT at 15 % included R 391.30');
    expect(text).toContain('Total incl. VAT R 3 000.00');
  });
});

describe('a tax invoice over R 5 000 names the recipient’s address and VAT number', () => {
  it('is refused without the client’s address, then issued with it (kept on the client record)', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    await addLine(t, reservation, {
      description: 'Nights',
      quantity: 4,
      unitPriceCents: 150_000,
      taxPercent: 15,
    });
    expect((await overview(reservation.id, owner.cookie)).invoice).toMatchObject({
      total_cents: 600_000,
      recipient_details_required: true,
    });

    const refused = await issue(reservation.id, owner.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'RECIPIENT_DETAILS_REQUIRED',
      message: "A tax invoice over R 5 000 must show the client's address. Please enter it.",
    });
    expect(await documentCount(reservation.id)).toBe(0);

    const badVat = await issue(reservation.id, owner.cookie, {
      recipient_address: '1 Main Road',
      recipient_vat_number: '123',
    });
    expect(badVat.statusCode).toBe(400);
    expect(badVat.json().message).toBe('VAT number must be 10 digits starting with 4');

    const issued = await issue(reservation.id, owner.cookie, {
      recipient_address: '7 Jan Smuts Avenue\nRosebank\n2196',
      recipient_vat_number: '4987 654 321',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const text = await pdfAllText(
      await pdfOf(issued.json<InvoiceIssueResult>().document.pdf_url, owner.cookie),
    );
    expect(text).toContain('7 Jan Smuts Avenue');
    expect(text).toContain('VAT No: 4987654321');
    const client = await t.db
      .selectFrom('clients')
      .select(['address', 'vat_number'])
      .where('id', '=', reservation.client_id)
      .executeTakeFirstOrThrow();
    expect(client).toEqual({ address: '7 Jan Smuts Avenue\nRosebank\n2196', vat_number: '4987654321' });
  });

  it('an owner who is not VAT-registered needs no recipient address', async () => {
    const owner = await ownerWithDetails(t, { vat_registered: false, vat_number: null });
    const reservation = await booking(t, owner, { status: 'confirmed' });
    await addLine(t, reservation, { description: 'Nights', quantity: 4, unitPriceCents: 150_000 });
    expect((await issue(reservation.id, owner.cookie)).statusCode).toBe(201);
  });
});

describe('issued invoices never change', () => {
  it('a changed reservation gets a new invoice that replaces the old, which a credit note reverses; the old PDF stays the same', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    await addLine(t, reservation, {
      description: 'Nights',
      quantity: 2,
      unitPriceCents: 100_000,
      taxPercent: 15,
    });
    const first = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>().document;
    const firstPdf = await pdfOf(first.pdf_url, owner.cookie);

    await addLine(t, reservation, {
      kind: 'stock',
      description: 'Gas bottle',
      unitPriceCents: 35_000,
      taxPercent: 15,
    });
    expect((await overview(reservation.id, owner.cookie)).invoice).toMatchObject({
      up_to_date: false,
      current: { id: first.id },
    });

    const second = await issue(reservation.id, owner.cookie);
    expect(second.statusCode).toBe(201);
    const result = second.json<InvoiceIssueResult>();
    expect(result.document).toMatchObject({
      number: 'INV-000002',
      replaces_number: 'INV-000001',
      total_cents: 235_000,
    });
    expect(result.credit_note).toMatchObject({
      kind: 'credit_note',
      title: 'Tax Credit Note',
      number: 'CN-000001',
      credits_number: 'INV-000001',
      total_cents: first.total_cents,
    });

    expect(await pdfOf(first.pdf_url, owner.cookie)).toEqual(firstPdf);
    const oldText = await pdfAllText(firstPdf);
    expect(oldText).not.toContain('Gas bottle');
    const newText = await pdfAllText(await pdfOf(result.document.pdf_url, owner.cookie));
    expect(newText).toContain('Gas bottle');
    expect(newText).toContain('Replaces INV-000001');
    const creditText = await pdfAllText(await pdfOf(result.credit_note?.pdf_url ?? '', owner.cookie));
    expect(creditText).toContain('Tax Credit Note');
    expect(creditText).toContain('CN-000001');
    expect(creditText).toContain('Credits invoice INV-000001');
    expect(creditText).toContain('Amount credited incl. VAT R 2 000.00');
    expect(creditText).toContain('Reason: The reservation changed: this invoice is replaced by INV-000002.');

    const after = await overview(reservation.id, owner.cookie);
    expect(after.invoice).toMatchObject({ up_to_date: true, current: { number: 'INV-000002' } });
    expect(after.documents.map((d) => [d.number, d.credited_by_number])).toEqual([
      ['INV-000002', null],
      ['CN-000001', null],
      ['INV-000001', 'CN-000001'],
    ]);
  });

  it('the database refuses to change or delete an issued document', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const { document } = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>();
    await expect(
      t.db.updateTable('documents').set({ total_cents: 1 }).where('id', '=', document.id).execute(),
    ).rejects.toThrow(/never changes/);
    await expect(
      t.db
        .updateTable('documents')
        .set({ pdf: Buffer.from('forged') })
        .where('id', '=', document.id)
        .execute(),
    ).rejects.toThrow(/never changes/);
    await expect(t.db.deleteFrom('documents').where('id', '=', document.id).execute()).rejects.toThrow(
      /never deleted/,
    );
  });
});

describe('cancelling a reservation with an issued invoice', () => {
  it('issues a numbered credit note in the same change of status', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    await addLine(t, reservation, {
      description: 'Nights',
      quantity: 3,
      unitPriceCents: 80_000,
      taxPercent: 15,
    });
    const invoice = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>().document;

    const cancelled = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'cancelled' },
      { cookie: owner.cookie },
    );
    expect(cancelled.statusCode).toBe(200);
    const after = await overview(reservation.id, owner.cookie);
    const credit = after.documents.find((d) => d.kind === 'credit_note');
    expect(credit).toMatchObject({
      number: 'CN-000001',
      credits_number: invoice.number,
      total_cents: 240_000,
    });
    expect(after.invoice.current).toBeNull();
    const text = await pdfAllText(await pdfOf(credit?.pdf_url ?? '', owner.cookie));
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain(`Credits invoice ${invoice.number}`);
    expect(text).toContain('Reason: The reservation was cancelled.');

    // Cancelled again (no change) or cancelled without an invoice: no further credit note.
    await t.patch(`/api/reservations/${reservation.id}`, { status: 'cancelled' }, { cookie: owner.cookie });
    const other = await booking(t, owner, { status: 'cancelled' });
    expect(await documentCount(reservation.id)).toBe(2);
    expect(await documentCount(other.id)).toBe(0);
  });

  it('numbers invoices and credit notes per business, each series from 1', async () => {
    const a = await ownerWithDetails(t);
    const b = await ownerWithDetails(t);
    const [a1, a2, b1] = [
      await booking(t, a, { status: 'confirmed' }),
      await booking(t, a, { status: 'confirmed' }),
      await booking(t, b, { status: 'confirmed' }),
    ];
    const numbers = [];
    for (const [reservation, owner] of [
      [a1, a],
      [b1, b],
      [a2, a],
    ] as const) {
      numbers.push((await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>().document.number);
    }
    expect(numbers).toEqual(['INV-000001', 'INV-000001', 'INV-000002']);
  });
});

describe('removing a client with a booking whose invoice was issued (issue 19)', () => {
  it('cancels the pending booking and credits its invoice in the same change, as cancelling does', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const invoice = (await issue(reservation.id, owner.cookie)).json<InvoiceIssueResult>().document;
    // Back to pending: the invoice stays open, and removing the client cancels the booking.
    const pending = await t.patch(
      `/api/reservations/${reservation.id}`,
      { status: 'pending' },
      { cookie: owner.cookie },
    );
    expect(pending.statusCode, pending.body).toBe(200);

    const removed = await t.request('DELETE', `/api/clients/${reservation.client_id}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ cancelled_reservations: 1 });

    const after = await overview(reservation.id, owner.cookie);
    const credit = after.documents.find((d) => d.kind === 'credit_note');
    expect(credit).toMatchObject({ credits_number: invoice.number, total_cents: invoice.total_cents });
    expect(after.invoice.current).toBeNull();
    const text = await pdfAllText(await pdfOf(credit?.pdf_url ?? '', owner.cookie));
    expect(text).toContain(`Credits invoice ${invoice.number}`);
    expect(text).toContain('Reason: The reservation was cancelled.');
  });

  it('a booking without an invoice is cancelled with no document', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner);
    const removed = await t.request('DELETE', `/api/clients/${reservation.client_id}`, {
      cookie: owner.cookie,
    });
    expect(removed.json()).toEqual({ cancelled_reservations: 1 });
    expect(await documentCount(reservation.id)).toBe(0);
  });
});
