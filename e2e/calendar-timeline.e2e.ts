import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftSpan, spanTitle, timelineSpan, weekStartOf } from '../domain/calendar/timeline.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';

const SUMMARY = /^Showing (\d+) of (\d+) reservations$/;
const headers = { origin: baseUrl };

/** A new owner's own listing and two bookings of it (the second then cancelled), made through the API. */
async function listingWithBookings(page: Page, title: string) {
  const id = await createCottage(page, {
    title,
    description: 'A thatched cottage above the Blyde River.',
    city: 'Graskop',
    location: 'Main Street, Graskop',
    pricePerNightCents: 90_000,
  });
  const today = todayInBusinessZone();
  const book = async (start: string, end: string, firstName: string) => {
    const booked = await page.request.post('/api/reservations', {
      headers,
      data: {
        property_id: id,
        start_date: start,
        end_date: end,
        guests: 1,
        new_client: {
          first_name: firstName,
          last_name: 'Mthembu',
          email: `${firstName.toLowerCase()}.${Date.now()}@example.co.za`,
        },
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { id: string }).id;
  };
  // Both fall inside the two weeks from the Sunday of today's week (which always reach a week past today).
  const stay = { start: addDays(today, 1), end: addDays(today, 3) };
  const cancelled = { start: addDays(today, 4), end: addDays(today, 6) };
  await book(stay.start, stay.end, 'Sipho');
  const cancelledId = await book(cancelled.start, cancelled.end, 'Ayanda');
  const cancel = await page.request.patch(`/api/reservations/${cancelledId}`, {
    headers,
    data: { status: 'cancelled' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  return { id, stay, cancelled };
}

const stayName = (title: string, first: string, range: { start: string; end: string }, status: string) =>
  `${title}, ${first} Mthembu, ${formatDisplayDate(range.start)} – ${formatDisplayDate(range.end)}, ${status}`;

describe.runIf(browserAvailable)('journey: calendar timeline and cancelled bookings', () => {
  let browser: Browser;
  const tag = `Blyde${Date.now()}`;
  const title = `Thatched cottage ${tag}`;
  let owner = { email: '', password: '' };
  let booked: Awaited<ReturnType<typeof listingWithBookings>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner: cancelled hidden, shown with the filter; the timeline moves by its span and opens the editor', async () => {
    const { page, context } = await newPage(browser);
    owner = await registerVerifiedClient(page, 'Nomvula', 'Sithole', 'owner');
    await signIn(page, owner.email, owner.password);
    booked = await listingWithBookings(page, title);
    const today = todayInBusinessZone();

    // The month of the cancelled booking: it is hidden by default, its day empty.
    await page.goto(`/calendar?month=${booked.cancelled.start.slice(0, 7)}`);
    const cancelledDay = page.locator(`button[data-date="${booked.cancelled.start}"]`);
    // Wait for the month's bookings themselves: while they load the summary reads "0 of 0" and every
    // day is empty, so the checks below would pass or fail on the loading screen.
    const hiddenCount = async () => {
      const [, shown, total] = SUMMARY.exec((await page.getByText(SUMMARY).textContent()) ?? '') ?? [];
      return Number(total) - Number(shown);
    };
    await expect.poll(hiddenCount, { message: 'one cancelled booking hidden' }).toBe(1);
    expect(await cancelledDay.getAttribute('aria-label')).toMatch(/, no reservations$/);
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.inputValue()).toBe('All except cancelled');

    await status.click();
    await expect.poll(() => page.getByRole('option', { name: 'All statuses' }).isVisible()).toBe(true);
    await expectAccessible(page, 'calendar status filter open');
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect.poll(() => cancelledDay.getAttribute('aria-label')).toMatch(/, 1 reservation$/);
    expect(await cancelledDay.getAttribute('title')).toBe(`${title} — Ayanda Mthembu, Cancelled`);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('all');

    // The timeline: Today puts the span on this week; the filter carries over.
    await page.getByText('Timeline', { exact: true }).click();
    await page.getByRole('button', { name: 'Today' }).click();
    const span = timelineSpan(weekStartOf(today), 2);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: spanTitle(span) }).isVisible())
      .toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('start')).toBe(span.start);
    expect(new URL(page.url()).searchParams.get('status')).toBe('all');
    const timeline = page.getByRole('region', { name: `Timeline ${spanTitle(span)}` });
    // The heading shows at once; the span's listings and bookings arrive after it.
    await expect.poll(() => timeline.getByRole('rowheader', { name: title }).count()).toBe(1);
    const stayBar = timeline.getByRole('button', { name: stayName(title, 'Sipho', booked.stay, 'Pending') });
    const cancelledBar = timeline.getByRole('button', {
      name: stayName(title, 'Ayanda', booked.cancelled, 'Cancelled'),
    });
    await expect.poll(() => stayBar.isVisible()).toBe(true);
    expect(await cancelledBar.isVisible()).toBe(true);
    await expectAccessible(page, 'calendar timeline');

    // Next and Previous move by the span.
    await page.getByRole('button', { name: 'Next' }).click();
    const next = timelineSpan(shiftSpan(span.start, 2, 1), 2);
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: spanTitle(next) }).isVisible())
      .toBe(true);
    await expect.poll(() => stayBar.count()).toBe(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: spanTitle(span) }).isVisible())
      .toBe(true);

    // Keyboard: the bar is a button that Tab reaches and Enter opens.
    await stayBar.focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Edit Reservation' });
    await expect.poll(() => editor.isVisible()).toBe(true);
    await expect.poll(() => editor.getByRole('combobox', { name: /^Property/ }).inputValue()).toBe(title);
    await editor.getByRole('button', { name: 'Close editor' }).click();
    await expect.poll(() => editor.count()).toBe(0);

    // A click on the bar opens it too; a free day of the listing opens create for that listing and day.
    await stayBar.click();
    await expect.poll(() => editor.isVisible()).toBe(true);
    await editor.getByRole('button', { name: 'Close editor' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    const freeDay = addDays(booked.cancelled.end, 1);
    await timeline
      .getByRole('button', {
        name: new RegExp(`^New reservation: ${title}, \\w+day ${formatDisplayDate(freeDay)}$`),
      })
      .click();
    const create = page.getByRole('dialog', { name: 'Create Reservation' });
    await expect.poll(() => create.isVisible()).toBe(true);
    await expect.poll(() => create.getByRole('combobox', { name: /^Property/ }).inputValue()).toBe(title);
    const dmy = `${freeDay.slice(8, 10)}/${freeDay.slice(5, 7)}/${freeDay.slice(0, 4)}`;
    expect(await create.getByLabel(/^Start date/).textContent()).toContain(dmy);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => create.count()).toBe(0);
    await context.close();
  });

  it('on a phone the timeline scrolls sideways under sticky listing names, in the dark theme', async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await signIn(page, owner.email, owner.password);
    const start = weekStartOf(todayInBusinessZone());
    await page.goto(`/calendar?view=timeline&start=${start}&weeks=4`);
    const span = timelineSpan(start, 4);
    const timeline = page.getByRole('region', { name: `Timeline ${spanTitle(span)}` });
    const stayBar = timeline.getByRole('button', { name: stayName(title, 'Sipho', booked.stay, 'Pending') });
    await expect.poll(() => stayBar.count()).toBe(1);
    expect(await timeline.getByRole('button', { name: /Cancelled$/ }).count(), 'cancelled hidden').toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const scroller = await timeline.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    const name = timeline.getByRole('rowheader', { name: title });
    const before = (await name.boundingBox())?.x ?? -1;
    await timeline.evaluate((element) => {
      element.scrollLeft = 400;
    });
    await expect.poll(async () => timeline.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    expect((await name.boundingBox())?.x, 'the listing name stays in place').toBe(before);
    await expectAccessible(page, 'calendar timeline on a phone');
    await context.close();
  });
});
