import { stayLengthRefusal } from '../../../domain/booking-window.ts';
import type { IsoDate } from '../../../domain/dates.ts';
import {
  HOURLY_MESSAGES,
  hourlyBookingRefusal,
  hourlyDates,
  hourlyRulesOf,
  monthlyEnd,
  type PriceUnit,
  priceUnitFor,
  type TimeRange,
  unitCount,
} from '../../../domain/rental-unit.ts';
import type { Property } from '../../db/types.ts';
import { badRequest } from '../../http/errors.ts';

/** What a booking request asks for, before the listing's unit gives it its dates and times. */
export interface RequestedPeriod {
  start_date: IsoDate;
  end_date?: IsoDate | null;
  start_time?: string | null;
  end_time?: string | null;
  months?: number | null;
}

export interface ResolvedPeriod {
  unit: PriceUnit;
  units: number;
  startDate: IsoDate;
  endDate: IsoDate;
  startTime: string | null;
  endTime: string | null;
}

export const PERIOD_MESSAGES = {
  endDateRequired: 'End date is required',
  monthsRequired: 'Please choose how many months',
  monthsOnly: 'Months apply only to listings booked by the month',
  wholeMonths: 'A storage booking ends a whole number of months after it starts',
} as const;

/**
 * The dates, times and units a request books on this listing, in the listing's unit
 * (domain/rental-unit.ts); a request that does not fit the unit, or is longer than the unit allows
 * (domain/booking-window.ts), is a 400 with the reason.
 */
export function resolvePeriod(property: Property, request: RequestedPeriod): ResolvedPeriod {
  const unit = priceUnitFor(property.type);
  const hasTimes = !!(request.start_time || request.end_time);
  if (unit !== 'hour' && hasTimes) throw badRequest(HOURLY_MESSAGES.timesNotHourly);
  if (unit !== 'month' && request.months) throw badRequest(PERIOD_MESSAGES.monthsOnly);
  if (unit === 'hour') {
    const rules = hourlyRulesOf(property.specifications);
    const refusal = hourlyBookingRefusal(request.start_time, request.end_time, rules);
    if (refusal) throw badRequest(refusal);
    const { startDate, endDate } = hourlyDates(request.start_date);
    const period = {
      startDate,
      endDate,
      startTime: request.start_time as string,
      endTime: request.end_time as string,
    };
    return { unit, units: unitCount(unit, period), ...period };
  }
  if (unit === 'month') {
    let endDate: IsoDate;
    if (request.months) endDate = monthlyEnd(request.start_date, request.months);
    else if (request.end_date) {
      endDate = request.end_date;
      refuseOverlongStay(unit, request.start_date, endDate);
      const months = unitCount('month', { startDate: request.start_date, endDate });
      if (monthlyEnd(request.start_date, months) !== endDate) throw badRequest(PERIOD_MESSAGES.wholeMonths);
    } else throw badRequest(PERIOD_MESSAGES.monthsRequired);
    const period = { startDate: request.start_date, endDate, startTime: null, endTime: null };
    return { unit, units: unitCount(unit, period), ...period };
  }
  if (!request.end_date) throw badRequest(PERIOD_MESSAGES.endDateRequired);
  refuseOverlongStay(unit, request.start_date, request.end_date);
  const period = { startDate: request.start_date, endDate: request.end_date, startTime: null, endTime: null };
  return { unit, units: unitCount(unit, period), ...period };
}

function refuseOverlongStay(unit: PriceUnit, start: IsoDate, end: IsoDate) {
  const refusal = stayLengthRefusal(unit, start, end);
  if (refusal) throw badRequest(refusal);
}

/** 'HH:MM:SS' from the database as 'HH:MM'. */
export function shortTime(time: string | null): string | null {
  return time ? time.slice(0, 5) : null;
}

/** The times a booking holds on `day`: an hourly booking its hours, a booking by dates the whole day. */
export function timesHeldOn(
  day: IsoDate,
  booking: { start: IsoDate; end: IsoDate; start_time: string | null; end_time: string | null },
): TimeRange | null {
  if (!(booking.start <= day && day < booking.end)) return null;
  if (booking.start_time && booking.end_time)
    return { start: shortTime(booking.start_time) as string, end: shortTime(booking.end_time) as string };
  return { start: '00:00', end: '24:00' };
}
