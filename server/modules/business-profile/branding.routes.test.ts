import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceIssueResult } from '../../../domain/schemas/documents.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { multipartBody, solidImage } from '../../platform/images/test-images.ts';
import { setPlan } from '../../test/booking-fixtures.ts';
import { booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/harness.ts';
import { pdfAllText } from '../../test/pdf-text.ts';

/**
 * Branding by plan and the business's logo (issue 20 items 4 and 5, docs/decisions/038): Starter and
 * Pro businesses' documents and emails to their clients carry "Powered by Rentza", Business ones do
 * not; the logo heads both. Issued documents keep what they printed.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** How many images a PDF paints: the logo cannot be read as text, so its drawing is counted. */
async function pdfImageCount(pdf: Buffer | Uint8Array): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  let count = 0;
  for (let number = 1; number <= document.numPages; number++) {
    const operators = await (await document.getPage(number)).getOperatorList();
    count += operators.fnArray.filter(
      (fn) => fn === pdfjs.OPS.paintImageXObject || fn === pdfjs.OPS.paintInlineImageXObject,
    ).length;
  }
  await document.destroy();
  return count;
}

async function ownerWithLogo(plan: 'starter' | 'pro' | 'business') {
  const owner = await ownerWithDetails(t);
  await setPlan(t.db, owner.user.id, plan);
  const { body, contentType } = multipartBody([
    {
      name: 'file',
      data: await solidImage(400, 160, '#c2410c').png().toBuffer(),
      filename: 'logo.png',
      contentType: 'image/png',
    },
  ]);
  const uploaded = await t.request('POST', '/api/business/details/logo', {
    body,
    headers: { 'content-type': contentType },
    cookie: owner.cookie,
  });
  if (uploaded.statusCode !== 200) throw new Error(`logo: ${uploaded.statusCode} ${uploaded.body}`);
  return { ...owner, logoUrl: uploaded.json<{ logo_url: string }>().logo_url };
}

const quotePdf = async (reservation: Reservation, cookie: string) =>
  (await t.get(`/api/reservations/${reservation.id}/documents/quote.pdf`, { cookie })).rawPayload;

describe('documents', () => {
  it('a Starter or Pro business’s quote carries its logo and "Powered by Rentza"; a Business one only its logo', async () => {
    for (const [plan, powered] of [
      ['starter', true],
      ['pro', true],
      ['business', false],
    ] as const) {
      const owner = await ownerWithLogo(plan);
      const reservation = await booking(t, owner);
      const pdf = await quotePdf(reservation, owner.cookie);
      const text = await pdfAllText(pdf);
      expect(text, plan).toContain(owner.details.trading_name);
      expect(text.includes('Powered by Rentza'), plan).toBe(powered);
      expect(await pdfImageCount(pdf), plan).toBe(1);
    }
  });

  it('without a logo no image is drawn', async () => {
    const owner = await ownerWithDetails(t);
    const reservation = await booking(t, owner);
    expect(await pdfImageCount(await quotePdf(reservation, owner.cookie))).toBe(0);
  });

  it('an issued invoice keeps what it printed when the plan changes; new documents follow the new plan', async () => {
    const owner = await ownerWithLogo('pro');
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const issued = await t.post(
      `/api/reservations/${reservation.id}/documents/invoice`,
      {},
      { cookie: owner.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json<InvoiceIssueResult>().document;
    await setPlan(t.db, owner.user.id, 'business');
    const invoicePdf = (await t.get(invoice.pdf_url, { cookie: owner.cookie })).rawPayload;
    expect(await pdfAllText(invoicePdf)).toContain('Powered by Rentza');
    expect(await pdfImageCount(invoicePdf)).toBe(1);
    const confirmation = (
      await t.get(`/api/reservations/${reservation.id}/documents/confirmation.pdf`, { cookie: owner.cookie })
    ).rawPayload;
    expect(await pdfAllText(confirmation)).not.toContain('Powered by Rentza');
  });
});

describe('emails to the business’s clients', () => {
  it('a Starter business’s booking email shows its logo and "Powered by Rentza"; a Business one’s only the logo', async () => {
    for (const [plan, powered] of [
      ['starter', true],
      ['business', false],
    ] as const) {
      const owner = await ownerWithLogo(plan);
      const reservation = await booking(t, owner);
      const mail = await t.waitForMail(reservation.client.email, /booking request/i);
      expect(mail.html, plan).toContain(`<img src="${TEST_PUBLIC_URL}${owner.logoUrl}"`);
      expect(mail.html, plan).toContain(`alt="${owner.details.trading_name}"`);
      expect(mail.html.includes('Powered by Rentza'), plan).toBe(powered);
      expect(mail.text.includes('Powered by Rentza'), plan).toBe(powered);
      const logo = await t.get(owner.logoUrl);
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
    }
  });

  it('a business without a logo is named at the top instead; the owner’s own email stays Rentza’s', async () => {
    const owner = await ownerWithDetails(t);
    await setPlan(t.db, owner.user.id, 'starter');
    const reservation = await booking(t, owner);
    const mail = await t.waitForMail(reservation.client.email, /booking request/i);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(`>${owner.details.trading_name}</h1>`);
    expect(mail.html).toContain('Powered by Rentza');
    const ownerMail = await t.waitForMail(owner.user.email, /new booking request/i);
    expect(ownerMail.html).toContain('>Rentza</h1>');
    expect(ownerMail.html).not.toContain('Powered by Rentza');
  });

  it('a document sent by email carries the branding of the plan', async () => {
    const owner = await ownerWithLogo('pro');
    const reservation = await booking(t, owner, { status: 'confirmed' });
    const sent = await t.post(
      `/api/reservations/${reservation.id}/documents/send`,
      { kind: 'confirmation' },
      { cookie: owner.cookie },
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await t.waitForMail(reservation.client.email, / from /);
    expect(mail.html).toContain(`<img src="${TEST_PUBLIC_URL}${owner.logoUrl}"`);
    expect(mail.html).toContain('Powered by Rentza');
  });
});
