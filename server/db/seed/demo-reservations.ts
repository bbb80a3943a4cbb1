import type { Kysely } from 'kysely';
import { bookingTotal } from '../../../domain/booking-total.ts';
import { addDays, todayInBusinessZone } from '../../../domain/dates.ts';
import { hourlyDates, monthlyEnd, type PriceUnit, priceUnitFor } from '../../../domain/rental-unit.ts';
import type { ReservationStatus } from '../../../domain/reservation.ts';
import { findOrCreateClient } from '../../modules/clients/client.repository.ts';
import { bookedRatesColumn, vatPercentFor } from '../../modules/reservations/booking-price.ts';
import type { Database } from '../types.ts';

const DEMO_CLIENTS = [
  { first_name: 'Kagiso', last_name: 'Molefe', email: 'kagiso.molefe@example.co.za' },
  { first_name: 'Annelie', last_name: 'Botha', email: 'annelie.botha@example.co.za' },
  { first_name: 'Priya', last_name: 'Naidoo', email: 'priya.naidoo@example.co.za' },
  { first_name: 'Themba', last_name: 'Sithole', email: 'themba.sithole@example.co.za' },
];

/** [property index, client index (0 = the demo client account), start offset, nights (or days, hours, months: demoPeriod), status] */
const STAYS: Array<[number, number, number, number, ReservationStatus]> = [
  [0, 1, -24, 3, 'completed'],
  [0, 0, -2, 4, 'confirmed'],
  [0, 2, 6, 3, 'pending'],
  [1, 3, 1, 2, 'confirmed'],
  [1, 4, 9, 5, 'pending'],
  [2, 0, 12, 2, 'pending'],
  [2, 1, 3, 2, 'cancelled'],
  [3, 2, -10, 2, 'completed'],
  [3, 3, 18, 3, 'confirmed'],
  [4, 4, 4, 1, 'confirmed'],
  [5, 1, 25, 4, 'pending'],
  [5, 2, 7, 2, 'confirmed'],
];

/**
 * A month of bookings around today for the first owner, so the calendar, management screen and the
 * demo client's "My Reservations" show real data. Durban listings are left free for the journeys.
 */
export async function seedDemoReservations(
  db: Kysely<Database>,
  ids: { owner: string; client: string },
): Promise<void> {
  const properties = await db
    .selectFrom('properties')
    .selectAll()
    .where('owner_id', '=', ids.owner)
    .where('city', '<>', 'Durban')
    .where('is_active', '=', true)
    .where('status', '=', 'available')
    .orderBy('title')
    .limit(6)
    .execute();
  const account = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', ids.client)
    .executeTakeFirstOrThrow();
  const clientIds: string[] = [];
  const self = {
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email,
    user_id: account.id,
  };
  clientIds.push((await findOrCreateClient(db, ids.owner, self)).client.id);
  for (const client of DEMO_CLIENTS)
    clientIds.push((await findOrCreateClient(db, ids.owner, client)).client.id);

  const today = todayInBusinessZone();
  // Priced as a booking made today is (docs/decisions/029): rate periods, VAT inside the prices.
  const taxPercent = await vatPercentFor(db, ids.owner, today);
  const rates = await db.selectFrom('property_rates').selectAll().where('owner_id', '=', ids.owner).execute();
  const taken: Array<{ propertyId: string; start: string; end: string }> = [];
  const rows = STAYS.flatMap(([propertyIndex, clientIndex, offset, length, status]) => {
    const property = properties[propertyIndex];
    const clientId = clientIds[clientIndex];
    if (!property || !clientId) return [];
    const unit = priceUnitFor(property.type);
    // Storage is rented by the month: one tenant who moved in before today, so the coming weeks of the
    // demo calendar stay open for new bookings.
    if (unit === 'month' && offset >= 0) return [];
    const period = demoPeriod(unit, addDays(today, offset), length);
    const overlaps = taken.some(
      (other) =>
        other.propertyId === property.id && other.start < period.endDate && period.startDate < other.end,
    );
    if (overlaps && status !== 'cancelled') return [];
    const stillRunning = status === 'completed' && period.endDate > today;
    if (status !== 'cancelled')
      taken.push({ propertyId: property.id, start: period.startDate, end: period.endDate });
    const price = bookingTotal({
      unit,
      period,
      listingRateCents: property.price_per_day_cents,
      rates: rates
        .filter((rate) => rate.property_id === property.id)
        .map((rate) => ({ startDate: rate.start_date, endDate: rate.end_date, rateCents: rate.rate_cents })),
      cleaningFeeCents: property.cleaning_fee_cents,
      discountPercent: 0,
      taxPercent,
    });
    return [
      {
        property_id: property.id,
        owner_id: ids.owner,
        client_id: clientId,
        start_date: period.startDate,
        end_date: period.endDate,
        start_time: period.startTime,
        end_time: period.endTime,
        status: stillRunning ? ('confirmed' as const) : status,
        guests: 1,
        total_price_cents: price.totalCents,
        booked_rates: bookedRatesColumn(price),
        tax_percent: taxPercent,
        security_deposit_cents: property.security_deposit_cents,
        special_requests: status === 'pending' ? 'Late check-in, around 20:00 please.' : null,
        created_by: ids.owner,
      },
    ];
  });
  if (rows.length > 0) await db.insertInto('reservations').values(rows).execute();
}

/** A demo booking in the listing's unit: `length` nights or days, an afternoon of hours, or a month. */
function demoPeriod(unit: PriceUnit, start: string, length: number) {
  if (unit === 'hour') {
    const endHour = Math.min(22, 14 + Math.max(4, length));
    return { ...hourlyDates(start), startTime: '14:00', endTime: `${endHour}:00` };
  }
  const endDate = unit === 'month' ? monthlyEnd(start, 1) : addDays(start, length);
  return { startDate: start, endDate, startTime: null, endTime: null };
}
