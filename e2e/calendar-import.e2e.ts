import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import {
  airbnbSample,
  type FixtureServer,
  startFixtureServer,
} from '../server/modules/calendar-import/ics-fixtures.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { createCottage } from './support/listings.ts';

/** A day button of a Mantine calendar whose name starts with the day, turning months forward until it shows. */
async function dayButton(scope: Page | Locator, day: string, suffix = '') {
  const button = scope
    .getByRole('button', { name: new RegExp(`^${formatDisplayDate(day)}${suffix}`) })
    .first();
  const nextMonth = scope.getByRole('button', { name: 'Next month' }).first();
  await expect.poll(() => nextMonth.isVisible()).toBe(true);
  for (let turns = 0; turns < 3 && !(await button.isVisible()); turns++) await nextMonth.click();
  return button;
}

/**
 * Issue 22 item 3 (docs/decisions/053): an owner imports an Airbnb calendar served by a fixture server
 * on this machine (the journeys' server allows 127.0.0.1 for calendar import only, see
 * e2e/support/global-setup.ts), sees when it was read, and the booking page shows its days as Booked;
 * a second calendar clashing with the first shows the conflict.
 */
describe.runIf(browserAvailable)('journey: an owner imports an external calendar', () => {
  let browser: Browser;
  let fixtures: FixtureServer;
  beforeAll(async () => {
    browser = await launchBrowser();
    fixtures = await startFixtureServer();
  });
  afterAll(async () => {
    await browser?.close();
    await fixtures?.close();
  });

  it('adds an Airbnb feed; its days are booked on the booking page; a clashing feed shows a conflict', async () => {
    const owner = await newPage(browser);
    const account = await registerVerifiedClient(owner.page, 'Nomsa', 'Mokoena', 'owner');
    await signIn(owner.page, account.email, account.password);
    const title = `Drakensberg cottage ${Date.now()}`;
    const listingId = await createCottage(owner.page, {
      title,
      description: 'A stone cottage under the Amphitheatre, with a fireplace.',
      city: 'Bergville',
      location: 'Mont-aux-Sources Road, Bergville',
      pricePerNightCents: 110_000,
    });
    const airbnb = fixtures.serve(`/airbnb-${listingId}.ics`, airbnbSample([[20, 23]]));
    const clashing = fixtures.serve(
      `/booking-${listingId}.ics`,
      airbnbSample([[22, 24, 'CLOSED - Not available']]),
    );
    const first = addDays(todayInBusinessZone(), 20);

    await owner.page.goto('/property-management');
    await owner.page
      .getByRole('link', { name: `Calendar sync: ${title}` })
      .first()
      .click();
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Calendar sync', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => owner.page.getByText(title).first().isVisible()).toBe(true);
    await expect
      .poll(() => owner.page.getByText('No calendars imported yet.', { exact: false }).isVisible())
      .toBe(true);

    await owner.page.getByRole('button', { name: 'Import a calendar' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Import a calendar' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Airbnb');
    await dialog.getByRole('textbox', { name: 'Calendar address (iCal URL)' }).fill(airbnb);
    await expectAccessible(owner.page, 'calendar sync with the import dialog open');
    await dialog.getByRole('button', { name: 'Import calendar' }).click();
    await expect
      .poll(() => owner.page.getByText('Calendar added: 1 blocked period(s)').isVisible())
      .toBe(true);
    const feed = owner.page.getByRole('listitem', { name: 'Airbnb' });
    await expect.poll(() => feed.getByText(/^Last synced: (?!never)/).isVisible()).toBe(true);
    expect(await feed.getByText('1 event(s)').isVisible()).toBe(true);

    // The booking page of the listing: the imported days are Booked, the day after is free.
    await owner.page.goto(`/reservation/${listingId}`);
    for (const day of [first, addDays(first, 1), addDays(first, 2)])
      expect(await (await dayButton(owner.page, day, ', Booked')).isVisible(), day).toBe(true);
    expect(await (await dayButton(owner.page, addDays(first, 3), ', Available')).isVisible()).toBe(true);

    // The owner's calendar shows them as blocked, named after the imported calendar.
    await owner.page.goto('/calendar');
    if (first.slice(0, 7) !== todayInBusinessZone().slice(0, 7))
      await owner.page.getByRole('button', { name: 'Next', exact: true }).click();
    const imported = owner.page
      .getByRole('button', { name: new RegExp(`^Blocked · Airbnb: ${title}`) })
      .first();
    await expect.poll(() => imported.isVisible()).toBe(true);

    // A second calendar whose event meets the first one's block: the clash is shown, not dropped.
    await owner.page.goto(`/property-management/${listingId}/calendar-sync`);
    await expect
      .poll(() => owner.page.getByRole('heading', { name: 'Calendar sync', level: 1 }).isVisible())
      .toBe(true);
    await owner.page.getByRole('button', { name: 'Import a calendar' }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Booking.com');
    await dialog.getByRole('textbox', { name: 'Calendar address (iCal URL)' }).fill(clashing);
    await dialog.getByRole('button', { name: 'Import calendar' }).click();
    await expect
      .poll(() =>
        owner.page.getByText('Calendar added: 1 blocked period(s), 1 conflict(s) to check').isVisible(),
      )
      .toBe(true);
    const conflicts = owner.page.getByRole('table', { name: 'Calendar conflicts' });
    await expect.poll(() => conflicts.isVisible()).toBe(true);
    const row = conflicts.getByRole('row', { name: /Booking\.com/ });
    expect(await row.getByText('Blocked · Airbnb').isVisible()).toBe(true);
    expect(await row.getByText(formatDisplayDate(addDays(first, 2)), { exact: false }).isVisible()).toBe(
      true,
    );
    await expectAccessible(owner.page, 'calendar sync with a conflict');
    await owner.context.close();
  });
});
