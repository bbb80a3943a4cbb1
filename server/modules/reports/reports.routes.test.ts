import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { defaultPeriod, REPORT_MESSAGES } from '../../../domain/reports.ts';
import { reportCsv } from '../../../domain/reports-csv.ts';
import type { Ledger } from '../../../domain/schemas/billing-lines.ts';
import type { Report } from '../../../domain/schemas/reports.ts';
import {
  bookingBody,
  createdReservation,
  day,
  expectError,
  insertProperty,
  newClientInput,
  signInOwner,
} from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The Reports API (issue 20 item 6, docs/decisions/039): who may see it, and that it matches the billing tab. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const NOTHING = {
  canManageProperties: false,
  canManageReservations: false,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
};
const thisMonth = () => todayInBusinessZone().slice(0, 7);
/** From this month to the month 40 days ahead: the booking below falls in it. */
const periodQuery = () => `from=${thisMonth()}&to=${day(40).slice(0, 7)}`;

/** A Pro owner with a listing at R 1 000.05 a night and a 3-night booking 10 days ahead, billed and part paid. */
async function proBusiness() {
  const owner = await signInOwner(t, 'pro');
  const property = await insertProperty(t.db, owner.user.id, {
    title: 'Karoo cottage',
    price_per_day_cents: 100_005,
  });
  const booking = createdReservation(
    await t.post('/api/reservations', bookingBody(property.id, 10, 3, { new_client: newClientInput() }), {
      cookie: owner.cookie,
    }),
  );
  const add = async (body: Record<string, unknown>) => {
    const response = await t.post(`/api/reservations/${booking.id}/transactions`, body, {
      cookie: owner.cookie,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  await add({ kind: 'rental' });
  await add({ kind: 'payment', payment_method: 'manual', amount_cents: 100_000 });
  await add({ kind: 'deposit_received', amount_cents: 50_000 });
  await add({ kind: 'deposit_refunded', amount_cents: 20_000, payout_method: 'eft' });
  return { owner, property, booking };
}

describe('GET /api/reports', () => {
  it('a Pro owner sees figures that match the billing tab to the cent, and the CSV says the same', async () => {
    const { owner, property, booking } = await proBusiness();
    const response = await t.get(`/api/reports?${periodQuery()}`, { cookie: owner.cookie });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<Report>();
    const ledger = (
      await t.get(`/api/reservations/${booking.id}/transactions`, { cookie: owner.cookie })
    ).json<Ledger>();
    expect(ledger.charges_cents).toBe(300_015);
    expect(report.totals).toEqual({
      billedCents: ledger.charges_cents,
      receivedCents: ledger.payments_cents,
      outstandingCents: ledger.balance_due_cents,
      depositsHeldCents: ledger.deposit_held_cents,
    });
    expect(report.outstanding).toEqual([
      expect.objectContaining({ reference: booking.reference, balanceDueCents: 200_015, paidCents: 100_000 }),
    ]);
    expect(report.deposits).toEqual([
      expect.objectContaining({
        receivedCents: 50_000,
        refundedCents: 20_000,
        keptCents: 0,
        heldCents: 30_000,
      }),
    ]);
    expect(report.statuses.find((row) => row.status === booking.status)?.bookings).toBe(1);
    expect(report.averageStays).toEqual([{ unit: 'night', bookings: 1, averageUnits: 3 }]);
    expect(report.leadTime).toEqual({ bookings: 1, averageDays: 10, medianDays: 10 });
    expect(report.listings).toEqual([
      { id: property.id, title: 'Karoo cottage', unit: 'night', archived: false },
    ]);
    const booked = report.occupancy.reduce((sum, row) => sum + row.bookedUnits, 0);
    expect(booked).toBe(3);
    expect(report.money.find((row) => row.month === thisMonth())?.billedCents).toBe(300_015);
    expect(reportCsv(report, 'outstanding').split('\r\n')[1]).toMatch(/,3000\.15,1000\.00,2000\.15$/);

    // One listing: the same; the default period is the last 12 months.
    const one = await t.get(`/api/reports?listing=${property.id}`, { cookie: owner.cookie });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Report>().period).toEqual(defaultPeriod(todayInBusinessZone()));
    expect(one.json<Report>().listing).toBe(property.id);
  });

  it('staff with the reports permission see their owner’s; staff without, clients and admins do not', async () => {
    const { owner } = await proBusiness();
    const staff = (canViewReports: boolean, role: 'backoffice' | 'frontoffice') =>
      t.signInAs({ role, parentOwnerId: owner.user.id, permissions: { ...NOTHING, canViewReports } });
    const allowed = await t.get('/api/reports', { cookie: (await staff(true, 'frontoffice')).cookie });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<Report>().listings).toHaveLength(1);
    expectError(
      await t.get('/api/reports', { cookie: (await staff(false, 'backoffice')).cookie }),
      403,
      REPORT_MESSAGES.noPermission,
    );
    for (const role of ['client', 'admin'] as const) {
      const someone = await t.signInAs({ role });
      expect((await t.get('/api/reports', { cookie: someone.cookie })).statusCode).toBe(403);
    }
    expect((await t.get('/api/reports')).statusCode).toBe(401);
  });

  it('a Starter owner (and their staff) are refused with the plan’s message', async () => {
    const starter = await signInOwner(t, 'starter');
    expectError(await t.get('/api/reports', { cookie: starter.cookie }), 403, REPORT_MESSAGES.notIncluded);
    const staff = await t.signInAs({
      role: 'backoffice',
      parentOwnerId: starter.user.id,
      permissions: { ...NOTHING, canViewReports: true },
    });
    expectError(await t.get('/api/reports', { cookie: staff.cookie }), 403, REPORT_MESSAGES.notIncluded);
  });

  it('another owner’s listing is not found', async () => {
    const { property } = await proBusiness();
    const other = await signInOwner(t, 'business');
    expectError(
      await t.get(`/api/reports?listing=${property.id}`, { cookie: other.cookie }),
      404,
      REPORT_MESSAGES.listingNotFound,
    );
  });

  it('a bad period is a 400 with a clear message', async () => {
    const owner = await signInOwner(t, 'pro');
    const refused = async (query: string, message: string) => {
      const response = await t.get(`/api/reports?${query}`, { cookie: owner.cookie });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toContain(message);
    };
    await refused('from=2026-05&to=2026-04', REPORT_MESSAGES.order);
    await refused('from=2026-13&to=2026-12', REPORT_MESSAGES.month);
    await refused('from=2020-01&to=2026-01', REPORT_MESSAGES.tooLong);
    await refused('from=2026-01', 'Choose both the first and the last month');
    await refused('listing=nope', 'Listing must be a listing id');
  });
});
