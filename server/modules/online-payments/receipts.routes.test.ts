import { faker } from '@faker-js/faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceIssueResult } from '../../../domain/schemas/documents.ts';
import type { Mail } from '../../../domain/schemas/mailbox.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { signInOwner } from '../../test/booking-fixtures.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';
import { afterBookingPaymentSettled } from './after-payment.ts';

/**
 * Receipts of online payments (docs/decisions/064): numbered per business, drawn and emailed when a
 * payment settles, downloadable by the booking's client and business; and the invoice lists each
 * payment received. Payments are written straight to the tables, as the settlement writes them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithDetails>>;

/** A completed PayFast payment with its billing lines, then what follows it (in one transaction). */
async function settle(
  reservation: Pick<Reservation, 'id' | 'owner_id'>,
  amounts: { paymentCents: number; depositCents?: number },
) {
  const depositCents = amounts.depositCents ?? 0;
  const reference = `BKP_${faker.string.alphanumeric(10).toUpperCase()}`;
  const gatewayPaymentId = String(faker.number.int({ min: 1_000_000, max: 99_999_999 }));
  return t.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('booking_payments')
      .values({
        reference,
        owner_id: reservation.owner_id,
        reservation_id: reservation.id,
        merchant_id: '10000100',
        purpose: 'due_now',
        payment_cents: amounts.paymentCents,
        security_deposit_cents: depositCents,
        amount_cents: amounts.paymentCents + depositCents,
        status: 'complete',
        gateway_payment_id: gatewayPaymentId,
        failure_reason: null,
        payer_user_id: null,
        payment_link_id: null,
        receipt_number: null,
        receipt_pdf: null,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = (kind: 'payment' | 'deposit_received', cents: number) => ({
      reservation_id: reservation.id,
      owner_id: reservation.owner_id,
      kind,
      description: kind === 'payment' ? `PayFast payment ${reference}` : 'Security deposit',
      quantity: 1,
      unit: null,
      tax_percent: 0,
      discount_percent: 0,
      payment_amount_cents: cents,
      payment_method: kind === 'payment' ? ('payfast' as const) : null,
      transaction_ref: gatewayPaymentId,
      booking_payment_id: id,
    });
    await trx.insertInto('reservation_transactions').values(line('payment', amounts.paymentCents)).execute();
    if (depositCents > 0)
      await trx
        .insertInto('reservation_transactions')
        .values(line('deposit_received', depositCents))
        .execute();
    await afterBookingPaymentSettled(trx, id, { publicUrl: t.config.PUBLIC_URL });
    return { id, reference, gatewayPaymentId };
  });
}

const receiptOf = (id: string) =>
  t.db
    .selectFrom('booking_payments')
    .select(['receipt_number', 'receipt_pdf'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A confirmed booking with R 2 300.00 of nights (VAT included) and a client who has an account. */
async function confirmedBooking(owner: Owner) {
  const client = await t.signInAs({ role: 'client' });
  const reservation = await booking(t, owner, {
    status: 'confirmed',
    title: 'Knysna Lagoon House',
    clientUserId: client.user.id,
  });
  await addLine(t, reservation, {
    description: 'Nights',
    quantity: 2,
    unitPriceCents: 115_000,
    taxPercent: 15,
  });
  return { reservation, client };
}

async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  // The app's own outbox worker may hold the mail mid-send (it was poked when the payment settled):
  // wait until it is in the mailbox, whoever delivered it.
  let found: Awaited<ReturnType<typeof t.mailbox>> = [];
  await expect
    .poll(
      async () => {
        await t.deliverMail();
        found = (await t.mailbox(email)).filter((mail) => subject.test(mail.subject));
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThan(0);
  expect(found).toHaveLength(1);
  return (await t.get(`/api/dev/mailbox/${found[0]?.id}`)).json<Mail>();
}

describe('a settled online payment', () => {
  it('gets a numbered receipt PDF, stored, and emailed to the client once as one attachment', async () => {
    const owner = await ownerWithDetails(t, { trading_name: 'Karoo Stays' });
    const { reservation } = await confirmedBooking(owner);
    const paid = await settle(reservation, { paymentCents: 69_000, depositCents: 50_000 });

    const stored = await receiptOf(paid.id);
    expect(stored.receipt_number).toBe('RC-000001');
    const text = await pdfAllText(stored.receipt_pdf as Buffer);
    for (const expected of [
      'Karoo Stays',
      'VAT No: 4123456789',
      'Payment receipt',
      'RC-000001',
      reservation.reference,
      `${reservation.client.first_name} ${reservation.client.last_name}`,
      reservation.client.email,
      'Knysna Lagoon House',
      'Amount received R 1 190.00',
      'Security deposit (refundable) R 500.00',
      'Towards the booking R 690.00',
      'PayFast (online)',
      paid.gatewayPaymentId,
      paid.reference,
      'Balance still due R 1 610.00',
      'it is not a tax invoice',
    ])
      expect(text).toContain(expected);

    const mail = await mailTo(reservation.client.email, /^Payment received for/);
    expect(mail.subject).toBe(`Payment received for ${reservation.reference} — receipt RC-000001`);
    expect(mail.reply_to).toBe(owner.details.email);
    const words = mail.text.replace(/[\u00a0\u202f]/g, ' ');
    expect(words).toContain('Karoo Stays received your payment of R 1 190.00 through PayFast');
    expect(words).toContain('refundable security deposit of R 500.00');
    expect(words).toContain('The balance still due is R 1 610.00.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      file_name: 'Receipt-RC-000001.pdf',
      content_type: 'application/pdf',
    });
    const attached = await t.get(mail.attachments[0]?.url ?? '');
    expect(attached.statusCode).toBe(200);
    expect(attached.rawPayload).toEqual(Buffer.from(stored.receipt_pdf as Buffer));

    // Called again for the same payment: no second number, no second email.
    await t.db
      .transaction()
      .execute((trx) => afterBookingPaymentSettled(trx, paid.id, { publicUrl: t.config.PUBLIC_URL }));
    expect((await receiptOf(paid.id)).receipt_number).toBe('RC-000001');
    const outbox = await t.db
      .selectFrom('email_attachments')
      .select('id')
      .where('booking_payment_id', '=', paid.id)
      .execute();
    expect(outbox).toHaveLength(1);
  });

  it('numbers receipts per business, consecutively, also when payments settle at once', async () => {
    const owner = await ownerWithDetails(t);
    const other = await ownerWithDetails(t);
    const { reservation } = await confirmedBooking(owner);
    const { reservation: elsewhere } = await confirmedBooking(other);
    const first = await settle(reservation, { paymentCents: 10_000 });
    const otherFirst = await settle(elsewhere, { paymentCents: 10_000 });
    const together = await Promise.all(
      Array.from({ length: 5 }, () => settle(reservation, { paymentCents: 10_000 })),
    );
    expect((await receiptOf(first.id)).receipt_number).toBe('RC-000001');
    expect((await receiptOf(otherFirst.id)).receipt_number).toBe('RC-000001');
    const numbers = await Promise.all(
      together.map(async (paid) => (await receiptOf(paid.id)).receipt_number),
    );
    expect(numbers.sort()).toEqual(['RC-000002', 'RC-000003', 'RC-000004', 'RC-000005', 'RC-000006']);
  });
});

describe('GET /api/booking-payments/:id/receipt.pdf', () => {
  it('gives the receipt to the booking’s client and its business, and to nobody else', async () => {
    const owner = await ownerWithDetails(t);
    const { reservation, client } = await confirmedBooking(owner);
    const paid = await settle(reservation, { paymentCents: 50_000 });
    const stored = await receiptOf(paid.id);
    const url = `/api/booking-payments/${paid.id}/receipt.pdf`;
    const staff = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });

    for (const cookie of [client.cookie, owner.cookie, staff.cookie]) {
      const response = await t.get(url, { cookie });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename="Receipt-RC-000001.pdf"/);
      expect(response.rawPayload).toEqual(Buffer.from(stored.receipt_pdf as Buffer));
    }
    const download = await t.get(`${url}?download=1`, { cookie: client.cookie });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Receipt-RC-000001.pdf"/);

    const outsiders = [
      (await signInOwner(t)).cookie,
      (await t.signInAs({ role: 'backoffice' })).cookie,
      (await t.signInAs({ role: 'client' })).cookie,
    ];
    for (const cookie of outsiders) {
      const response = await t.get(url, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Receipt not found' });
    }
    expect((await t.get(url)).statusCode).toBe(401);
    expect(
      (await t.get(`/api/booking-payments/${faker.string.uuid()}/receipt.pdf`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await t.get('/api/booking-payments/nope/receipt.pdf', { cookie: owner.cookie })).statusCode).toBe(
      400,
    );
  });
});

describe('the invoice and the payments received', () => {
  it('issued before any payment, its download lists each payment received since; its content stays as issued', async () => {
    const owner = await ownerWithDetails(t);
    const { reservation, client } = await confirmedBooking(owner);
    const issued = (
      await t.post(`/api/reservations/${reservation.id}/documents/invoice`, {}, { cookie: owner.cookie })
    ).json<InvoiceIssueResult>().document;
    const before = await t.get(issued.pdf_url, { cookie: client.cookie });
    expect(await pdfAllText(before.rawPayload)).not.toContain('Received');

    const deposit = await settle(reservation, { paymentCents: 69_000 });
    const balance = await settle(reservation, { paymentCents: 161_000, depositCents: 50_000 });

    const after = await t.get(issued.pdf_url, { cookie: client.cookie });
    expect(after.statusCode).toBe(200);
    const text = await pdfAllText(after.rawPayload);
    expect(text).toContain(issued.number as string);
    expect(text).toContain('Tax Invoice');
    expect(text).toMatch(/Payments received as at \d{1,2} \w+ \d{4} R 2 300.00/);
    expect(text).toMatch(
      new RegExp(`Received \\d{1,2} \\w+ \\d{4} · PayFast ·\\s+${deposit.reference}\\s*R 690.00`),
    );
    expect(text).toMatch(
      new RegExp(`Received \\d{1,2} \\w+ \\d{4} · PayFast ·\\s+${balance.reference}\\s*R 1 610.00`),
    );
    expect(text).toContain('Balance due R 0.00');
    expect(text).toContain('Security deposit held: R 500.00');

    // Nothing new was issued, and the issued file is kept as it was issued.
    const numbered = await t.db
      .selectFrom('documents')
      .select(['number', 'pdf'])
      .where('reservation_id', '=', reservation.id)
      .execute();
    expect(numbered.map((row) => row.number)).toEqual([1]);
    expect(Buffer.from(numbered[0]?.pdf as Buffer)).toEqual(before.rawPayload);
  });

  it('issued after the payments, it lists them (manual and refunds too) and is served as stored', async () => {
    const owner = await ownerWithDetails(t);
    const { reservation } = await confirmedBooking(owner);
    const paid = await settle(reservation, { paymentCents: 100_000 });
    await addLine(t, reservation, { kind: 'payment', description: 'EFT', unitPriceCents: 30_000 });
    await t.db
      .insertInto('reservation_transactions')
      .values({
        reservation_id: reservation.id,
        owner_id: reservation.owner_id,
        kind: 'refund',
        description: 'Overpayment refunded',
        quantity: 1,
        tax_percent: 0,
        discount_percent: 0,
        payment_amount_cents: 5_000,
        payout_method: 'eft',
      })
      .execute();
    const issued = (
      await t.post(`/api/reservations/${reservation.id}/documents/invoice`, {}, { cookie: owner.cookie })
    ).json<InvoiceIssueResult>().document;
    const first = await t.get(issued.pdf_url, { cookie: owner.cookie });
    const text = await pdfAllText(first.rawPayload);
    expect(text).toMatch(
      new RegExp(`Received \\d{1,2} \\w+ \\d{4} · PayFast ·\\s+${paid.reference}\\s*R 1 000.00`),
    );
    expect(text).toMatch(/Received \d{1,2} \w+ \d{4} · Manual R 300.00/);
    expect(text).toMatch(/Refunded \d{1,2} \w+ \d{4} · EFT −R 50.00/);
    expect(text).toMatch(/Payments received R 1 250.00/);
    expect(text).toContain('Balance due R 1 050.00');
    const again = await t.get(issued.pdf_url, { cookie: owner.cookie });
    expect(again.rawPayload).toEqual(first.rawPayload);
  });
});
