import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_WINDOW_MESSAGES } from '../../../domain/booking-window.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import type { Reservation } from '../../../domain/schemas/reservation.ts';
import {
  createdReservation,
  day,
  expectError,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * "Now" in Africa/Johannesburg (issue 19, docs/decisions/033): today's hourly slots that have
 * started are neither offered nor accepted; the horizon holds on every path (create, edit, restore);
 * the editor cannot move a booking onto a listing that takes no bookings.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signInOwner>>;
let client: Awaited<ReturnType<TestApp['signInAs']>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signInOwner(t, 'business');
  client = await t.signInAs({ role: 'client' });
}, 90_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Today (Johannesburg) at hh:mm Johannesburg time: the server's clock for the test. */
function clockAt(time: string) {
  const today = todayInBusinessZone();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${today}T${time}:00+02:00`));
  return today;
}

const PAST_TIME = BOOKING_WINDOW_MESSAGES.pastTime;
const venue = () =>
  insertProperty(t.db, owner.user.id, {
    type: 'event_space',
    specifications: { bookableHours: { start: '08:00', end: '22:00' }, minimumHours: 2 },
  });
const hours = (propertyId: string, date: string, start: string, end: string, extra = {}) => ({
  property_id: propertyId,
  start_date: date,
  start_time: start,
  end_time: end,
  ...extra,
});
const setStatus = (id: string, status: Reservation['status']) =>
  t.patch(`/api/reservations/${id}`, { status }, { cookie: owner.cookie });
/** The owner's booking for a new client (the business's). */
const walkIn = (body: Record<string, unknown>) =>
  t.post('/api/reservations', { ...body, new_client: newClientInput() }, { cookie: owner.cookie });
const nights = (propertyId: string, from: number, to: number) => ({
  property_id: propertyId,
  start_date: day(from),
  end_date: day(to),
});

/** A booking of the owner's, cancelled, then moved (as time would) to other dates. */
async function cancelledOn(body: Record<string, unknown>, dates: { start_date: string; end_date: string }) {
  const booking = createdReservation(await walkIn(body));
  expect((await setStatus(booking.id, 'cancelled')).statusCode).toBe(200);
  await t.db.updateTable('reservations').set(dates).where('id', '=', booking.id).execute();
  return booking;
}

describe('today’s hourly slots at 15:00 Johannesburg', () => {
  it('a client cannot book 08:00–12:00 or the 15:00 slot that has started; 15:30 on books', async () => {
    const hall = await venue();
    const today = clockAt('15:00');
    const book = (start: string, end: string) =>
      t.post('/api/reservations', hours(hall.id, today, start, end), { cookie: client.cookie });
    expectError(await book('08:00', '12:00'), 400, PAST_TIME);
    expectError(await book('14:30', '17:00'), 400, PAST_TIME);
    expectError(await book('15:00', '17:00'), 400, PAST_TIME);
    expect(createdReservation(await book('15:30', '17:30')).start_time).toBe('15:30');
    // Tomorrow morning is open.
    createdReservation(
      await t.post('/api/reservations', hours(hall.id, day(1), '08:00', '10:00'), { cookie: client.cookie }),
    );
  });

  it('the business may still book the half hour in progress (a walk-in), nothing earlier', async () => {
    const hall = await venue();
    const today = clockAt('15:10');
    expectError(await walkIn(hours(hall.id, today, '14:30', '16:30')), 400, PAST_TIME);
    expect(createdReservation(await walkIn(hours(hall.id, today, '15:00', '17:00'))).start_time).toBe(
      '15:00',
    );
  });

  it('availability leaves today out once no run of the minimum is left for a client', async () => {
    const hall = await venue();
    clockAt('19:59');
    const early = (await t.get(`/api/properties/${hall.id}/availability`)).json<{ dates: string[] }>();
    expect(early.dates[0]).toBe(day(0)); // 20:00–22:00 is still two hours
    clockAt('20:00');
    const late = (await t.get(`/api/properties/${hall.id}/availability`)).json<{ dates: string[] }>();
    expect(late.dates[0]).toBe(day(1));
  });

  it('restoring a cancelled booking whose hours today have gone → 400', async () => {
    const hall = await venue();
    const booking = await cancelledOn(hours(hall.id, day(2), '09:00', '11:00'), {
      start_date: day(0),
      end_date: day(1),
    });
    clockAt('15:00');
    expectError(await setStatus(booking.id, 'pending'), 400, PAST_TIME);
  });
});

describe('the horizon on every path', () => {
  it('restoring a cancelled booking that starts beyond 12 months → 400, it stays cancelled', async () => {
    const property = await insertProperty(t.db, owner.user.id);
    const booking = await cancelledOn(nights(property.id, 10, 12), {
      start_date: day(400),
      end_date: day(402),
    });
    expectError(
      await setStatus(booking.id, 'confirmed'),
      400,
      'Start date cannot be more than 12 months ahead',
    );
    const row = await t.db
      .selectFrom('reservations')
      .select('status')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });
});

describe('the editor moves a booking only onto a listing that takes bookings', () => {
  it.each([
    ['inactive', { is_active: false }],
    ['under maintenance', { status: 'maintenance' as const }],
  ])('onto a listing %s → 409; its own listing stays editable', async (_label, state) => {
    const property = await insertProperty(t.db, owner.user.id);
    const closed = await insertProperty(t.db, owner.user.id, state);
    const booking = createdReservation(await walkIn(nights(property.id, 10, 12)));
    expectError(
      await t.patch(`/api/reservations/${booking.id}`, { property_id: closed.id }, { cookie: owner.cookie }),
      409,
      'This property is inactive or under maintenance and takes no new bookings',
    );
    // A booking already on a listing that went into maintenance is still edited there.
    await t.db.updateTable('properties').set(state).where('id', '=', property.id).execute();
    const edited = await t.patch(
      `/api/reservations/${booking.id}`,
      { special_requests: 'Late arrival' },
      { cookie: owner.cookie },
    );
    expect(edited.statusCode).toBe(200);
  });

  it('the business listings say whether each takes bookings', async () => {
    const closed = await insertProperty(t.db, owner.user.id, { status: 'maintenance' });
    const list = (await t.get('/api/business/properties', { cookie: owner.cookie })).json<
      Array<{ id: string; is_active: boolean; status: string }>
    >();
    expect(list.find((p) => p.id === closed.id)).toMatchObject({ is_active: true, status: 'maintenance' });
  });
});
