import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import { formatRand, formatRandCents } from '../domain/money.ts';
import { monthlyEnd } from '../domain/rental-unit.ts';
import { clickCalendarDay } from './support/booking.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

const VENUE_RATE = 80_000;
const VENUE_CLEANING = 50_000;
const STORAGE_RATE = 150_000;
const STORAGE_CLEANING = 20_000;

/** A fresh owner (a Starter plan holds one listing) and their listing, made through the API with their session. */
async function ownerWithListing(browser: Browser, firstName: string, data: Record<string, unknown>) {
  const { page, context } = await newPage(browser);
  const owner = await registerVerifiedClient(page, firstName, 'Owner', 'owner');
  await signIn(page, owner.email, owner.password);
  const created = await page.request.post('/api/properties', { headers: { origin: baseUrl }, data });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const availability = (await (await page.request.get(`/api/properties/${id}/availability`)).json()) as {
    dates: string[];
  };
  await context.close();
  return { id, dates: availability.dates };
}

async function signedInClient(browser: Browser, firstName: string) {
  const { page, context } = await newPage(browser);
  const account = await registerVerifiedClient(page, firstName, 'Client');
  await signIn(page, account.email, account.password);
  return { page, context };
}

/** An amount alone, to the cent as totals show it (decision 029; the spaces are non-breaking). */
const moneyText = (cents: number) => new RegExp(`^${formatRandCents(cents).replace(/\s/g, '\\s')}$`);
/** '<rate> × <units>' as the summary's line reads once its spaces are normalised. */
const rateLine = async (page: Page, units: string) =>
  ((await page.getByText(`× ${units}`).textContent()) ?? '').replace(/\s/g, ' ');
const spaced = (cents: number) => formatRand(cents).replace(/\s/g, ' ');

const slot = (page: Page, time: string, state: 'available' | 'selected' | 'taken') =>
  page.getByRole('button', { name: `${time}, ${state}`, exact: true });

/** On the venue's booking page: clicks the day, then the first and the last half-hour slots. */
async function pickTimes(page: Page, day: string, first: string, last: string): Promise<void> {
  await clickCalendarDay(page, day);
  await expect
    .poll(() => page.getByRole('button', { name: 'Date', exact: true }).textContent())
    .toBe(day.split('-').reverse().join('/'));
  await slot(page, first, 'available').click();
  await expect.poll(() => slot(page, first, 'selected').isVisible()).toBe(true);
  await slot(page, last, 'available').click();
  await expect.poll(() => slot(page, last, 'selected').isVisible()).toBe(true);
}

async function confirmAndOpenMyReservations(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Confirm Reservation' }).click();
  await expect.poll(() => page.getByText('Reservation created successfully').isVisible()).toBe(true);
  await page.waitForURL(/\/my-reservations$/);
}

describe.runIf(browserAvailable)('journey: booking by the hour and by the month', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('two clients share a venue’s day by the hour; a third cannot overlap them', {
    timeout: 300_000,
  }, async () => {
    const venueTitle = `Rosebank Hall ${Date.now()}`;
    const venue = await ownerWithListing(browser, 'Thembi', {
      type: 'event_space',
      category: 'venue',
      title: venueTitle,
      description: 'A hall with a sprung floor and a kitchen.',
      city: 'Johannesburg',
      location: 'Rosebank, Johannesburg',
      price_per_day_cents: VENUE_RATE,
      cleaning_fee_cents: VENUE_CLEANING,
      specifications: {
        type: 'event_space',
        capacity: 80,
        indoorArea: 200,
        bookableHours: { start: '08:00', end: '22:00' },
        minimumHours: 3,
      },
    });
    // Weeks ahead, on listings of their own: nothing else books these days.
    const day = addDays(todayInBusinessZone(), 20);
    expect(venue.dates).toContain(day);

    // Client A books 14:00–18:00 by clicking the day and the slots.
    const a = await signedInClient(browser, 'Amahle');
    await a.page.goto(`/reservation/${venue.id}`);
    await expect.poll(() => a.page.getByRole('list', { name: 'Calendar legend' }).isVisible()).toBe(true);
    expect(await a.page.getByRole('button', { name: 'Confirm Reservation' }).isDisabled()).toBe(true);
    await expectAccessible(a.page, 'venue booking page (no day yet)');
    await pickTimes(a.page, day, '14:00', '17:30');
    const summary = `${formatDisplayDate(day)} · 14:00–18:00 (4 hours)`;
    await expect.poll(() => a.page.getByText(summary).isVisible()).toBe(true);
    expect(await rateLine(a.page, '4 hours')).toBe(`${spaced(VENUE_RATE)} × 4 hours`);
    expect(await a.page.getByText(moneyText(4 * VENUE_RATE + VENUE_CLEANING)).isVisible()).toBe(true);
    expect(await a.page.getByRole('button', { name: 'Confirm Reservation' }).isEnabled()).toBe(true);
    await expectAccessible(a.page, 'venue booking page (times chosen)');
    await confirmAndOpenMyReservations(a.page);
    const aCard = a.page.getByRole('article', { name: venueTitle });
    await expect.poll(() => aCard.getByText('14:00–18:00 (4 hours)', { exact: true }).isVisible()).toBe(true);
    expect(await aCard.getByText(moneyText(4 * VENUE_RATE + VENUE_CLEANING)).isVisible()).toBe(true);
    await expectAccessible(a.page, 'my reservations (venue by the hour)');

    // Client B books 09:00–12:00 the same day: A's times show taken.
    const b = await signedInClient(browser, 'Bongani');
    await b.page.goto(`/reservation/${venue.id}`);
    await clickCalendarDay(b.page, day);
    await expect.poll(() => slot(b.page, '14:00', 'taken').isDisabled()).toBe(true);
    await pickTimes(b.page, day, '09:00', '11:30');
    await expect
      .poll(() => b.page.getByText(`${formatDisplayDate(day)} · 09:00–12:00 (3 hours)`).isVisible())
      .toBe(true);
    await expectAccessible(b.page, 'venue booking page (a day with taken times)');
    await confirmAndOpenMyReservations(b.page);
    await expect
      .poll(() =>
        b.page
          .getByRole('article', { name: venueTitle })
          .getByText('09:00–12:00 (3 hours)', { exact: true })
          .isVisible(),
      )
      .toBe(true);
    await b.context.close();

    // Client C cannot take 16:00–19:00: 16:00 is taken, and clicking past the taken times starts again.
    const c = await signedInClient(browser, 'Chantal');
    await c.page.goto(`/reservation/${venue.id}`);
    await clickCalendarDay(c.page, day);
    const taken = slot(c.page, '16:00', 'taken');
    await expect.poll(() => taken.isVisible()).toBe(true);
    expect(await taken.isDisabled()).toBe(true);
    expect(await slot(c.page, '09:00', 'taken').isDisabled()).toBe(true);
    expect(await slot(c.page, '11:30', 'taken').isDisabled()).toBe(true);
    expect(await slot(c.page, '12:00', 'available').isEnabled()).toBe(true);
    expect(await slot(c.page, '18:00', 'available').isEnabled()).toBe(true);
    await slot(c.page, '12:00', 'available').click();
    await slot(c.page, '18:30', 'available').click();
    await expect.poll(() => slot(c.page, '12:00', 'available').isVisible()).toBe(true);
    expect(await slot(c.page, '18:30', 'selected').isVisible()).toBe(true);
    expect(await c.page.getByRole('button', { name: 'Confirm Reservation' }).isDisabled()).toBe(true);
    await expectAccessible(c.page, 'venue booking page (times refused)');
    await c.context.close();
    await a.context.close();
  });

  it('a client books a storage unit for 2 months and pays 2 × the monthly price', {
    timeout: 200_000,
  }, async () => {
    const storageTitle = `Midrand Garage ${Date.now()}`;
    const storage = await ownerWithListing(browser, 'Johan', {
      type: 'storage_space',
      category: 'garage',
      title: storageTitle,
      description: 'A lock-up garage with a roller door.',
      city: 'Johannesburg',
      location: 'Midrand, Johannesburg',
      price_per_day_cents: STORAGE_RATE,
      cleaning_fee_cents: STORAGE_CLEANING,
      specifications: { type: 'storage_space', width: 3, length: 6, height: 2.5 },
    });
    const a = await signedInClient(browser, 'Dineo');
    const start = addDays(todayInBusinessZone(), 10);
    expect(storage.dates).toContain(start);
    const end = monthlyEnd(start, 2);
    await a.page.goto(`/reservation/${storage.id}`);
    await expect.poll(() => a.page.getByRole('list', { name: 'Calendar legend' }).isVisible()).toBe(true);
    await expectAccessible(a.page, 'storage booking page (no start yet)');
    await clickCalendarDay(a.page, start);
    await expect
      .poll(() =>
        a.page
          .getByText(`${formatDisplayDate(start)} to ${formatDisplayDate(monthlyEnd(start, 1))} · 1 month`)
          .isVisible(),
      )
      .toBe(true);
    await a.page.getByRole('textbox', { name: 'Months' }).fill('2');
    await expect
      .poll(() =>
        a.page.getByText(`${formatDisplayDate(start)} to ${formatDisplayDate(end)} · 2 months`).isVisible(),
      )
      .toBe(true);
    expect(await a.page.getByText(`Ends on ${formatDisplayDate(end)}`).isVisible()).toBe(true);
    expect(await rateLine(a.page, '2 months')).toBe(`${spaced(STORAGE_RATE)} × 2 months`);
    expect(await a.page.getByText(moneyText(2 * STORAGE_RATE)).isVisible()).toBe(true);
    expect(await a.page.getByText(moneyText(2 * STORAGE_RATE + STORAGE_CLEANING)).isVisible()).toBe(true);
    await expectAccessible(a.page, 'storage booking page (2 months)');
    await confirmAndOpenMyReservations(a.page);
    const storageCard = a.page.getByRole('article', { name: storageTitle });
    await expect.poll(() => storageCard.getByText('2 months', { exact: true }).isVisible()).toBe(true);
    expect(await storageCard.getByText(moneyText(2 * STORAGE_RATE + STORAGE_CLEANING)).isVisible()).toBe(
      true,
    );
    await expectAccessible(a.page, 'my reservations (storage by the month)');
    await a.context.close();
  });
});
