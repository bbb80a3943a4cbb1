import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSendResult } from '../../../domain/schemas/documents.ts';
import type { Mail } from '../../../domain/schemas/mailbox.ts';
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

/** The newest captured email to an address whose subject matches, read whole. */
async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await t.deliverMail();
    const found = (await t.mailbox(email)).find((mail) => subject.test(mail.subject));
    if (found) return (await t.get(`/api/dev/mailbox/${found.id}`)).json<Mail>();
    if (Date.now() > deadline) throw new Error(`no email to ${email} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sending a document by email', () => {
  it('emails the invoice PDF to the client with the business as reply-to; the dev mailbox offers the attachment', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed', title: 'Knysna Lagoon House' });
    await addLine(t, reservation, {
      description: 'Nights',
      quantity: 2,
      unitPriceCents: 110_000,
      taxPercent: 15,
    });

    const response = await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'invoice' },
      { cookie: owner.cookie },
    );
    expect(response.statusCode, response.body).toBe(202);
    const result = response.json<DocumentSendResult>();
    expect(result).toMatchObject({
      sent_to: reservation.client.email,
      document: { number: 'INV-000001', title: 'Tax Invoice' },
    });

    const mail = await mailTo(reservation.client.email, /INV-000001/);
    expect(mail.subject).toBe(
      `Tax Invoice INV-000001: Knysna Lagoon House (${reservation.reference}) from ${owner.details.trading_name}`,
    );
    expect(mail.reply_to).toBe(owner.details.email);
    expect(mail.text).toContain(`Hi ${reservation.client.first_name},`);
    expect(mail.text).toContain('Please find attached the tax invoice INV-000001');
    expect(mail.text).toContain(`${t.config.PUBLIC_URL}/my-reservations`);
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file).toMatchObject({ file_name: 'INV-000001.pdf', content_type: 'application/pdf' });

    const download = await t.get(file?.url ?? '');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="INV-000001.pdf"/);
    expect(download.rawPayload.length).toBe(file?.size);
    const stored = await t.get(result.document.pdf_url, { cookie: owner.cookie });
    expect(download.rawPayload).toEqual(stored.rawPayload);
    expect(await pdfAllText(download.rawPayload)).toContain('Tax Invoice');

    // Sending again while nothing changed sends the same invoice; no new number.
    await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'invoice' },
      { cookie: owner.cookie },
    );
    const numbers = await t.db
      .selectFrom('documents')
      .select('number')
      .where('reservation_id', '=', reservation.id)
      .execute();
    expect(numbers).toEqual([{ number: 1 }]);
  });

  it('emails a quote (kept as sent) with the owner’s own address as reply-to when the business has no email', async () => {
    const owner = await ownerWithDetails(t, { email: null });
    const reservation = await booking(t, owner);
    const response = await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'quote' },
      { cookie: owner.cookie },
    );
    expect(response.statusCode).toBe(202);
    expect(response.json<DocumentSendResult>().document).toMatchObject({
      kind: 'quote',
      number: null,
      title: 'Quote',
    });
    const mail = await mailTo(reservation.client.email, /^Quote:/);
    expect(mail.reply_to).toBe(owner.user.email);
    const file = mail.attachments[0];
    expect(file?.file_name).toBe(`Quote-${reservation.reference}.pdf`);
    const text = await pdfAllText((await t.get(file?.url ?? '')).rawPayload);
    expect(text).toContain('Quote');
    expect(text).toContain('Pending Approval');
  });

  it('refuses a quote for a confirmed reservation (409) and sends nothing', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const response = await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'quote' },
      { cookie: owner.cookie },
    );
    expect(response.statusCode).toBe(409);
    await t.deliverMail();
    expect(await t.mailbox(reservation.client.email)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ subject: expect.stringMatching(/^Quote/) })]),
    );
  });
});

describe('a reservation whose documents have left the building', () => {
  it('is kept: deleting it is refused with 409 and a way forward, and its documents stay', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner);
    await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'quote' },
      { cookie: owner.cookie },
    );
    const response = await t.request('DELETE', `/api/reservations/${reservation.id}`, {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'This reservation has documents or billing lines and is kept for the records. Cancel it instead.',
    );
    expect((await t.get(`/api/reservations/${reservation.id}`, { cookie: owner.cookie })).statusCode).toBe(
      200,
    );
  });
});
