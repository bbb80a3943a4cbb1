import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionKind } from '../../../domain/billing.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import type {
  ReservationBulkResult,
  ReservationListItem,
  ReservationPage,
  ReservationSort,
} from '../../../domain/schemas/reservation-list.ts';
import { day, expectError, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertLedgerLines } from '../../test/ledger-fixtures.ts';
import { insertBookingWithTerms } from '../../test/payment-terms-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signInOwner>>;

async function insertClient(ownerId: string, first: string, last: string) {
  const row = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: first,
      last_name: last,
      email: `${randomUUID().slice(0, 10)}@example.co.za`,
      phone: null,
      region: null,
      user_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Stay {
  propertyId: string;
  clientId: string;
  start: number;
  status: ReservationStatus;
  total: number;
  lines?: { kind: TransactionKind; total?: number; payment?: number; voided?: boolean }[];
}

async function insertStay(owner: Person, stay: Stay): Promise<string> {
  const row = await t.db
    .insertInto('reservations')
    .values({
      property_id: stay.propertyId,
      owner_id: owner.user.id,
      client_id: stay.clientId,
      start_date: day(stay.start),
      end_date: day(stay.start + 3),
      status: stay.status,
      total_price_cents: stay.total,
      booked_price_cents: stay.total,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLedgerLines(t.db, { reservationId: row.id, ownerId: owner.user.id }, stay.lines ?? []);
  return row.id;
}

const pageOf = async (cookie: string, query: string) => {
  const response = await t.get(`/api/reservations?${query}`, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReservationPage>();
};

describe('GET /api/reservations with page: server-side sort, filter and paging', () => {
  let owner: Person;
  let other: Person;
  let alpha: string;
  let beta: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    owner = await signInOwner(t);
    other = await signInOwner(t);
    const tag = randomUUID().slice(0, 6);
    alpha = (await insertProperty(t.db, owner.user.id, { title: `Alpha ${tag}` })).id;
    beta = (await insertProperty(t.db, owner.user.id, { title: `Beta ${tag}` })).id;
    const ann = await insertClient(owner.user.id, 'Ann', 'Zulu');
    const bob = await insertClient(owner.user.id, 'Bob', 'Adams');
    const cat = await insertClient(owner.user.id, 'Cat', 'Mokoena');
    // Balances: unbilled 1000.00; 500.00 − 200.00; billed 800.00 fully paid; 700.00 + 100.00 − 50.00
    // (a voided payment ignored); cancelled with a kept deposit; overpaid (credit, nothing due).
    ids.r1 = await insertStay(owner, {
      propertyId: alpha,
      clientId: ann,
      start: 10,
      status: 'pending',
      total: 100_000,
    });
    ids.r2 = await insertStay(owner, {
      propertyId: beta,
      clientId: bob,
      start: 20,
      status: 'confirmed',
      total: 50_000,
      lines: [{ kind: 'payment', payment: 20_000 }],
    });
    ids.r3 = await insertStay(owner, {
      propertyId: alpha,
      clientId: cat,
      start: 4,
      status: 'completed',
      total: 50_000,
      lines: [
        { kind: 'rental', total: 80_000 },
        { kind: 'payment', payment: 80_000 },
      ],
    });
    ids.r4 = await insertStay(owner, {
      propertyId: beta,
      clientId: ann,
      start: 30,
      status: 'confirmed',
      total: 70_000,
      lines: [
        { kind: 'rental', total: 70_000 },
        { kind: 'ad_hoc', total: 10_000 },
        { kind: 'payment', payment: 5_000 },
        { kind: 'payment', payment: 75_000, voided: true },
      ],
    });
    ids.r5 = await insertStay(owner, {
      propertyId: alpha,
      clientId: bob,
      start: 15,
      status: 'cancelled',
      total: 30_000,
      lines: [
        { kind: 'rental', total: 30_000 },
        { kind: 'deposit_received', payment: 2_000 },
        { kind: 'deposit_kept', total: 2_000 },
      ],
    });
    ids.r6 = await insertStay(owner, {
      propertyId: beta,
      clientId: cat,
      start: 40,
      status: 'pending',
      total: 20_000,
      lines: [{ kind: 'payment', payment: 25_000 }],
    });
    const foreignProperty = (await insertProperty(t.db, other.user.id, { title: `Alpha ${tag}` })).id;
    const foreignClient = await insertClient(other.user.id, 'Ann', 'Zulu');
    ids.foreign = await insertStay(other, {
      propertyId: foreignProperty,
      clientId: foreignClient,
      start: 10,
      status: 'pending',
      total: 1_000,
    });
  }, 120_000);

  it('pages carry the total and the balance due agrees to the cent with the billing tab', async () => {
    const page = await pageOf(owner.cookie, 'page=1&pageSize=100');
    expect(page.total).toBe(6);
    expect(page.items.map((item) => item.id).sort()).toEqual(
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].map((key) => ids[key]).sort(),
    );
    const balances = Object.fromEntries(page.items.map((item) => [item.id, item.balance_due_cents]));
    expect(balances).toEqual({
      [ids.r1 as string]: 100_000,
      [ids.r2 as string]: 30_000,
      [ids.r3 as string]: 0,
      [ids.r4 as string]: 75_000,
      [ids.r5 as string]: 30_000,
      [ids.r6 as string]: 0,
    });
    for (const item of page.items) {
      const ledger = await t.get(`/api/reservations/${item.id}/transactions`, { cookie: owner.cookie });
      expect(ledger.statusCode).toBe(200);
      expect(ledger.json<{ balance_due_cents: number }>().balance_due_cents).toBe(item.balance_due_cents);
      expect(item.reference).toMatch(/^RZ-/);
    }
  });

  const KEYS: Record<ReservationSort, (item: ReservationListItem) => (string | number)[]> = {
    reference: (item) => [item.reference],
    property: (item) => [item.property?.title ?? ''],
    client: (item) => [item.client.first_name, item.client.last_name],
    start: (item) => [item.start_date],
    end: (item) => [item.end_date],
    status: (item) => [item.status],
    total: (item) => [item.total_price_cents],
    balance: (item) => [item.balance_due_cents],
  };
  const compare = (a: (string | number)[], b: (string | number)[]) => {
    for (let i = 0; i < a.length; i += 1) {
      const x = a[i] as string | number;
      const y = b[i] as string | number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

  for (const sort of Object.keys(KEYS) as ReservationSort[]) {
    it(`sorts by ${sort} ascending and descending (ties broken the same way)`, async () => {
      const asc = (await pageOf(owner.cookie, `page=1&pageSize=100&sort=${sort}&order=asc`)).items;
      const desc = (await pageOf(owner.cookie, `page=1&pageSize=100&sort=${sort}&order=desc`)).items;
      expect(asc).toHaveLength(6);
      for (let i = 1; i < asc.length; i += 1)
        expect(
          compare(KEYS[sort](asc[i - 1] as ReservationListItem), KEYS[sort](asc[i] as ReservationListItem)),
        ).toBeLessThanOrEqual(0);
      expect(desc.map((item) => item.id)).toEqual(asc.map((item) => item.id).reverse());
    });
  }

  it('the balance sort orders by the displayed balance (distinct values fixed)', async () => {
    const asc = (await pageOf(owner.cookie, 'page=1&pageSize=100&sort=balance&order=asc')).items;
    expect(asc.map((item) => item.balance_due_cents)).toEqual([0, 0, 30_000, 30_000, 75_000, 100_000]);
    expect(asc.at(-1)?.id).toBe(ids.r1);
  });

  it('pages split a sort with ties stably: the pages together are the whole list once', async () => {
    const whole = (await pageOf(owner.cookie, 'page=1&pageSize=100&sort=total&order=desc')).items.map(
      (i) => i.id,
    );
    const first = await pageOf(owner.cookie, 'page=1&pageSize=4&sort=total&order=desc');
    const second = await pageOf(owner.cookie, 'page=2&pageSize=4&sort=total&order=desc');
    const third = await pageOf(owner.cookie, 'page=3&pageSize=4&sort=total&order=desc');
    expect([first.total, first.page, first.pageSize, first.items.length]).toEqual([6, 1, 4, 4]);
    expect([second.total, second.page, second.items.length]).toEqual([6, 2, 2]);
    expect(third.items).toEqual([]);
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(whole);
  });

  it('filters by status, property (either spelling), free text and dates overlapping the range', async () => {
    const idsOf = async (query: string) =>
      (await pageOf(owner.cookie, `page=1&pageSize=100&sort=start&order=asc&${query}`)).items.map(
        (item) => item.id,
      );
    expect(await idsOf('status=pending')).toEqual([ids.r1, ids.r6]);
    expect(await idsOf(`propertyId=${alpha}`)).toEqual([ids.r3, ids.r1, ids.r5]);
    expect(await idsOf(`property_id=${beta}&status=confirmed`)).toEqual([ids.r2, ids.r4]);
    expect(await idsOf('q=mokoena')).toEqual([ids.r3, ids.r6]);
    // [day 19, day 21): only the stay of days 20–23 overlaps.
    expect(await idsOf(`from=${day(19)}&to=${day(21)}`)).toEqual([ids.r2]);
    // The end is exclusive on both sides: a stay ending on `from`, one starting on `to`, are out.
    expect(await idsOf(`from=${day(7)}&to=${day(10)}`)).toEqual([]);
    expect(await idsOf(`from=${day(12)}&to=${day(16)}`)).toEqual([ids.r1, ids.r5]);
    const reference = (await pageOf(owner.cookie, 'page=1&pageSize=100')).items.find(
      (i) => i.id === ids.r4,
    )?.reference;
    expect(await idsOf(`q=${reference}`)).toEqual([ids.r4]);
    expect((await pageOf(owner.cookie, 'page=1&status=pending')).total).toBe(2);
  });

  it("another owner's bookings never show, and that owner sees only their own", async () => {
    const mine = await pageOf(owner.cookie, 'page=1&pageSize=100&q=Zulu');
    expect(mine.items.map((item) => item.id)).not.toContain(ids.foreign);
    const theirs = await pageOf(other.cookie, 'page=1&pageSize=100');
    expect(theirs.items.map((item) => item.id)).toEqual([ids.foreign]);
    expect((await pageOf(other.cookie, `page=1&propertyId=${alpha}`)).total).toBe(0);
  });

  it('roles: admin sees every business, staff with the permission theirs, without it 403, anonymous 401', async () => {
    const admin = await t.signInAs({ role: 'admin' });
    const all = await pageOf(admin.cookie, 'page=1&pageSize=100&q=Zulu');
    expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([ids.r1, ids.r4, ids.foreign]));
    const permissions = {
      canManageProperties: false,
      canManageReservations: true,
      canManageTenants: false,
      canManageUsers: false,
      canViewReports: false,
    };
    const staff = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id, permissions });
    expect((await pageOf(staff.cookie, 'page=1')).total).toBe(6);
    const without = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...permissions, canManageReservations: false },
    });
    expectError(
      await t.get('/api/reservations?page=1', { cookie: without.cookie }),
      403,
      'You do not have permission to view reservations',
    );
    expectError(await t.get('/api/reservations?page=1'), 401, 'You must be logged in to view reservations.');
    const client = await t.signInAs({ role: 'client' });
    expect((await pageOf(client.cookie, 'page=1')).total).toBe(0);
  });

  it('refuses bad paging with a clear 400', async () => {
    expectError(
      await t.get('/api/reservations?page=1&pageSize=101', { cookie: owner.cookie }),
      400,
      'Page size must be at most 100',
    );
    expectError(
      await t.get('/api/reservations?page=0', { cookie: owner.cookie }),
      400,
      'Page must be at least 1',
    );
    expectError(
      await t.get('/api/reservations?page=1&sort=price', { cookie: owner.cookie }),
      400,
      'Sort must be one of reference, property, client, start, end, status, total, balance',
    );
  });

  it('without page the plain list stays as before (calendar, older callers)', async () => {
    const response = await t.get(`/api/reservations?from=${day(19)}&to=${day(21)}`, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: string }[]>().map((item) => item.id)).toEqual([ids.r2]);
  });
});

describe('POST /api/reservations/bulk', () => {
  const bulk = (cookie: string | undefined, body: unknown) =>
    t.post('/api/reservations/bulk', body, cookie ? { cookie } : {});
  const outcomes = (result: ReservationBulkResult) =>
    result.results.map((item) => [item.outcome, item.message]);

  it('confirms each through the single action: done, or refused with that action’s reason', async () => {
    const owner = await signInOwner(t);
    const other = await signInOwner(t);
    const listing = (await insertProperty(t.db, owner.user.id)).id;
    const client = await insertClient(owner.user.id, 'Dee', 'Nkosi');
    const a = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 10,
      status: 'pending',
      total: 10_000,
    });
    const b = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 20,
      status: 'pending',
      total: 10_000,
    });
    // A cancelled booking whose dates another has since taken: restoring it is refused (409).
    const taken = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 30,
      status: 'cancelled',
      total: 10_000,
    });
    await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 31,
      status: 'pending',
      total: 10_000,
    });
    const foreign = await insertStay(other, {
      propertyId: (await insertProperty(t.db, other.user.id)).id,
      clientId: await insertClient(other.user.id, 'Eve', 'Dube'),
      start: 10,
      status: 'pending',
      total: 10_000,
    });
    const singleRefusal = async (id: string) =>
      (await t.patch(`/api/reservations/${id}`, { status: 'confirmed' }, { cookie: owner.cookie })).json<{
        message: string;
      }>().message;
    const foreignReason = await singleRefusal(foreign);
    const response = await bulk(owner.cookie, { action: 'confirm', ids: [a, foreign, taken, b] });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ReservationBulkResult>();
    expect(result.results.map((item) => item.id)).toEqual([a, foreign, taken, b]);
    expect(outcomes(result)).toEqual([
      ['done', null],
      ['refused', foreignReason],
      ['refused', await singleRefusal(taken)],
      ['done', null],
    ]);
    expect(foreignReason).toBeTruthy();
    const statuses = await t.db
      .selectFrom('reservations')
      .select(['id', 'status'])
      .where('id', 'in', [a, b, foreign, taken])
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [a]: 'confirmed',
      [b]: 'confirmed',
      [foreign]: 'pending',
      [taken]: 'cancelled',
    });

    const cancelled = await bulk(owner.cookie, { action: 'cancel', ids: [a, foreign] });
    expect(outcomes(cancelled.json<ReservationBulkResult>())).toEqual([
      ['done', null],
      ['refused', foreignReason],
    ]);
  }, 60_000);

  it('sends a quote for pending bookings and refuses it for others with the documents’ reason', async () => {
    const owner = await signInOwner(t);
    const listing = (await insertProperty(t.db, owner.user.id)).id;
    const client = await insertClient(owner.user.id, 'Fay', 'Botha');
    const pending = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 10,
      status: 'pending',
      total: 10_000,
    });
    const confirmed = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 20,
      status: 'confirmed',
      total: 10_000,
    });
    const single = await t.post(
      `/api/reservations/${confirmed}/documents/send`,
      { kind: 'quote' },
      { cookie: owner.cookie },
    );
    expect(single.statusCode).toBe(409);
    const response = await bulk(owner.cookie, { action: 'send_quote', ids: [pending, confirmed] });
    expect(response.statusCode, response.body).toBe(200);
    expect(outcomes(response.json<ReservationBulkResult>())).toEqual([
      ['done', null],
      ['refused', single.json<{ message: string }>().message],
    ]);
    const quotes = await t.db
      .selectFrom('documents')
      .select('reservation_id')
      .where('kind', '=', 'quote')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(quotes.map((row) => row.reservation_id)).toEqual([pending]);
  }, 60_000);

  it('allow and deny per role', async () => {
    const owner = await signInOwner(t);
    const listing = (await insertProperty(t.db, owner.user.id)).id;
    const client = await insertClient(owner.user.id, 'Gus', 'Venter');
    const stay = await insertStay(owner, {
      propertyId: listing,
      clientId: client,
      start: 10,
      status: 'pending',
      total: 10_000,
    });
    const permissions = {
      canManageProperties: false,
      canManageReservations: true,
      canManageTenants: false,
      canManageUsers: false,
      canViewReports: false,
    };
    const staff = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id, permissions });
    const without = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: { ...permissions, canManageReservations: false },
    });
    const admin = await t.signInAs({ role: 'admin' });
    const guest = await t.signInAs({ role: 'client' });
    const body = { action: 'confirm', ids: [stay] };
    expectError(await bulk(undefined, body), 401, 'You must be logged in to manage reservations');
    expectError(await bulk(guest.cookie, body), 403, 'You do not have permission to manage reservations');
    expectError(await bulk(without.cookie, body), 403, 'You do not have permission to manage reservations');
    expect(outcomes((await bulk(staff.cookie, body)).json<ReservationBulkResult>())).toEqual([
      ['done', null],
    ]);
    expect(
      outcomes((await bulk(admin.cookie, { action: 'cancel', ids: [stay] })).json<ReservationBulkResult>()),
    ).toEqual([['done', null]]);
    expectError(
      await bulk(owner.cookie, { action: 'confirm', ids: [] }),
      400,
      'Select at least one reservation',
    );
    expectError(
      await bulk(owner.cookie, { action: 'confirm', ids: [stay, stay] }),
      400,
      'Each reservation may be selected once',
    );
    expectError(
      await bulk(owner.cookie, { action: 'archive', ids: [stay] }),
      400,
      'Action must be confirm, cancel or send_quote',
    );
    expectError(
      await bulk(owner.cookie, { action: 'confirm', ids: Array.from({ length: 101 }, () => randomUUID()) }),
      400,
      'Select at most 100 reservations',
    );
  }, 60_000);
});

describe('overdue balances in the list and its CSV (docs/decisions/062)', () => {
  it('each row carries its balance date and overdue flag; the filter keeps the overdue ones; the CSV agrees', async () => {
    const owner = await signInOwner(t);
    const terms = { end: day(33), confirmedOn: day(-20), plan: { balanceDaysBefore: 40 } } as const;
    const late = await insertBookingWithTerms(t.db, owner.user.id, {
      ...terms,
      start: day(30),
      lines: [{ kind: 'payment', payment: 30_000 }],
    });
    const paid = await insertBookingWithTerms(t.db, owner.user.id, {
      ...terms,
      start: day(30),
      lines: [{ kind: 'payment', payment: 100_000 }],
    });
    const cancelled = await insertBookingWithTerms(t.db, owner.user.id, {
      ...terms,
      start: day(30),
      status: 'cancelled',
      lines: [{ kind: 'ad_hoc', total: 20_000 }],
    });
    const notYet = await insertBookingWithTerms(t.db, owner.user.id, {
      ...terms,
      start: day(60),
      end: day(63),
    });

    const all = await pageOf(owner.cookie, 'page=1&pageSize=100');
    const flags = new Map(all.items.map((item) => [item.id, [item.balance_due_on, item.overdue]]));
    expect(flags.get(late.id)).toEqual([day(-10), true]);
    expect(flags.get(paid.id)).toEqual([day(-10), false]);
    expect(flags.get(cancelled.id), 'a cancellation fee is not an overdue balance').toEqual([
      day(-10),
      false,
    ]);
    expect(flags.get(notYet.id)).toEqual([day(20), false]);

    const overdue = await pageOf(owner.cookie, 'page=1&pageSize=100&overdue=true');
    expect(overdue.items.map((item) => item.id)).toEqual([late.id]);
    expect(overdue.total).toBe(1);
    expect((await pageOf(owner.cookie, 'page=1&pageSize=100&overdue=false')).total).toBe(4);

    const csv = await t.get('/api/reservations/export.csv?overdue=true', { cookie: owner.cookie });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]?.slice(-3)).toEqual(['Balance due (R)', 'Balance due on', 'Overdue']);
    expect(rows.slice(1).map((row) => [row[0], ...row.slice(-3)])).toEqual([
      [late.reference, '700.00', day(-10).replaceAll('-', '/'), 'Yes'],
    ]);
    const everything = (await t.get('/api/reservations/export.csv', { cookie: owner.cookie })).body;
    expect(everything.split('\r\n').filter((line) => line.endsWith(',Yes'))).toHaveLength(1);
  });

  it('refuses a bad overdue value with a clear 400', async () => {
    const owner = await signInOwner(t);
    const response = await t.get('/api/reservations?page=1&overdue=maybe', { cookie: owner.cookie });
    expectError(response, 400, 'Overdue must be true or false');
  });
});
