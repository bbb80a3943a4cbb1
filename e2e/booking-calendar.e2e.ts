import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate } from '../domain/dates.ts';
import { pickStayOnCalendar, pieterOpenListings } from './support/booking.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

describe.runIf(browserAvailable)('journey: picking a stay on the booking calendar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a client clicks three nights on the calendar and My Reservations shows those three nights', async () => {
    // One of Pieter's listings, from the end of his list: other journeys book his first one, from its first free night.
    const open = (await pieterOpenListings(browser)).reverse();
    const listing = open.find((candidate) => candidate.type === 'accommodation') ?? open[0];
    expect(listing, 'a demo listing of Pieter that takes bookings').toBeDefined();
    if (!listing) return;

    const { page, context } = await newPage(browser);
    const account = await registerVerifiedClient(page, 'Ayanda', 'Khumalo');
    await signIn(page, account.email, account.password);
    await page.goto(`/reservation/${listing.id}`);
    await expect.poll(() => page.getByRole('list', { name: 'Calendar legend' }).isVisible()).toBe(true);
    const confirm = page.getByRole('button', { name: 'Confirm Reservation' });
    expect(await confirm.isDisabled(), 'nothing is chosen until the client picks').toBe(true);
    expect(await page.getByRole('button', { name: 'Start date' }).textContent()).toBe('Choose check-in');
    await expectAccessible(page, 'reservation page (no dates yet)');

    const stay = await pickStayOnCalendar(page, listing.id, 3, 7);
    const unit = listing.type === 'accommodation' ? 'nights' : 'days';
    await expect
      .poll(() =>
        page
          .getByText(`${formatDisplayDate(stay.start)} to ${formatDisplayDate(stay.end)} · 3 ${unit}`)
          .isVisible(),
      )
      .toBe(true);
    expect(await confirm.isEnabled()).toBe(true);
    await expectAccessible(page, 'reservation page (stay chosen)');

    await confirm.click();
    await expect.poll(() => page.getByText('Reservation created successfully').isVisible()).toBe(true);
    await page.waitForURL(/\/my-reservations$/);
    const card = page.getByRole('article', { name: listing.title });
    await expect.poll(() => card.getByText('3 nights', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(formatDisplayDate(stay.start), { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText(formatDisplayDate(stay.end), { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, 'my reservations (three nights)');
    await context.close();
  });
});
