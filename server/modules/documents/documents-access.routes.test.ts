import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { DocumentSummary, InvoiceIssueResult } from '../../../domain/schemas/documents.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import { signInOwner } from '../../test/booking-fixtures.ts';
import { addLine, booking, ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Every document endpoint, for every kind of caller: the business (owner, admin, staff with the
 * reservations permission) does everything; the reservation's client only downloads; everyone else
 * is refused, and a refused request issues nothing.
 */
let t: TestApp;
let pending: Reservation;
let confirmed: Reservation;
let invoice: DocumentSummary;
const cookies: Record<string, string | undefined> = {};

type Caller =
  | 'owner'
  | 'admin'
  | 'backoffice'
  | 'frontoffice'
  | 'staff without the permission'
  | 'another owner'
  | 'another owner’s staff'
  | 'the client'
  | 'another client'
  | 'anonymous';

beforeAll(async () => {
  t = await createTestApp();
  const owner = await ownerWithDetails(t);
  const client = await t.signInAs({ role: 'client' });
  pending = await booking(t, owner, { clientUserId: client.user.id });
  confirmed = await booking(t, owner, { status: 'confirmed', clientUserId: client.user.id });
  await addLine(t, confirmed, {
    description: 'Nights',
    quantity: 2,
    unitPriceCents: 100_000,
    taxPercent: 15,
  });
  invoice = (
    await t.post(`/api/reservations/${confirmed.id}/documents/invoice`, {}, { cookie: owner.cookie })
  ).json<InvoiceIssueResult>().document;
  const noPermission = { ...defaultPermissions('frontoffice'), canManageReservations: false };
  cookies.owner = owner.cookie;
  cookies.admin = (await t.signInAs({ role: 'admin' })).cookie;
  cookies.backoffice = (await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id })).cookie;
  cookies.frontoffice = (await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id })).cookie;
  cookies['staff without the permission'] = (
    await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id, permissions: noPermission })
  ).cookie;
  cookies['another owner'] = (await signInOwner(t)).cookie;
  cookies['another owner’s staff'] = (await t.signInAs({ role: 'backoffice' })).cookie;
  cookies['the client'] = client.cookie;
  cookies['another client'] = (await t.signInAs({ role: 'client' })).cookie;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const as = (caller: Caller) => ({ cookie: cookies[caller] });
const BUSINESS: Caller[] = ['owner', 'admin', 'backoffice', 'frontoffice'];
const OUTSIDERS: Array<[Caller, number]> = [
  ['staff without the permission', 403],
  ['another owner', 403],
  ['another owner’s staff', 403],
  ['the client', 403],
  ['another client', 404],
  ['anonymous', 401],
];
const documentCount = async () =>
  (await t.db.selectFrom('documents').select('id').where('owner_id', '=', confirmed.owner_id).execute())
    .length;

describe('the business’s view, issuing and sending', () => {
  it.each(BUSINESS)('%s may see the documents view, issue the invoice and send it', async (caller) => {
    const view = await t.get(`/api/reservations/${confirmed.id}/documents`, as(caller));
    expect(view.statusCode, view.body).toBe(200);
    const issued = await t.post(`/api/reservations/${confirmed.id}/documents/invoice`, {}, as(caller));
    expect(issued.statusCode).toBe(200);
    expect(issued.json<InvoiceIssueResult>().document.id).toBe(invoice.id);
    const sent = await t.post(
      `/api/reservations/${pending.id}/documents/send`,
      { kind: 'quote' },
      as(caller),
    );
    expect(sent.statusCode, sent.body).toBe(202);
  });

  it.each(OUTSIDERS)('%s is refused (%i) and nothing is issued or sent', async (caller, status) => {
    const before = await documentCount();
    const outbox = (await t.db.selectFrom('email_outbox').select('id').execute()).length;
    expect((await t.get(`/api/reservations/${confirmed.id}/documents`, as(caller))).statusCode).toBe(status);
    expect(
      (await t.post(`/api/reservations/${confirmed.id}/documents/invoice`, {}, as(caller))).statusCode,
    ).toBe(status);
    for (const kind of ['confirmation', 'quote', 'invoice']) {
      const id = kind === 'quote' ? pending.id : confirmed.id;
      expect((await t.post(`/api/reservations/${id}/documents/send`, { kind }, as(caller))).statusCode).toBe(
        status,
      );
    }
    expect(await documentCount()).toBe(before);
    expect((await t.db.selectFrom('email_outbox').select('id').execute()).length).toBe(outbox);
  });

  it('an owner refused another business’s reservation is told so in the spec’s words', async () => {
    const response = await t.post(
      `/api/reservations/${confirmed.id}/documents/invoice`,
      {},
      as('another owner'),
    );
    expect(response.json().message).toBe('You can only modify your own reservations');
  });
});

describe('downloading', () => {
  const downloads = () => [
    `/api/reservations/${confirmed.id}/documents/confirmation.pdf`,
    `/api/reservations/${pending.id}/documents/quote.pdf`,
    invoice.pdf_url,
  ];

  it.each([...BUSINESS, 'the client' as const])(
    '%s may download the confirmation, the quote and the issued invoice',
    async (caller) => {
      for (const url of downloads()) {
        const response = await t.get(url, as(caller));
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
      }
    },
  );

  it.each([
    ['staff without the permission', 404],
    ['another owner', 404],
    ['another owner’s staff', 404],
    ['another client', 404],
    ['anonymous', 401],
  ] as const)('%s may download none of them (%i)', async (caller, status) => {
    for (const url of downloads()) {
      expect((await t.get(url, as(caller))).statusCode, url).toBe(status);
    }
  });

  it('My documents lists a client’s own issued invoices only', async () => {
    const mine = await t.get('/api/my/documents', as('the client'));
    expect(mine.statusCode).toBe(200);
    expect(mine.json<DocumentSummary[]>().map((d) => d.id)).toEqual([invoice.id]);
    expect((await t.get('/api/my/documents', as('another client'))).json()).toEqual([]);
    expect((await t.get('/api/my/documents', as('owner'))).json()).toEqual([]);
    expect((await t.get('/api/my/documents', as('anonymous'))).statusCode).toBe(401);
  });

  it('an unknown document is not found', async () => {
    const response = await t.get('/api/documents/00000000-0000-4000-8000-000000000000/pdf', as('owner'));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Document not found');
  });
});
