import {
  isCharge,
  type LedgerLine,
  ledgerSummary,
  type TransactionKind,
  unbilledTotalOf,
} from './billing.ts';
import { addMonths, businessDateOf, daysBetween, type IsoDate } from './dates.ts';
import type { Cents } from './money.ts';
import { minutesOf, type PriceUnit, SLOT_MINUTES, type TimeOfDay, unitCount } from './rental-unit.ts';
import type { ReservationStatus } from './reservation.ts';
import { RESERVATION_STATUSES } from './reservation.ts';

/**
 * The Reports screen's figures (issue 20 item 6, docs/decisions/039), computed from a business's
 * listings, reservations and billing lines. Pure: the server loads the rows, this decides what they
 * add up to. Money comes from `ledgerSummary` (domain/billing.ts) — the function the billing tab
 * uses — so every figure matches the reservation editor to the cent.
 */

/** A calendar month 'YYYY-MM' (Africa/Johannesburg). */
export type Month = string;
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The longest period a report covers: five years of months. */
export const MAX_REPORT_MONTHS = 60;
/** How many clients the top clients table lists. */
export const TOP_CLIENTS = 10;

export const REPORT_MESSAGES = {
  month: 'Months are written YYYY-MM',
  order: 'The period must end in or after the month it starts',
  tooLong: `A report covers at most ${MAX_REPORT_MONTHS} months`,
  notIncluded: 'Reports are part of the Pro and Business plans. Upgrade your plan to see them.',
  noPermission: 'You do not have permission to view reports',
  listingNotFound: 'Listing not found',
} as const;

export interface ReportPeriod {
  from: Month;
  to: Month;
}

export const monthStart = (month: Month): IsoDate => `${month}-01`;
/** The month after: string arithmetic (a report steps through months for every listing, so cheaply). */
export function nextMonth(month: Month): Month {
  const year = Number(month.slice(0, 4));
  const next = Number(month.slice(5, 7)) + 1;
  return next > 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${month.slice(0, 4)}-${String(next).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsOf(period: ReportPeriod): Month[] {
  const months: Month[] = [];
  for (let month = period.from; month <= period.to; month = nextMonth(month)) months.push(month);
  return months;
}

/** The dates the period covers: [first day of `from`, first day after `to`). */
export function periodDates(period: ReportPeriod): { start: IsoDate; end: IsoDate } {
  return { start: monthStart(period.from), end: monthStart(nextMonth(period.to)) };
}

/** The default period: the last 12 months, this month included (Johannesburg). */
export function defaultPeriod(today: IsoDate): ReportPeriod {
  const to = today.slice(0, 7);
  return { from: addMonths(monthStart(to), -11).slice(0, 7), to };
}

/** Why a period cannot be reported on, or null. */
export function periodRefusal(period: ReportPeriod): string | null {
  if (!MONTH_PATTERN.test(period.from) || !MONTH_PATTERN.test(period.to)) return REPORT_MESSAGES.month;
  if (period.to < period.from) return REPORT_MESSAGES.order;
  if (monthsOf(period).length > MAX_REPORT_MONTHS) return REPORT_MESSAGES.tooLong;
  return null;
}

/** A listing as the report reads it. */
export interface ReportListing {
  id: string;
  title: string;
  unit: PriceUnit;
  /** An hourly listing's bookable hours a day (closing − opening); unused for other units. */
  bookableHours: { start: TimeOfDay; end: TimeOfDay };
  /** The Johannesburg date it was created: it exists from then. */
  createdOn: IsoDate;
  /** The Johannesburg date it was archived (no longer bookable from then), or null. */
  archivedOn: IsoDate | null;
  /** The owner's bookable window, [start, end), when set. */
  availabilityStart: IsoDate | null;
  availabilityEnd: IsoDate | null;
}

export interface ReportBooking {
  id: string;
  reference: string;
  listingId: string;
  clientId: string;
  clientName: string;
  status: ReservationStatus;
  startDate: IsoDate;
  endDate: IsoDate;
  startTime: TimeOfDay | null;
  endTime: TimeOfDay | null;
  /** When it was made (an instant). */
  createdAt: string;
  /** The stored total (what is owed until a charge line exists, decision 029). */
  totalPriceCents: Cents;
}

/** A billing line that is not voided. */
export interface ReportLine {
  id: string;
  reservationId: string;
  kind: TransactionKind;
  totalCents: Cents;
  paymentAmountCents: Cents | null;
  /** When it was recorded (an instant): the month it counts in. */
  createdAt: string;
}

/**
 * The not-voided billing lines of one kind, summed (per month, client or booking). `ledgerSummary`
 * adds each line's amounts by its kind, and a booking counts as billed when it has a line of a
 * charge kind, so the sums of each kind give the same summary, to the cent, as the lines themselves:
 * the server sums in SQL (GROUP BY … kind) instead of shipping every line (docs/decisions/039).
 * A sum exists only for a kind that has at least one line.
 */
export interface LineSum {
  kind: TransactionKind;
  /** Σ total_cents. */
  totalCents: Cents;
  /** Σ payment_amount_cents (a missing amount counts 0). */
  paymentAmountCents: Cents;
}

/** The sums a report's money figures are made of. */
export interface ReportLineSums {
  /** Lines recorded in the period (on any booking of the chosen listings), by Johannesburg month and kind. */
  byMonth: (LineSum & { month: Month })[];
  /** The same lines by their booking's client: how many bookings they are on, and their sums by kind. */
  byClient: { clientId: string; client: string; bookings: number; sums: LineSum[] }[];
  /** Every line of the bookings that start in the period, by booking and kind. */
  byBooking: (LineSum & { reservationId: string })[];
}

export interface OccupancyRow {
  listingId: string;
  listing: string;
  unit: PriceUnit;
  month: Month;
  bookedUnits: number;
  availableUnits: number;
  /** booked ÷ available × 100, one decimal; null when the listing had no available units that month. */
  occupancyPercent: number | null;
}

export interface MonthOccupancy {
  month: Month;
  /** All chosen listings together, weighted by time (see occupancyByMonth). */
  occupancyPercent: number | null;
}

export interface MoneyByMonth {
  month: Month;
  billedCents: Cents;
  receivedCents: Cents;
}

export interface StatusCount {
  status: ReservationStatus;
  bookings: number;
}

export interface AverageStay {
  unit: PriceUnit;
  bookings: number;
  averageUnits: number;
}

export interface LeadTime {
  bookings: number;
  averageDays: number | null;
  medianDays: number | null;
}

export interface TopClient {
  clientId: string;
  client: string;
  bookings: number;
  billedCents: Cents;
  receivedCents: Cents;
}

export interface OutstandingBooking {
  reservationId: string;
  reference: string;
  client: string;
  listing: string;
  startDate: IsoDate;
  status: ReservationStatus;
  chargesCents: Cents;
  paidCents: Cents;
  balanceDueCents: Cents;
}

export interface DepositHeld {
  reservationId: string;
  reference: string;
  client: string;
  listing: string;
  startDate: IsoDate;
  receivedCents: Cents;
  refundedCents: Cents;
  keptCents: Cents;
  heldCents: Cents;
}

export interface ReportFigures {
  period: ReportPeriod;
  occupancy: OccupancyRow[];
  occupancyByMonth: MonthOccupancy[];
  money: MoneyByMonth[];
  totals: { billedCents: Cents; receivedCents: Cents; outstandingCents: Cents; depositsHeldCents: Cents };
  statuses: StatusCount[];
  averageStays: AverageStay[];
  leadTime: LeadTime;
  topClients: TopClient[];
  outstanding: OutstandingBooking[];
  deposits: DepositHeld[];
}

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};
const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);
const later = (a: IsoDate, b: IsoDate | null) => (b && b > a ? b : a);
const earlier = (a: IsoDate, b: IsoDate | null) => (b && b < a ? b : a);

/** The days [start, end) a listing could be booked in a month: while it existed, before archiving, in its window. */
export function bookableWindow(listing: ReportListing, month: Month): { start: IsoDate; end: IsoDate } {
  const start = later(later(monthStart(month), listing.createdOn), listing.availabilityStart);
  const end = earlier(earlier(monthStart(nextMonth(month)), listing.archivedOn), listing.availabilityEnd);
  return { start, end: end < start ? start : end };
}

/** A date as a whole day number (days since 1970-01-01): cheap to step through and to key a map by. */
const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A day held by a booking of a listing let by night, day or month: one shared, never-changed set (no allocation per day). */
const DAY_HELD: ReadonlySet<number> = new Set([0]);

/**
 * Half-hour slots booked on each day (by day number), for an hourly listing; the days booked, for the
 * others. Only the days [from, to) are marked (the report's months: no other day is ever read).
 */
function bookedTime(
  listing: ReportListing,
  bookings: readonly ReportBooking[],
  from: number,
  to: number,
): Map<number, ReadonlySet<number>> {
  const taken = new Map<number, ReadonlySet<number>>();
  const open = minutesOf(listing.bookableHours.start);
  const close = minutesOf(listing.bookableHours.end);
  const mark = (day: number, from: number, to: number) => {
    const slots = (taken.get(day) as Set<number> | undefined) ?? new Set<number>();
    taken.set(day, slots);
    for (let minute = from; minute < to; minute += SLOT_MINUTES) slots.add(minute);
  };
  for (const booking of bookings) {
    if (booking.status === 'cancelled' || booking.listingId !== listing.id) continue;
    const first = dayNumber(booking.startDate);
    if (listing.unit === 'hour' && booking.startTime && booking.endTime) {
      if (first >= from && first < to) mark(first, minutesOf(booking.startTime), minutesOf(booking.endTime));
      continue;
    }
    // By dates: every date of [start, end), at least the start date (countDays' minimum of 1).
    const days = Math.min(Math.max(1, dayNumber(booking.endDate) - first), to - first);
    for (let i = Math.max(0, from - first); i < days; i += 1) {
      if (listing.unit === 'hour') mark(first + i, open, close);
      else taken.set(first + i, DAY_HELD);
    }
  }
  return taken;
}

/**
 * Occupancy of one listing in each month: booked units ÷ available units, in the listing's unit.
 * Nights and days: the dates of the month the listing was bookable, and how many of them a booking
 * (not cancelled) holds. Hours: those dates × the bookable hours a day, and the booked hours within
 * the bookable hours. Months: the same dates as a fraction of the calendar month (a month booking
 * holds [start, end)). A date held by two bookings counts once, so occupancy never passes 100 %.
 */
export function listingOccupancy(
  listing: ReportListing,
  bookings: readonly ReportBooking[],
  months: readonly Month[],
): (OccupancyRow & { bookedDays: number; availableDays: number })[] {
  const first = months[0];
  const last = months.at(-1);
  const taken =
    first && last
      ? bookedTime(listing, bookings, dayNumber(monthStart(first)), dayNumber(monthStart(nextMonth(last))))
      : new Map<number, ReadonlySet<number>>();
  const open = minutesOf(listing.bookableHours.start);
  const close = minutesOf(listing.bookableHours.end);
  const hoursPerDay = Math.max(0, (close - open) / 60);
  return months.map((month) => {
    const window = bookableWindow(listing, month);
    const firstDay = dayNumber(window.start);
    const availableDays = dayNumber(window.end) - firstDay;
    let bookedDays = 0;
    let bookedHours = 0;
    for (let i = 0; i < availableDays; i += 1) {
      const slots = taken.get(firstDay + i);
      if (!slots) continue;
      if (listing.unit === 'hour') {
        const inHours = [...slots].filter((minute) => minute >= open && minute < close).length;
        bookedHours += (inHours * SLOT_MINUTES) / 60;
        bookedDays += hoursPerDay > 0 ? (inHours * SLOT_MINUTES) / 60 / hoursPerDay : 0;
      } else {
        bookedDays += 1;
      }
    }
    const monthDays = dayNumber(monthStart(nextMonth(month))) - dayNumber(monthStart(month));
    const [booked, available] =
      listing.unit === 'hour'
        ? [bookedHours, availableDays * hoursPerDay]
        : listing.unit === 'month'
          ? [round(bookedDays / monthDays, 2), round(availableDays / monthDays, 2)]
          : [bookedDays, availableDays];
    return {
      listingId: listing.id,
      listing: listing.title,
      unit: listing.unit,
      month,
      bookedUnits: booked,
      availableUnits: available,
      occupancyPercent: percent(bookedDays, availableDays),
      bookedDays,
      availableDays,
    };
  });
}

const inRange = (date: IsoDate, range: { start: IsoDate; end: IsoDate }) =>
  range.start <= date && date < range.end;

/** Adds a value to a map of lists (in place: no copying as the lists grow). */
function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Adds a line to a list of sums by kind. */
function addLine(sums: LineSum[], line: ReportLine): void {
  const sum = sums.find((entry) => entry.kind === line.kind);
  if (sum) {
    sum.totalCents += line.totalCents;
    sum.paymentAmountCents += line.paymentAmountCents ?? 0;
  } else {
    sums.push({
      kind: line.kind,
      totalCents: line.totalCents,
      paymentAmountCents: line.paymentAmountCents ?? 0,
    });
  }
}

/** Sums by kind, as the ledger lines `ledgerSummary` reads (one line per kind: see LineSum). */
const toLedger = (sums: readonly LineSum[]): LedgerLine[] =>
  sums.map((sum) => ({
    kind: sum.kind,
    totalCents: sum.totalCents,
    paymentAmountCents: sum.paymentAmountCents,
  }));

/**
 * The sums of a report's lines, computed in memory: what the server's SQL sums are (the tests hold
 * the two equal). `lines` are the not-voided lines recorded in the period plus every line of the
 * bookings that start in it; `bookings` name each line's booking.
 */
export function lineSums(input: {
  period: ReportPeriod;
  bookings: readonly ReportBooking[];
  lines: readonly ReportLine[];
}): ReportLineSums {
  const range = periodDates(input.period);
  const bookingsById = new Map(input.bookings.map((booking) => [booking.id, booking]));
  const byMonth = new Map<Month, LineSum[]>();
  const byClient = new Map<
    string,
    { clientId: string; client: string; reservations: Set<string>; sums: LineSum[] }
  >();
  const byBooking = new Map<string, LineSum[]>();
  for (const line of input.lines) {
    const booking = bookingsById.get(line.reservationId);
    if (booking && inRange(booking.startDate, range)) {
      const sums = byBooking.get(line.reservationId) ?? [];
      byBooking.set(line.reservationId, sums);
      addLine(sums, line);
    }
    const recorded = businessDateOf(line.createdAt);
    if (!inRange(recorded, range)) continue;
    const month = recorded.slice(0, 7);
    const monthSums = byMonth.get(month) ?? [];
    byMonth.set(month, monthSums);
    addLine(monthSums, line);
    if (!booking) continue;
    let client = byClient.get(booking.clientId);
    if (!client) {
      client = { clientId: booking.clientId, client: booking.clientName, reservations: new Set(), sums: [] };
      byClient.set(booking.clientId, client);
    }
    client.reservations.add(booking.id);
    addLine(client.sums, line);
  }
  return {
    byMonth: [...byMonth].flatMap(([month, sums]) => sums.map((sum) => ({ month, ...sum }))),
    byClient: [...byClient.values()].map(({ reservations, ...client }) => ({
      ...client,
      bookings: reservations.size,
    })),
    byBooking: [...byBooking].flatMap(([reservationId, sums]) =>
      sums.map((sum) => ({ reservationId, ...sum })),
    ),
  };
}

/**
 * Every figure of a report. `bookings` are the chosen listings' bookings that overlap the period or
 * start in it; `lines` are the not-voided billing lines of those listings' bookings recorded in the
 * period, and every line of the bookings that start in it.
 */
export function reportFigures(input: {
  period: ReportPeriod;
  listings: readonly ReportListing[];
  bookings: readonly ReportBooking[];
  lines: readonly ReportLine[];
}): ReportFigures {
  return reportFiguresFromSums({ ...input, sums: lineSums(input) });
}

/**
 * Every figure of a report, from the lines' sums (the server's path: see LineSum). `bookings` are
 * the chosen listings' bookings that overlap the period or start in it.
 */
export function reportFiguresFromSums(input: {
  period: ReportPeriod;
  listings: readonly ReportListing[];
  bookings: readonly ReportBooking[];
  sums: ReportLineSums;
}): ReportFigures {
  const { period } = input;
  const months = monthsOf(period);
  const range = periodDates(period);
  const inPeriod = (date: IsoDate) => inRange(date, range);
  const listingsById = new Map(input.listings.map((listing) => [listing.id, listing]));

  // Occupancy, by listing and month, and all listings together by month (time-weighted: booked
  // listing-days ÷ bookable listing-days, an hour being its share of the listing's bookable day).
  const byListing = new Map<string, ReportBooking[]>();
  for (const booking of input.bookings) push(byListing, booking.listingId, booking);
  const perListing = input.listings.map((listing) =>
    listingOccupancy(listing, byListing.get(listing.id) ?? [], months),
  );
  const occupancy = perListing.flat().map(({ bookedDays: _b, availableDays: _a, ...row }) => row);
  const occupancyByMonth = months.map((month, index) => {
    let booked = 0;
    let available = 0;
    for (const rows of perListing) {
      booked += rows[index]?.bookedDays ?? 0;
      available += rows[index]?.availableDays ?? 0;
    }
    return { month, occupancyPercent: percent(booked, available) };
  });

  // Billed and received by the month a line was recorded: ledgerSummary's charges and payments.
  const byMonth = new Map<Month, LineSum[]>();
  for (const sum of input.sums.byMonth) push(byMonth, sum.month, sum);
  const money = months.map((month) => {
    const summary = ledgerSummary(toLedger(byMonth.get(month) ?? []));
    return { month, billedCents: summary.chargesCents, receivedCents: summary.paymentsCents };
  });

  // Top clients: the same lines, by the booking's client.
  const topClients = input.sums.byClient
    .map(({ sums, ...client }) => {
      const summary = ledgerSummary(toLedger(sums));
      return { ...client, billedCents: summary.chargesCents, receivedCents: summary.paymentsCents };
    })
    .filter((client) => client.billedCents > 0)
    .sort((a, b) => b.billedCents - a.billedCents || a.client.localeCompare(b.client))
    .slice(0, TOP_CLIENTS);

  // The bookings that start in the period: statuses, stays, lead times, balances, deposits.
  const starting = input.bookings.filter((booking) => inPeriod(booking.startDate));
  const statuses = RESERVATION_STATUSES.map((status) => ({
    status,
    bookings: starting.filter((booking) => booking.status === status).length,
  }));
  const held = starting.filter((booking) => booking.status !== 'cancelled');
  const stays = new Map<PriceUnit, number[]>();
  for (const booking of held) {
    const listing = listingsById.get(booking.listingId);
    if (!listing) continue;
    const units = unitCount(listing.unit, {
      startDate: booking.startDate,
      endDate: booking.endDate,
      startTime: booking.startTime,
      endTime: booking.endTime,
    });
    push(stays, listing.unit, units);
  }
  const averageStays = (['night', 'day', 'hour', 'month'] as const)
    .filter((unit) => stays.has(unit))
    .map((unit) => {
      const values = stays.get(unit) ?? [];
      return {
        unit,
        bookings: values.length,
        averageUnits: round(values.reduce((a, b) => a + b, 0) / values.length, 1),
      };
    });
  const leads = held.map((booking) =>
    Math.max(0, daysBetween(businessDateOf(booking.createdAt), booking.startDate)),
  );
  const leadMedian = median(leads);
  const leadTime = {
    bookings: leads.length,
    averageDays: leads.length ? round(leads.reduce((a, b) => a + b, 0) / leads.length, 1) : null,
    medianDays: leadMedian === null ? null : round(leadMedian, 1),
  };

  const sumsByBooking = new Map<string, LineSum[]>();
  for (const sum of input.sums.byBooking) push(sumsByBooking, sum.reservationId, sum);
  const outstanding: OutstandingBooking[] = [];
  const deposits: DepositHeld[] = [];
  for (const booking of starting) {
    const sums = sumsByBooking.get(booking.id) ?? [];
    const billed = sums.some((sum) => isCharge(sum.kind));
    const summary = ledgerSummary(toLedger(sums), unbilledTotalOf(booking));
    const listing = listingsById.get(booking.listingId)?.title ?? '';
    if (summary.balanceDueCents > 0) {
      outstanding.push({
        reservationId: booking.id,
        reference: booking.reference,
        client: booking.clientName,
        listing,
        startDate: booking.startDate,
        status: booking.status,
        chargesCents: billed ? summary.chargesCents : booking.totalPriceCents,
        paidCents: summary.paymentsCents,
        balanceDueCents: summary.balanceDueCents,
      });
    }
    const sum = (kind: TransactionKind, field: 'paymentAmountCents' | 'totalCents') =>
      sums.find((entry) => entry.kind === kind)?.[field] ?? 0;
    if (summary.depositHeldCents !== 0) {
      deposits.push({
        reservationId: booking.id,
        reference: booking.reference,
        client: booking.clientName,
        listing,
        startDate: booking.startDate,
        receivedCents: sum('deposit_received', 'paymentAmountCents'),
        refundedCents: sum('deposit_refunded', 'paymentAmountCents'),
        keptCents: sum('deposit_kept', 'totalCents'),
        heldCents: summary.depositHeldCents,
      });
    }
  }
  outstanding.sort((a, b) => b.balanceDueCents - a.balanceDueCents || a.reference.localeCompare(b.reference));
  deposits.sort((a, b) => b.heldCents - a.heldCents || a.reference.localeCompare(b.reference));

  const total = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  return {
    period,
    occupancy,
    occupancyByMonth,
    money,
    totals: {
      billedCents: total(money.map((row) => row.billedCents)),
      receivedCents: total(money.map((row) => row.receivedCents)),
      outstandingCents: total(outstanding.map((row) => row.balanceDueCents)),
      depositsHeldCents: total(deposits.map((row) => row.heldCents)),
    },
    statuses,
    averageStays,
    leadTime,
    topClients,
    outstanding,
    deposits,
  };
}
