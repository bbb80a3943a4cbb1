import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesClientSearch } from '../../../domain/clients.ts';
import { csvRand } from '../../../domain/csv.ts';
import type { Permissions } from '../../../domain/permissions.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import { RESERVATION_REFERENCE_ALPHABET } from '../../../domain/reservation-reference.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import {
  CLIENT_PAGE_SIZE_MAX,
  type ClientBookings,
  type ClientPage,
} from '../../../domain/schemas/clients.ts';
import type { ReservationPage } from '../../../domain/schemas/reservation-list.ts';
import { day, insertProperty, signInOwner } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertLedgerLines, type LedgerLineInput } from '../../test/ledger-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signInOwner>>;

/** RFC 4180 back into rows (the BOM removed, CRLF rows, quoted fields with doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return rows;
}

async function download(cookie: string | undefined, url: string) {
  const response = await t.get(url, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.body.startsWith('\uFEFF')).toBe(true);
  return { response, rows: parseCsv(response.body.slice(1)) };
}

const staffPermissions = (changes: Partial<Permissions>): Permissions => ({
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
  ...changes,
});

async function insertClient(ownerId: string, first: string, last: string, phone: string | null = null) {
  const row = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: first,
      last_name: last,
      email: `${randomUUID().slice(0, 10)}@example.co.za`,
      phone,
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
  times?: [string, string];
  lines?: LedgerLineInput[];
}

async function insertStay(owner: Person, stay: Stay): Promise<string> {
  const row = await t.db
    .insertInto('reservations')
    .values({
      property_id: stay.propertyId,
      owner_id: owner.user.id,
      client_id: stay.clientId,
      start_date: day(stay.start),
      end_date: day(stay.start + (stay.times ? 1 : 3)),
      start_time: stay.times?.[0] ?? null,
      end_time: stay.times?.[1] ?? null,
      status: stay.status,
      total_price_cents: stay.total,
      booked_price_cents: stay.total,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLedgerLines(t.db, { reservationId: row.id, ownerId: owner.user.id }, stay.lines ?? [], {
    taxPercent: 15,
  });
  return row.id;
}

/** Every page of the list (small pages, so the export is compared with several). */
async function allPages(cookie: string, query: string) {
  const items: ReservationPage['items'] = [];
  for (let page = 1; ; page++) {
    const response = await t.get(`/api/reservations?${query}&page=${page}&pageSize=2`, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ReservationPage>();
    items.push(...body.items);
    if (items.length >= body.total) return items;
  }
}

describe('CSV exports: what is filtered is what is exported', () => {
  let owner: Person;
  let other: Person;
  let hall: string;
  let cottage: string;
  const ids: Record<string, string> = {};
  const clients: Record<string, string> = {};

  beforeAll(async () => {
    owner = await signInOwner(t);
    other = await signInOwner(t);
    const tag = randomUUID().slice(0, 6);
    cottage = (await insertProperty(t.db, owner.user.id, { title: `Cottage, "Sea" ${tag}` })).id;
    hall = (await insertProperty(t.db, owner.user.id, { type: 'event_space', title: `Hall ${tag}` })).id;
    clients.ann = await insertClient(owner.user.id, 'Ann', 'Zulu', '+27 82 000 0001');
    clients.evil = await insertClient(owner.user.id, '=HYPERLINK("http://evil.example")', 'Smith');
    clients.bob = await insertClient(owner.user.id, 'Bob', 'Adams');
    ids.r1 = await insertStay(owner, {
      propertyId: cottage,
      clientId: clients.ann,
      start: 10,
      status: 'confirmed',
      total: 100_000,
    });
    ids.r2 = await insertStay(owner, {
      propertyId: cottage,
      clientId: clients.evil,
      start: 20,
      status: 'confirmed',
      total: 50_000,
      lines: [
        { kind: 'rental', total: 50_000, description: 'Rental, 3 nights' },
        { kind: 'payment', payment: 20_000, description: 'Payment' },
        { kind: 'payment', payment: 30_000, voided: true },
      ],
    });
    ids.r3 = await insertStay(owner, {
      propertyId: hall,
      clientId: clients.bob,
      start: 12,
      status: 'confirmed',
      total: 80_000,
      times: ['14:00', '18:00'],
      lines: [
        { kind: 'ad_hoc', total: 80_005 },
        { kind: 'payment', payment: 10_000 },
      ],
    });
    ids.r4 = await insertStay(owner, {
      propertyId: cottage,
      clientId: clients.ann,
      start: 30,
      status: 'pending',
      total: 70_000,
    });
    ids.r5 = await insertStay(owner, {
      propertyId: cottage,
      clientId: clients.bob,
      start: 40,
      status: 'cancelled',
      total: 90_000,
      lines: [{ kind: 'deposit_received', payment: 40_000 }],
    });
    ids.r6 = await insertStay(owner, {
      propertyId: hall,
      clientId: clients.ann,
      start: 50,
      status: 'confirmed',
      total: 12_345,
    });
    const theirs = (await insertProperty(t.db, other.user.id, { title: `Theirs ${tag}` })).id;
    const theirClient = await insertClient(other.user.id, 'Their', 'Client');
    ids.theirs = await insertStay(other, {
      propertyId: theirs,
      clientId: theirClient,
      start: 10,
      status: 'confirmed',
      total: 1,
    });
  }, 60_000);

  const referenceOf = async (id: string) =>
    (await t.db.selectFrom('reservations').select('reference').where('id', '=', id).executeTakeFirstOrThrow())
      .reference;

  it('reservations: header, dated file name, and the rows of every page in the list order, balances to the cent', async () => {
    for (const query of ['status=confirmed&sort=balance&order=desc', 'sort=client&order=asc', 'q=Ann', '']) {
      const listed = await allPages(owner.cookie, query);
      const { response, rows } = await download(owner.cookie, `/api/reservations/export.csv?${query}`);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="rentza-reservations-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(response.body).toContain('\r\n');
      expect(rows[0]).toEqual([
        'Reference',
        'Listing',
        'Client',
        'Client email',
        'Start',
        'End',
        'Quantity',
        'Unit',
        'Status',
        'Total (R)',
        'Balance due (R)',
        'Balance due on',
        'Overdue',
      ]);
      const data = rows.slice(1);
      expect(data.map((row) => row[0])).toEqual(listed.map((item) => item.reference));
      expect(data.map((row) => row[10])).toEqual(listed.map((item) => csvRand(item.balance_due_cents)));
      expect(data.map((row) => row[9])).toEqual(listed.map((item) => csvRand(item.total_price_cents)));
    }
    const confirmed = (await download(owner.cookie, '/api/reservations/export.csv?status=confirmed')).rows;
    expect(confirmed.slice(1).every((row) => row[8] === 'Confirmed')).toBe(true);
    expect(confirmed).toHaveLength(5);
  });

  it('reservations: en-ZA dates, hourly times, units, quoting and the formula guard', async () => {
    const { rows } = await download(owner.cookie, '/api/reservations/export.csv?sort=start&order=asc');
    const byRef = new Map(rows.slice(1).map((row) => [row[0], row]));
    const evil = byRef.get(await referenceOf(ids.r2 as string));
    expect(evil?.[2]).toBe(`'=HYPERLINK("http://evil.example") Smith`);
    expect(evil?.[1]).toMatch(/^Cottage, "Sea" /);
    expect(evil?.slice(4, 8)).toEqual([
      day(20).replaceAll('-', '/'),
      day(23).replaceAll('-', '/'),
      '3',
      'night',
    ]);
    expect(evil?.[10]).toBe('300.00');
    const hourly = byRef.get(await referenceOf(ids.r3 as string));
    expect(hourly?.slice(4, 8)).toEqual([
      `${day(12).replaceAll('-', '/')} 14:00`,
      `${day(12).replaceAll('-', '/')} 18:00`,
      '4',
      'hour',
    ]);
    expect(hourly?.[9]).toBe('800.00');
    expect(hourly?.[10]).toBe('700.05');
    // The raw file quotes the guarded cell and the listing's comma.
    const raw = (await t.get('/api/reservations/export.csv', { cookie: owner.cookie })).body;
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"") Smith"`);
  });

  it('reservations: another owner never sees this business; refused for anonymous, clients and staff without the permission', async () => {
    const theirs = (await download(other.cookie, '/api/reservations/export.csv')).rows;
    expect(theirs.slice(1).map((row) => row[0])).toEqual([await referenceOf(ids.theirs as string)]);
    expect((await t.get('/api/reservations/export.csv')).statusCode).toBe(401);
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get('/api/reservations/export.csv', { cookie: client.cookie })).statusCode).toBe(403);
    expect((await t.get('/api/reservations/billing-lines.csv', { cookie: client.cookie })).statusCode).toBe(
      403,
    );
    const tenantsOnly = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: staffPermissions({ canManageTenants: true }),
    });
    expect((await t.get('/api/reservations/export.csv', { cookie: tenantsOnly.cookie })).statusCode).toBe(
      403,
    );
    const desk = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: staffPermissions({ canManageReservations: true }),
    });
    const staffRows = (await download(desk.cookie, '/api/reservations/export.csv')).rows;
    expect(staffRows).toHaveLength(7);
    const admin = await t.signInAs({ role: 'admin' });
    const all = (
      await download(
        admin.cookie,
        `/api/reservations/export.csv?q=${await referenceOf(ids.theirs as string)}`,
      )
    ).rows;
    expect(all).toHaveLength(2);
    const bad = await t.get('/api/reservations/export.csv?sort=colour', { cookie: owner.cookie });
    expect(bad.statusCode).toBe(400);
  });

  it('billing lines: every not-voided line of the filtered bookings, as their Transactions tabs list them', async () => {
    const { response, rows } = await download(
      owner.cookie,
      '/api/reservations/billing-lines.csv?status=confirmed&sort=start&order=asc',
    );
    expect(response.headers['content-disposition']).toMatch(
      /filename="rentza-billing-lines-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(rows[0]).toEqual([
      'Reservation reference',
      'Date',
      'Type',
      'Description',
      'Quantity',
      'Unit',
      'Unit price (R)',
      'Discount (%)',
      'VAT (%)',
      'VAT (R)',
      'Amount (R)',
    ]);
    const r2 = await referenceOf(ids.r2 as string);
    const r3 = await referenceOf(ids.r3 as string);
    // r3 starts before r2; r5's deposit (cancelled) and the voided payment are not there.
    expect(rows.slice(1).map((row) => [row[0], row[2], row[10]])).toEqual([
      [r3, 'Ad hoc', '800.05'],
      [r3, 'Payment (Manual)', '100.00'],
      [r2, 'Rental', '500.00'],
      [r2, 'Payment (Manual)', '200.00'],
    ]);
    expect(rows[1]?.slice(4, 10)).toEqual(['1', '', '800.05', '0', '15', '104.35']);
    expect(rows[2]?.slice(4, 10)).toEqual(['', '', '', '', '', '']);
    expect(rows[3]?.[3]).toBe('Rental, 3 nights');
    expect(rows[1]?.[1]).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    // Sorted by balance, highest first, as the list would be: r3 (700.05 due) before r2 (300.00).
    const byBalance = (
      await download(
        owner.cookie,
        '/api/reservations/billing-lines.csv?status=confirmed&sort=balance&order=desc',
      )
    ).rows;
    expect(byBalance.slice(1).map((row) => row[0])).toEqual([r3, r3, r2, r2]);
    const searched = (await download(owner.cookie, `/api/reservations/billing-lines.csv?q=${r2}`)).rows;
    expect(searched.slice(1).map((row) => row[0])).toEqual([r2, r2]);
    // The same lines as the tab's ledger.
    const ledger = (
      await t.get(`/api/reservations/${ids.r2}/transactions`, { cookie: owner.cookie })
    ).json<Ledger>();
    const one = (await download(owner.cookie, `/api/reservations/${ids.r2}/transactions.csv`)).rows;
    expect(one.slice(1).map((row) => row[10])).toEqual(
      ledger.lines.map((line) => csvRand(line.payment_amount_cents ?? line.total_cents)),
    );
    expect(
      (await t.get(`/api/reservations/${ids.r2}/transactions.csv`, { cookie: other.cookie })).statusCode,
    ).toBe(403);
    const theirLines = (await download(other.cookie, '/api/reservations/billing-lines.csv')).rows;
    expect(theirLines).toHaveLength(1);
  });

  it('clients: the search My Clients applies, with the client page’s totals; another owner’s clients never', async () => {
    const { response, rows } = await download(owner.cookie, '/api/clients/export.csv?q=a');
    expect(response.headers['content-disposition']).toMatch(
      /filename="rentza-clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(rows[0]).toEqual([
      'Name',
      'Email',
      'Phone',
      'Status',
      'Registered',
      'Bookings',
      'Billed (R)',
      'Received (R)',
      'Balance due (R)',
    ]);
    // "a" matches Ann Zulu and Bob Adams by name (and any client whose email holds an a).
    const names = rows.slice(1).map((row) => row[0]);
    // The screen's list (GET /api/clients) with the screen's filter, in the same order.
    const listed = (await t.get(`/api/clients?pageSize=${CLIENT_PAGE_SIZE_MAX}`, { cookie: owner.cookie }))
      .json<ClientPage>()
      .items.filter((client) => matchesClientSearch(client, 'a'));
    expect(rows.slice(1).map((row) => row[1])).toEqual(listed.map((client) => client.email));
    expect(names).toContain('Ann Zulu');
    expect(names).toContain('Bob Adams');
    expect(names).not.toContain('Their Client');
    for (const key of ['ann', 'bob'] as const) {
      const page = (
        await t.get(`/api/clients/${clients[key]}/bookings`, { cookie: owner.cookie })
      ).json<ClientBookings>();
      const row = rows.find((r) => r[0] === (key === 'ann' ? 'Ann Zulu' : 'Bob Adams'));
      expect(row?.slice(5)).toEqual([
        String(page.bookings.length),
        csvRand(page.totals.billed_cents),
        csvRand(page.totals.received_cents),
        csvRand(page.totals.balance_due_cents),
      ]);
    }
    // A phone in +27 form starts like a formula: guarded as any other cell (decision 056).
    expect(rows.find((r) => r[0] === 'Ann Zulu')?.slice(2, 5)).toEqual([
      "'+27 82 000 0001",
      'Active',
      'Not Registered',
    ]);
    const evil = (await download(owner.cookie, '/api/clients/export.csv?q=hyperlink')).rows;
    expect(evil.slice(1).map((row) => row[0])).toEqual([`'=HYPERLINK("http://evil.example") Smith`]);
    const none = (await download(owner.cookie, '/api/clients/export.csv?q=nobody-matches')).rows;
    expect(none).toHaveLength(1);
    const theirs = (await download(other.cookie, '/api/clients/export.csv')).rows;
    expect(theirs.slice(1).map((row) => row[0])).toEqual(['Their Client']);
  });

  it('clients: refused for clients and staff without the tenants permission; an admin names the business', async () => {
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get('/api/clients/export.csv', { cookie: client.cookie })).statusCode).toBe(403);
    const desk = await t.signInAs({
      role: 'frontoffice',
      parentOwnerId: owner.user.id,
      permissions: staffPermissions({ canManageReservations: true }),
    });
    expect((await t.get('/api/clients/export.csv', { cookie: desk.cookie })).statusCode).toBe(403);
    const tenants = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: owner.user.id,
      permissions: staffPermissions({ canManageTenants: true }),
    });
    expect((await download(tenants.cookie, '/api/clients/export.csv')).rows).toHaveLength(4);
    expect(
      (await t.get(`/api/clients/export.csv?owner_id=${other.user.id}`, { cookie: tenants.cookie }))
        .statusCode,
    ).toBe(403);
    const admin = await t.signInAs({ role: 'admin' });
    expect((await t.get('/api/clients/export.csv', { cookie: admin.cookie })).statusCode).toBe(400);
    expect(
      (await download(admin.cookie, `/api/clients/export.csv?owner_id=${owner.user.id}`)).rows,
    ).toHaveLength(4);
  });
});

describe('CSV export of a large business', () => {
  it('exports 20 000 bookings with their balances in a few queries', async () => {
    const owner = await signInOwner(t);
    const listing = (await insertProperty(t.db, owner.user.id, { title: 'Busy cottage' })).id;
    const client = await insertClient(owner.user.id, 'Many', 'Stays');
    // Completed stays do not hold their dates, so 20 000 of them fit one listing.
    // One statement; references spelled from n (random defaults could repeat within one statement).
    const digit = (power: number) =>
      sql`substr(${RESERVATION_REFERENCE_ALPHABET}, 1 + (n / ${sql.lit(32 ** power)}) % 32, 1)`;
    await sql`INSERT INTO reservations (reference, property_id, owner_id, client_id, start_date, end_date,
        status, total_price_cents, booked_price_cents)
      SELECT 'RZ-W' || ${digit(3)} || ${digit(2)} || ${digit(1)} || ${digit(0)} || 'W', ${listing}::uuid, ${owner.user.id}::uuid,
        ${client}::uuid, ${day(1)}::date, ${day(3)}::date, 'completed', 10000, 10000
      FROM generate_series(1, 20000) AS n`.execute(t.db);
    const started = performance.now();
    const { rows } = await download(owner.cookie, '/api/reservations/export.csv?sort=balance&order=desc');
    const elapsed = performance.now() - started;
    console.info(`20 000 bookings exported in ${Math.round(elapsed)} ms`);
    expect(rows).toHaveLength(20_001);
    expect(rows[1]?.[10]).toBe('100.00');
    expect(elapsed).toBeLessThan(20_000);
  }, 120_000);
});
