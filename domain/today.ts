import { addDays, type IsoDate } from './dates.ts';
import type { PriceUnit } from './rental-unit.ts';
import type { ReservationStatus } from './reservation.ts';

/**
 * The Today desk (issue 22 item 1, docs/decisions/055): who arrives and leaves on a day, in the
 * words of each rental unit, and the week at a glance. Pure rules; the server reads the bookings.
 */

/** Bookings that come and go: requests waiting (the owner may still accept them), confirmed and completed. */
export const MOVING_STATUSES: readonly ReservationStatus[] = ['pending', 'confirmed', 'completed'];

export type Movement = 'arrival' | 'departure';

/** What an arrival and a departure are called for each unit, as the app says it (Check-in on My Reservations). */
export const MOVEMENT_LABELS: Record<PriceUnit, Record<Movement, string>> = {
  night: { arrival: 'Check-in', departure: 'Check-out' },
  day: { arrival: 'Pick-up', departure: 'Return' },
  hour: { arrival: 'Event starts', departure: 'Event ends' },
  month: { arrival: 'Move-in', departure: 'Move-out' },
};

/** A booking as the desk reads it: its dates (end exclusive) and, booked by the hour, its times. */
export interface DeskBooking {
  id: string;
  propertyId: string | null;
  unit: PriceUnit;
  status: ReservationStatus;
  startDate: IsoDate;
  endDate: IsoDate;
  startTime: string | null;
  endTime: string | null;
}

const isHourly = (booking: DeskBooking) => !!booking.startTime && !!booking.endTime;

/**
 * When a booking arrives and leaves: a stay by dates on its first day and on its end day (the
 * check-out day, end exclusive); an hourly event on its day, at its start and end times.
 */
export function movementOf(booking: DeskBooking, movement: Movement): { date: IsoDate; time: string | null } {
  if (isHourly(booking))
    return { date: booking.startDate, time: movement === 'arrival' ? booking.startTime : booking.endTime };
  return { date: movement === 'arrival' ? booking.startDate : booking.endDate, time: null };
}

export interface DeskMovement<B extends DeskBooking = DeskBooking> {
  movement: Movement;
  label: string;
  time: string | null;
  booking: B;
}

/** A day's arrivals or departures, timed ones (hourly events) in time order, then the rest. */
export function movementsOn<B extends DeskBooking>(
  day: IsoDate,
  bookings: readonly B[],
  movement: Movement,
): DeskMovement<B>[] {
  return bookings
    .filter((booking) => MOVING_STATUSES.includes(booking.status))
    .map((booking) => ({ booking, at: movementOf(booking, movement) }))
    .filter(({ at }) => at.date === day)
    .sort((a, b) => (a.at.time ?? '99:99').localeCompare(b.at.time ?? '99:99'))
    .map(({ booking, at }) => ({
      movement,
      label: MOVEMENT_LABELS[booking.unit][movement],
      time: at.time,
      booking,
    }));
}

/** Whether a booking holds its listing on a day: a night or day of its stay, or an hourly event's day. */
export function isInUseOn(booking: DeskBooking, day: IsoDate): boolean {
  if (isHourly(booking)) return booking.startDate === day;
  return booking.startDate <= day && day < booking.endDate;
}

export interface GlanceDay {
  date: IsoDate;
  arrivals: number;
  departures: number;
  /** Listings in use that day (a listing with two hourly events counts once). */
  inUse: number;
}

export const WEEK_DAYS = 7;

/** The next seven days from `from`: arrivals, departures and listings in use each day. */
export function weekAtAGlance(from: IsoDate, bookings: readonly DeskBooking[]): GlanceDay[] {
  const moving = bookings.filter((booking) => MOVING_STATUSES.includes(booking.status));
  return Array.from({ length: WEEK_DAYS }, (_, index) => {
    const date = addDays(from, index);
    const inUse = new Set(
      moving.filter((booking) => isInUseOn(booking, date)).map((booking) => booking.propertyId ?? booking.id),
    );
    return {
      date,
      arrivals: moving.filter((booking) => movementOf(booking, 'arrival').date === date).length,
      departures: moving.filter((booking) => movementOf(booking, 'departure').date === date).length,
      inUse: inUse.size,
    };
  });
}

/** The balances section holds bookings that start within the week (or began before) and still owe. */
export const BALANCE_HORIZON_DAYS = WEEK_DAYS;

/** How many rows each list of the desk shows at most (its total says how many there are). */
export const DESK_LIST_LIMIT = 50;

export const TODAY_MESSAGES = {
  mustLogIn: 'You must be logged in to see Today.',
  forbidden: 'Today is for owners and staff with the Reservations permission.',
} as const;
