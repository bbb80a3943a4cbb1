import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf, monthTitle } from '../domain/calendar/month-grid.ts';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import { pieterOpenListings } from './support/booking.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { clickPickerDay } from './support/date-picker.ts';

async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Issue 10: the owner sets a venue's bookable hours, then books a client by the hour from the editor. */
describe.runIf(browserAvailable)('journey: an owner books a venue by the hour', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('sets 10:00–20:00 and 2 hours minimum, books 10:00–12:00 in the editor, and sees it on the calendar', async () => {
    const venue = (await pieterOpenListings(browser)).find((listing) => listing.type === 'event_space');
    expect(venue, 'a demo event space of Pieter that takes bookings').toBeDefined();
    if (!venue) return;

    const { page, context } = await newPage(browser);
    await signIn(page, 'pieter@rentza.test', 'Owner#2026');

    // 1. The property form: bookable hours and the minimum.
    await page.goto('/property-management');
    const card = page.locator('.mantine-Card-root', {
      has: page.getByRole('link', { name: `View ${venue.title}` }),
    });
    await card.getByRole('button', { name: 'Edit' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit Property' }).isVisible()).toBe(true);
    await choose(page, page, 'Bookable from', '10:00');
    await choose(page, page, 'Bookable until', '20:00');
    const minimum = page.getByRole('textbox', { name: /^Minimum hours/ });
    await minimum.fill('2');
    await expectAccessible(page, 'property form (event space hours)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Property updated successfully').isVisible()).toBe(true);
    const saved = (await (await page.request.get(`/api/properties/${venue.id}`)).json()) as {
      specifications: { bookableHours: unknown; minimumHours: unknown };
    };
    expect(saved.specifications.bookableHours).toEqual({ start: '10:00', end: '20:00' });
    expect(saved.specifications.minimumHours).toBe(2);

    // 2. The editor: a future day with 10:00–12:00 free (none of Pieter's venue bookings are on it).
    const availability = (await (
      await page.request.get(`/api/properties/${venue.id}/availability`)
    ).json()) as {
      dates: string[];
    };
    const today = todayInBusinessZone();
    let day = '';
    for (const candidate of availability.dates.filter((date) => date > addDays(today, 3))) {
      const times = (await (
        await page.request.get(`/api/properties/${venue.id}/availability/times?date=${candidate}`)
      ).json()) as { taken: Array<{ start: string; end: string }> };
      if (times.taken.every((range) => range.end <= '10:00' || range.start >= '12:00')) {
        day = candidate;
        break;
      }
    }
    expect(day, 'a future day with 10:00–12:00 free').not.toBe('');

    await page.goto('/reservation-management');
    await page
      .getByRole('button', { name: /New Reservation|Create Reservation/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Create Reservation' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await choose(page, dialog, 'Property', venue.title);
    // A new client of Pieter's (the editor's own way of adding one), so the journey needs no seeded client.
    await choose(page, dialog, 'Client', '+ New client');
    await dialog.getByRole('textbox', { name: 'Client first name' }).fill('Zanele');
    await dialog.getByRole('textbox', { name: 'Client last name' }).fill('Mokoena');
    await dialog.getByRole('textbox', { name: 'Client email' }).fill(`zanele.${Date.now()}@example.co.za`);
    // A date and two times instead of an end date.
    expect(await dialog.getByRole('button', { name: 'End date' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Date', exact: true }).click();
    await clickPickerDay(page, day);
    await expect
      .poll(() => dialog.getByText(/^Bookable 10:00–20:00, at least 2 hours\./).isVisible())
      .toBe(true);
    await choose(page, dialog, 'Start time', '10:00');
    await choose(page, dialog, 'End time', '12:00');
    await expect.poll(() => dialog.getByText('10:00–12:00 (2 hours)').isVisible()).toBe(true);
    await expectAccessible(page, 'reservation editor (hourly)');
    await dialog.getByRole('button', { name: 'Create Reservation' }).click();
    await expect.poll(() => page.getByText('Reservation created successfully').isVisible()).toBe(true);

    // 3. The calendar shows the times on that day.
    const month = monthOf(day);
    await page.goto(`/calendar?month=${day.slice(0, 7)}`);
    await expect
      .poll(() =>
        page.getByRole('heading', { level: 2, name: monthTitle(month.year, month.month) }).isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() => page.locator('button[data-date][aria-label$="loading reservations"]').count())
      .toBe(0);
    const cell = page.locator('td', { has: page.locator(`button[data-date="${day}"]`) });
    await expect.poll(() => cell.getByText('10:00–12:00 · Pending').isVisible()).toBe(true);
    await page.locator(`button[data-date="${day}"]`).click();
    const agenda = page.getByRole('region', { name: /\d{4}$/ });
    await expect
      .poll(() => agenda.getByText(`${formatDisplayDate(day)} · 10:00–12:00 (2 hours) · Pending`).isVisible())
      .toBe(true);
    await expectAccessible(page, 'calendar (hourly booking)');
    await context.close();
  });
});
