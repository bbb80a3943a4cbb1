import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransactionKind } from '../../../domain/billing.ts';
import { addMonths } from '../../../domain/dates.ts';
import type { PropertyType } from '../../../domain/property.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import type { ReservationPage } from '../../../domain/schemas/reservation-list.ts';
import type { Today, TodayBooking } from '../../../domain/schemas/today.ts';
import { TODAY_MESSAGES } from '../../../domain/today.ts';
import {
  bookingBody,
  day,
  expectError,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertLedgerLines } from '../../test/ledger-fixtures.ts';
import { insertBookingWithTerms } from '../../test/payment-terms-fixtures.ts';
import { type PersonKey, testPeople } from '../../test/people.ts';

let t: TestApp;
let person: ReturnType<typeof testPeople>;
beforeAll(async () => {
  t = await createTestApp();
  person = testPeople(t);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const as = async (key: PersonKey) => ({ cookie: (await person(key)).cookie });
const deskOf = async (key: PersonKey, query = '') => {
  const response = await t.get(`/api/today${query}`, await as(key));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Today>();
};

async function insertClient(ownerId: string) {
  const row = await t.db
    .insertInto('clients')
    .values({
      owner_id: ownerId,
      first_name: 'Desk',
      last_name: `Client ${randomUUID().slice(0, 6)}`,
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
  type?: PropertyType;
  start: string;
  end: string;
  times?: [string, string];
  status?: ReservationStatus;
  total?: number;
  lines?: { kind: TransactionKind; total?: number; payment?: number; voided?: boolean }[];
}

/** A booking of a listing of its own (any dates, past ones too), written straight to the tables. */
async function insertStay(ownerKey: PersonKey, stay: Stay): Promise<string> {
  const ownerId = (await person(ownerKey)).user.id;
  const property = await insertProperty(t.db, ownerId, { type: stay.type ?? 'accommodation' });
  const total = stay.total ?? 100_000;
  const row = await t.db
    .insertInto('reservations')
    .values({
      property_id: property.id,
      owner_id: ownerId,
      client_id: await insertClient(ownerId),
      start_date: stay.start,
      end_date: stay.end,
      start_time: stay.times?.[0] ?? null,
      end_time: stay.times?.[1] ?? null,
      status: stay.status ?? 'confirmed',
      total_price_cents: total,
      booked_price_cents: total,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLedgerLines(t.db, { reservationId: row.id, ownerId: ownerId }, stay.lines ?? []);
  return row.id;
}

const ids = (rows: readonly { booking: TodayBooking }[] | readonly TodayBooking[]) =>
  rows.map((row) => ('booking' in row ? row.booking.id : row.id));
const labelled = (rows: Today['days'][number]['arrivals'], id: string) => {
  const row = rows.find((item) => item.booking.id === id);
  return row ? [row.label, row.time] : null;
};

describe('GET /api/today: the owner’s desk', () => {
  const b: Record<string, string> = {};
  beforeAll(async () => {
    b.cottageIn = await insertStay('owner', { start: day(0), end: day(3) });
    b.cottageOut = await insertStay('owner', { start: day(-2), end: day(0) });
    b.carOutTomorrow = await insertStay('owner', { type: 'vehicle', start: day(1), end: day(3) });
    b.carBackToday = await insertStay('owner', { type: 'vehicle', start: day(-3), end: day(0) });
    b.event = await insertStay('owner', {
      type: 'event_space',
      start: day(0),
      end: day(1),
      times: ['14:00', '18:00'],
    });
    b.storageIn = await insertStay('owner', {
      type: 'storage_space',
      start: day(1),
      end: addMonths(day(1), 1),
    });
    b.cancelledToday = await insertStay('owner', { start: day(0), end: day(2), status: 'cancelled' });
    b.request = await insertStay('owner', { start: day(5), end: day(7), status: 'pending' });
    // Began yesterday, R 1 000 of which R 400 is paid: R 600 due.
    b.owing = await insertStay('owner', {
      start: day(-1),
      end: day(4),
      lines: [
        { kind: 'rental', total: 100_000 },
        { kind: 'payment', payment: 40_000 },
        { kind: 'payment', payment: 99_999, voided: true },
      ],
    });
    b.owingLater = await insertStay('owner', { start: day(30), end: day(32) });
    b.paidUp = await insertStay('owner', {
      start: day(2),
      end: day(4),
      lines: [{ kind: 'payment', payment: 100_000 }],
    });
    b.depositHeld = await insertStay('owner', {
      start: day(-6),
      end: day(-2),
      lines: [
        { kind: 'payment', payment: 100_000 },
        { kind: 'deposit_received', payment: 200_000 },
        { kind: 'deposit_refunded', payment: 50_000 },
      ],
    });
    b.depositBack = await insertStay('owner', {
      start: day(-9),
      end: day(-7),
      lines: [
        { kind: 'payment', payment: 100_000 },
        { kind: 'deposit_received', payment: 200_000 },
        { kind: 'deposit_refunded', payment: 150_000 },
        { kind: 'deposit_kept', total: 50_000 },
      ],
    });
    b.depositDuringStay = await insertStay('owner', {
      start: day(-1),
      end: day(2),
      lines: [
        { kind: 'payment', payment: 100_000 },
        { kind: 'deposit_received', payment: 200_000 },
      ],
    });
    // Another business's booking arriving today: never on this desk.
    b.othersToday = await insertStay('otherOwner', { start: day(0), end: day(2) });
  }, 60_000);

  it('today’s and tomorrow’s arrivals and departures in each unit’s words, the event with its times', async () => {
    const desk = await deskOf('owner');
    expect(desk.date).toBe(day(0));
    const [today, tomorrow] = desk.days;
    expect(today?.date).toBe(day(0));
    expect(tomorrow?.date).toBe(day(1));
    if (!today || !tomorrow) throw new Error('two days expected');
    expect(labelled(today.arrivals, b.event as string)).toEqual(['Event starts', '14:00']);
    expect(labelled(today.arrivals, b.cottageIn as string)).toEqual(['Check-in', null]);
    expect(labelled(today.departures, b.event as string)).toEqual(['Event ends', '18:00']);
    expect(labelled(today.departures, b.cottageOut as string)).toEqual(['Check-out', null]);
    expect(labelled(today.departures, b.carBackToday as string)).toEqual(['Return', null]);
    expect(labelled(tomorrow.arrivals, b.carOutTomorrow as string)).toEqual(['Pick-up', null]);
    expect(labelled(tomorrow.arrivals, b.storageIn as string)).toEqual(['Move-in', null]);
    // The event is not a departure tomorrow (its end date); the cancelled stay and the other owner's never show.
    expect(ids(tomorrow.departures)).not.toContain(b.event);
    for (const rows of [today.arrivals, today.departures, tomorrow.arrivals, tomorrow.departures]) {
      expect(ids(rows)).not.toContain(b.cancelledToday);
      expect(ids(rows)).not.toContain(b.othersToday);
    }
    expect(ids(today.arrivals)).toEqual([b.event, b.cottageIn]);
    // The row shows the event's times with its dates; its duration is the hours alone, not the times again.
    expect(today.arrivals.find((row) => row.booking.id === b.event)?.booking.duration).toBe('4 hours');
  });

  it('requests waiting for approval', async () => {
    const desk = await deskOf('owner');
    expect(ids(desk.pending.items)).toEqual([b.request]);
    expect(desk.pending.total).toBe(1);
    expect(desk.pending.items[0]).toMatchObject({
      status: 'pending',
      price_unit: 'night',
      duration: '2 nights',
    });
  });

  it('balances due: started or starting this week and owing, to the cent as Reservation Management says', async () => {
    const desk = await deskOf('owner');
    const balances = new Map(desk.balances.items.map((item) => [item.id, item.balance_due_cents]));
    expect(balances.get(b.owing as string)).toBe(60_000);
    expect(balances.has(b.owingLater as string), 'a booking a month away is not due yet').toBe(false);
    expect(balances.has(b.paidUp as string)).toBe(false);
    expect(balances.has(b.request as string), 'a request is in its own list').toBe(false);
    expect(desk.balances.total).toBe(desk.balances.items.length);
    expect(desk.balances.total_due_cents).toBe([...balances.values()].reduce((sum, cents) => sum + cents, 0));

    const list = await t.get('/api/reservations?page=1&pageSize=100', await as('owner'));
    const page = list.json<ReservationPage>();
    for (const item of desk.balances.items) {
      const listed = page.items.find((row) => row.id === item.id);
      expect(listed?.balance_due_cents, item.reference).toBe(item.balance_due_cents);
    }
  });

  it('deposits still held after the stay ended: received less refunded and kept', async () => {
    const desk = await deskOf('owner');
    expect(ids(desk.deposits.items)).toEqual([b.depositHeld]);
    expect(desk.deposits.items[0]?.deposit_held_cents).toBe(150_000);
    expect(desk.deposits.total_held_cents).toBe(150_000);
  });

  it('the week at a glance: seven days from the desk’s day', async () => {
    const desk = await deskOf('owner');
    expect(desk.week.map((d) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(day));
    expect(desk.week[0]).toEqual({
      date: day(0),
      arrivals: desk.days[0]?.arrivals.length,
      departures: desk.days[0]?.departures.length,
      // In use today: the cottage checking in, the event, the owing stay and the stay with its deposit.
      in_use: 4,
    });
    expect(desk.week[1]?.arrivals).toBe(desk.days[1]?.arrivals.length);
    expect(desk.week[5]).toMatchObject({ arrivals: 1 });
  });

  it('another day by its date; a bad date is a 400 that says why', async () => {
    const desk = await deskOf('owner', `?date=${day(5)}`);
    expect(desk.date).toBe(day(5));
    expect(ids(desk.days[0]?.arrivals ?? [])).toEqual([b.request]);
    expectError(
      await t.get('/api/today?date=2026-02-30', await as('owner')),
      400,
      'Date must be a valid date (YYYY-MM-DD)',
    );
  });
});

describe('GET /api/today: who may open the desk', () => {
  let arriving: string;
  beforeAll(async () => {
    arriving = await insertStay('owner', { start: day(0), end: day(1), status: 'pending' });
  });

  it.each<PersonKey>(['backoffice', 'frontoffice'])(
    '%s with Reservations sees the owner’s desk',
    async (key) => {
      const desk = await deskOf(key);
      expect(ids(desk.pending.items)).toContain(arriving);
    },
  );

  it.each<PersonKey>(['backofficeWithout', 'frontofficeWithout', 'client', 'admin'])(
    '%s is refused',
    async (key) => {
      expectError(await t.get('/api/today', await as(key)), 403, TODAY_MESSAGES.forbidden);
    },
  );

  it('someone signed out is asked to log in', async () => {
    expectError(await t.get('/api/today'), 401, TODAY_MESSAGES.mustLogIn);
  });

  it.each<PersonKey>(['otherOwner', 'otherBackoffice'])(
    '%s never sees this owner’s bookings',
    async (key) => {
      const desk = await deskOf(key);
      const all = [
        ...desk.days.flatMap((d) => [...ids(d.arrivals), ...ids(d.departures)]),
        ...ids(desk.pending.items),
        ...ids(desk.balances.items),
        ...ids(desk.deposits.items),
      ];
      expect(all).not.toContain(arriving);
    },
  );
});

describe('approving and declining from the desk: the editor’s PATCH, its rules and emails', () => {
  it('approving moves a request out of the waiting list and emails the client', async () => {
    const owner = await person('owner');
    const property = await insertProperty(t.db, owner.user.id, {
      title: `Desk Loft ${randomUUID().slice(0, 6)}`,
    });
    const client = newClientInput();
    const created = await t.post(
      '/api/reservations',
      bookingBody(property.id, 2, 2, { new_client: client }),
      {
        cookie: owner.cookie,
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json<Reservation>();
    expect(ids((await deskOf('owner')).pending.items)).toContain(request.id);

    const approved = await t.patch(
      `/api/reservations/${request.id}`,
      { status: 'confirmed' },
      { cookie: owner.cookie },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const desk = await deskOf('owner');
    expect(ids(desk.pending.items)).not.toContain(request.id);
    expect(ids(desk.balances.items)).toContain(request.id);
    const mail = await t.waitForMail(client.email, /is confirmed/);
    expect(mail.subject).toBe(`Your booking at ${property.title} is confirmed`);
  });
});

describe('GET /api/today: overdue balances (docs/decisions/062)', () => {
  it('an overdue balance is listed first with its date, however far off its start; the list agrees', async () => {
    const owner = await signInOwner(t, 'business');
    // Balance due 10 days ago on a booking a month away: overdue.
    const late = await insertBookingWithTerms(t.db, owner.user.id, {
      start: day(30),
      end: day(33),
      confirmedOn: day(-20),
      plan: { balanceDaysBefore: 40 },
      lines: [{ kind: 'payment', payment: 30_000 }],
    });
    // Starting in 3 days, balance due tomorrow: owed, not overdue.
    const soon = await insertBookingWithTerms(t.db, owner.user.id, {
      start: day(3),
      end: day(5),
      confirmedOn: day(-20),
      plan: { balanceDaysBefore: 2 },
    });
    // Overdue date but paid in full: not listed.
    const paid = await insertBookingWithTerms(t.db, owner.user.id, {
      start: day(30),
      end: day(33),
      confirmedOn: day(-20),
      plan: { balanceDaysBefore: 40 },
      lines: [{ kind: 'payment', payment: 100_000 }],
    });
    const response = await t.get('/api/today', { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const desk = response.json<Today>();
    expect(desk.balances.items.map((item) => [item.id, item.balance_due_on, item.overdue])).toEqual([
      [late.id, day(-10), true],
      [soon.id, day(1), false],
    ]);
    expect(ids(desk.balances.items)).not.toContain(paid.id);
    expect(desk.balances.total_due_cents).toBe(70_000 + 100_000);

    const list = (
      await t.get('/api/reservations?page=1&pageSize=100', { cookie: owner.cookie })
    ).json<ReservationPage>();
    const flags = new Map(list.items.map((item) => [item.id, [item.balance_due_on, item.overdue]]));
    expect(flags.get(late.id)).toEqual([day(-10), true]);
    expect(flags.get(soon.id)).toEqual([day(1), false]);
    expect(flags.get(paid.id)).toEqual([day(-10), false]);
  });
});
