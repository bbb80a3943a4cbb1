import { describe, expect, it } from 'vitest';
import {
  defaultPeriod,
  median,
  monthsOf,
  nextMonth,
  periodRefusal,
  REPORT_MESSAGES,
  type ReportBooking,
  type ReportLine,
  type ReportListing,
  reportFigures,
} from './reports.ts';
import { csvRand, reportCsv, toCsv } from './reports-csv.ts';

/*
 * One business, January–February 2026 (31 + 28 days), every figure worked out by hand.
 *
 * Listings
 * - Sea cottage (nights), listed since June 2025.
 * - Hall (hours, bookable 08:00–18:00 = 10 h a day), listed on 15 February 2026: bookable 0 days in
 *   January, 14 days (15–28) in February = 140 hours.
 *
 * Bookings
 * - B5 Carol, Sea cottage, confirmed, 30 Dec 2025 → 2 Jan 2026 (nights 30, 31 Dec, 1 Jan): starts
 *   before the period, so only its night of 1 January counts (occupancy).
 * - B3 Bongani, Sea cottage, completed, 5 → 8 Jan (nights 5, 6, 7 = 3), made 23:30 UTC on
 *   31 Dec = 1 Jan in Johannesburg: lead 4 days.
 * - B2 Bongani, Sea cottage, cancelled, 10 → 15 Jan: holds nothing.
 * - B1 Anele, Sea cottage, confirmed, 30 Jan → 3 Feb (nights 30, 31 Jan, 1, 2 Feb = 4), made 20 Jan:
 *   lead 10 days.
 * - B4 Anele, Hall, pending, 20 Feb 14:00–18:00 (4 hours), made 16 Feb: lead 4 days; no lines.
 *
 * Occupancy
 * - Sea cottage January: nights 1, 5, 6, 7, 30, 31 = 6 of 31 = 19.4 %; February: 1, 2 = 2 of 28 = 7.1 %.
 * - Hall January: 0 of 0 → no figure; February: 4 of 140 hours = 2.9 %.
 * - All listings (in listing-days, an hour being a tenth of the hall's day): January 6 / 31 = 19.4 %;
 *   February (2 + 0.4) / (28 + 14) = 5.7 %.
 *
 * Billing lines (the month is the Johannesburg date the line was recorded)
 * - B5 rental R 3 000 on 1 Dec 2025: outside the period.
 * - B3 rental R 3 000 (5 Jan), payment R 3 000 (8 Jan), deposit R 1 000 received (5 Jan) and
 *   refunded (9 Jan).
 * - B2 cancellation fee (ad hoc) R 500 (9 Jan), unpaid.
 * - B1 payment R 1 500 (20 Jan), deposit R 2 000 received (20 Jan), rental R 4 000 at 22:30 UTC on
 *   31 Jan = 1 Feb in Johannesburg, deposit R 500 kept (4 Feb).
 * Billed: January 3 000 + 500 = R 3 500; February 4 000 + 500 kept = R 4 500; total R 8 000.
 * Received: January 3 000 + 1 500 = R 4 500; February the R 500 kept; total R 5 000 (deposits
 * received are held, not received revenue).
 *
 * Top clients: Anele billed 4 000 + 500 = R 4 500, received 1 500 + 500 = R 2 000 (1 booking);
 * Bongani billed 3 000 + 500 = R 3 500, received R 3 000 (2 bookings). Together R 8 000 = billed.
 * Statuses (bookings starting in the period): one each. Stays: nights (4 + 3) / 2 = 3.5; hours 4.
 * Lead time: 10, 4, 4 → average 6.0, median 4.
 * Outstanding: B1 charges 4 500 − paid 2 000 = R 2 500; B4 unbilled, its total R 800; B2 the fee
 * R 500; B3 nothing. Total R 3 800.
 * Deposits held: B1 2 000 − 0 refunded − 500 kept = R 1 500 (B3 fully refunded, not listed).
 */
const cottage: ReportListing = {
  id: 'L1',
  title: 'Sea cottage',
  unit: 'night',
  bookableHours: { start: '08:00', end: '22:00' },
  createdOn: '2025-06-01',
  archivedOn: null,
  availabilityStart: null,
  availabilityEnd: null,
};
const hall: ReportListing = {
  ...cottage,
  id: 'L2',
  title: 'Hall',
  unit: 'hour',
  bookableHours: { start: '08:00', end: '18:00' },
  createdOn: '2026-02-15',
};
const booking = (b: Partial<ReportBooking> & Pick<ReportBooking, 'id'>): ReportBooking => ({
  reference: b.id,
  listingId: 'L1',
  clientId: 'A',
  clientName: 'Anele Dlamini',
  status: 'confirmed',
  startDate: '2026-01-01',
  endDate: '2026-01-02',
  startTime: null,
  endTime: null,
  createdAt: '2026-01-01T08:00:00Z',
  totalPriceCents: 0,
  ...b,
});
const bongani = { clientId: 'B', clientName: 'Bongani Khumalo' };
const bookings: ReportBooking[] = [
  booking({
    id: 'B5',
    clientId: 'C',
    clientName: 'Carol Smith',
    startDate: '2025-12-30',
    endDate: '2026-01-02',
    createdAt: '2025-12-01T08:00:00Z',
    totalPriceCents: 300_000,
  }),
  booking({
    id: 'B3',
    ...bongani,
    status: 'completed',
    startDate: '2026-01-05',
    endDate: '2026-01-08',
    createdAt: '2025-12-31T23:30:00Z',
    totalPriceCents: 300_000,
  }),
  booking({
    id: 'B2',
    ...bongani,
    status: 'cancelled',
    startDate: '2026-01-10',
    endDate: '2026-01-15',
    createdAt: '2026-01-01T08:00:00Z',
    totalPriceCents: 500_000,
  }),
  booking({
    id: 'B1',
    startDate: '2026-01-30',
    endDate: '2026-02-03',
    createdAt: '2026-01-20T10:00:00Z',
    totalPriceCents: 400_000,
  }),
  booking({
    id: 'B4',
    listingId: 'L2',
    status: 'pending',
    startDate: '2026-02-20',
    endDate: '2026-02-21',
    startTime: '14:00',
    endTime: '18:00',
    createdAt: '2026-02-16T08:00:00Z',
    totalPriceCents: 80_000,
  }),
];
let n = 0;
const line = (
  reservationId: string,
  kind: ReportLine['kind'],
  cents: number,
  createdAt: string,
): ReportLine => {
  const money = kind === 'payment' || kind === 'deposit_received' || kind === 'deposit_refunded';
  return {
    id: `t${n++}`,
    reservationId,
    kind,
    totalCents: money ? 0 : cents,
    paymentAmountCents: money ? cents : null,
    createdAt,
  };
};
const lines: ReportLine[] = [
  line('B5', 'rental', 300_000, '2025-12-01T08:00:00Z'),
  line('B3', 'rental', 300_000, '2026-01-05T08:00:00Z'),
  line('B3', 'payment', 300_000, '2026-01-08T08:00:00Z'),
  line('B3', 'deposit_received', 100_000, '2026-01-05T08:00:00Z'),
  line('B3', 'deposit_refunded', 100_000, '2026-01-09T08:00:00Z'),
  line('B2', 'ad_hoc', 50_000, '2026-01-09T10:00:00Z'),
  line('B1', 'payment', 150_000, '2026-01-20T12:00:00Z'),
  line('B1', 'deposit_received', 200_000, '2026-01-20T12:00:00Z'),
  line('B1', 'rental', 400_000, '2026-01-31T22:30:00Z'),
  line('B1', 'deposit_kept', 50_000, '2026-02-04T08:00:00Z'),
];
const period = { from: '2026-01', to: '2026-02' };
const figures = reportFigures({ period, listings: [cottage, hall], bookings, lines });

describe('a report of January and February 2026', () => {
  it('occupancy by listing and month, in each listing’s unit; cancelled bookings hold nothing', () => {
    expect(figures.occupancy).toEqual([
      {
        listingId: 'L1',
        listing: 'Sea cottage',
        unit: 'night',
        month: '2026-01',
        bookedUnits: 6,
        availableUnits: 31,
        occupancyPercent: 19.4,
      },
      {
        listingId: 'L1',
        listing: 'Sea cottage',
        unit: 'night',
        month: '2026-02',
        bookedUnits: 2,
        availableUnits: 28,
        occupancyPercent: 7.1,
      },
      {
        listingId: 'L2',
        listing: 'Hall',
        unit: 'hour',
        month: '2026-01',
        bookedUnits: 0,
        availableUnits: 0,
        occupancyPercent: null,
      },
      {
        listingId: 'L2',
        listing: 'Hall',
        unit: 'hour',
        month: '2026-02',
        bookedUnits: 4,
        availableUnits: 140,
        occupancyPercent: 2.9,
      },
    ]);
    expect(figures.occupancyByMonth).toEqual([
      { month: '2026-01', occupancyPercent: 19.4 },
      { month: '2026-02', occupancyPercent: 5.7 },
    ]);
  });

  it('billed and received by the Johannesburg month each line was recorded', () => {
    expect(figures.money).toEqual([
      { month: '2026-01', billedCents: 350_000, receivedCents: 450_000 },
      { month: '2026-02', billedCents: 450_000, receivedCents: 50_000 },
    ]);
    expect(figures.totals).toEqual({
      billedCents: 800_000,
      receivedCents: 500_000,
      outstandingCents: 380_000,
      depositsHeldCents: 150_000,
    });
  });

  it('bookings by status, average stay per unit and lead time', () => {
    expect(figures.statuses).toEqual([
      { status: 'pending', bookings: 1 },
      { status: 'confirmed', bookings: 1 },
      { status: 'completed', bookings: 1 },
      { status: 'cancelled', bookings: 1 },
    ]);
    expect(figures.averageStays).toEqual([
      { unit: 'night', bookings: 2, averageUnits: 3.5 },
      { unit: 'hour', bookings: 1, averageUnits: 4 },
    ]);
    expect(figures.leadTime).toEqual({ bookings: 3, averageDays: 6, medianDays: 4 });
  });

  it('top clients by billed revenue add up to the billed total', () => {
    expect(figures.topClients).toEqual([
      { clientId: 'A', client: 'Anele Dlamini', bookings: 1, billedCents: 450_000, receivedCents: 200_000 },
      { clientId: 'B', client: 'Bongani Khumalo', bookings: 2, billedCents: 350_000, receivedCents: 300_000 },
    ]);
  });

  it('outstanding balances as the billing tab computes them, and the deposits held', () => {
    expect(
      figures.outstanding.map((row) => [row.reference, row.chargesCents, row.paidCents, row.balanceDueCents]),
    ).toEqual([
      ['B1', 450_000, 200_000, 250_000],
      ['B4', 80_000, 0, 80_000],
      ['B2', 50_000, 0, 50_000],
    ]);
    expect(
      figures.deposits.map((row) => [
        row.reference,
        row.receivedCents,
        row.refundedCents,
        row.keptCents,
        row.heldCents,
      ]),
    ).toEqual([['B1', 200_000, 0, 50_000, 150_000]]);
  });

  it('one listing only: the hall', () => {
    const hallOnly = reportFigures({
      period,
      listings: [hall],
      bookings: bookings.filter((b) => b.listingId === 'L2'),
      lines: [],
    });
    expect(hallOnly.occupancyByMonth.map((m) => m.occupancyPercent)).toEqual([null, 2.9]);
    expect(hallOnly.totals.outstandingCents).toBe(80_000);
  });

  it('a listing archived mid-month is bookable until then; a month listing counts in months', () => {
    const storage: ReportListing = {
      ...cottage,
      id: 'S',
      title: 'Unit 4',
      unit: 'month',
      archivedOn: '2026-02-15',
    };
    const held = booking({ id: 'S1', listingId: 'S', startDate: '2026-01-16', endDate: '2026-02-16' });
    const rows = reportFigures({ period, listings: [storage], bookings: [held], lines: [] }).occupancy;
    // January: 16 of 31 days booked = 0.52 of a month, available 1; February: bookable 1–14 (14/28 = 0.5), all booked.
    expect(rows.map((r) => [r.bookedUnits, r.availableUnits, r.occupancyPercent])).toEqual([
      [0.52, 1, 51.6],
      [0.5, 0.5, 100],
    ]);
  });
});

describe('the period', () => {
  it('defaults to the last 12 months and refuses bad periods', () => {
    expect(defaultPeriod('2026-11-26')).toEqual({ from: '2025-12', to: '2026-11' });
    expect(periodRefusal({ from: '2026-13', to: '2026-12' })).toBe(REPORT_MESSAGES.month);
    expect(periodRefusal({ from: '2026-05', to: '2026-04' })).toBe(REPORT_MESSAGES.order);
    expect(periodRefusal({ from: '2020-01', to: '2026-01' })).toBe(REPORT_MESSAGES.tooLong);
    expect(periodRefusal({ from: '2026-01', to: '2026-01' })).toBeNull();
  });
  it('steps month by month across a year end', () => {
    expect(nextMonth('2025-12')).toBe('2026-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
    expect(monthsOf({ from: '2025-11', to: '2026-02' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
  it('median of an even count is the mean of the middle two', () => {
    expect(median([1, 9, 3, 5])).toBe(4);
    expect(median([])).toBeNull();
  });
});

describe('CSV', () => {
  it('a header row, en-ZA months and dates, rand with a decimal point, quoted fields', () => {
    expect(csvRand(123_456)).toBe('1234.56');
    expect(csvRand(-5)).toBe('-0.05');
    expect(reportCsv(figures, 'money')).toBe(
      'Month,Billed (R),Received (R)\r\nJanuary 2026,3500.00,4500.00\r\nFebruary 2026,4500.00,500.00\r\n',
    );
    const outstanding = reportCsv(figures, 'outstanding').split('\r\n');
    expect(outstanding[0]).toBe(
      'Reference,Client,Listing,Start date,Status,Charges (R),Paid (R),Balance due (R)',
    );
    expect(outstanding[1]).toBe(
      'B1,Anele Dlamini,Sea cottage,30 January 2026,Confirmed,4500.00,2000.00,2500.00',
    );
    const named = {
      ...figures,
      topClients: [{ clientId: 'x', client: 'Smith, "Jo"', bookings: 1, billedCents: 1, receivedCents: 0 }],
    };
    expect(reportCsv(named, 'topClients').split('\r\n')[1]).toBe('"Smith, ""Jo""",1,0.01,0.00');
    expect(reportCsv(figures, 'occupancy').split('\r\n')[3]).toBe('Hall,January 2026,hour,0,0,');
    const hostile = { ...named, topClients: [{ ...named.topClients[0], client: '=HYPERLINK("x")' }] };
    expect(reportCsv(hostile as typeof figures, 'topClients').split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")",1,0.01,0.00`,
    );
    expect(toCsv(['Amount'], [[csvRand(-5)]])).toBe('Amount\r\n-0.05\r\n');
  });
});
