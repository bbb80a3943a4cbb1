import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { clickPickerDay } from './support/date-picker.ts';
import { createCottage } from './support/listings.ts';

/** The owner's own listing, made through the API (the journey is about blocking its dates). */
async function ownListing(page: Page, title: string): Promise<string> {
  return createCottage(page, {
    title,
    description: 'A thatched cottage above the Sabie river.',
    city: 'Sabie',
    location: 'Main Road, Sabie',
    pricePerNightCents: 90_000,
  });
}

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
 * Whether a search for the listing's unique tag and these dates lists it: waits until the page shows
 * either its card or the empty result (the only two outcomes for a tag one listing has), then says which.
 */
async function searchFinds(page: Page, tag: string, title: string, checkIn: string, checkOut: string) {
  await page.goto(`/properties?q=${tag}&checkIn=${checkIn}&checkOut=${checkOut}`);
  const card = page.getByRole('link', { name: title }).first();
  const none = page.getByText(/^No properties found/).first();
  await expect
    .poll(async () => (await card.isVisible()) || (await none.isVisible()), { timeout: 20_000 })
    .toBe(true);
  return card.isVisible();
}

describe.runIf(browserAvailable)('journey: an owner blocks dates of a listing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('blocks three days on the calendar; a client cannot pick them and search leaves the listing out', async () => {
    const owner = await newPage(browser);
    const account = await registerVerifiedClient(owner.page, 'Nomsa', 'Dube', 'owner');
    await signIn(owner.page, account.email, account.password);
    const tag = `Sabie${Date.now()}`;
    const title = `River cottage ${tag}`;
    const listingId = await ownListing(owner.page, title);
    const first = addDays(todayInBusinessZone(), 20);
    const last = addDays(first, 2);

    await owner.page.goto('/calendar');
    await owner.page.getByRole('button', { name: 'Block dates' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Block dates' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('combobox', { name: 'Listing' }).click();
    await dialog.getByRole('option', { name: title }).click();
    await clickPickerDay(dialog, first);
    await clickPickerDay(dialog, last);
    await expect
      .poll(() =>
        dialog
          .getByText(`Blocks 3 days: ${formatDisplayDate(first)} – ${formatDisplayDate(last)}`)
          .isVisible(),
      )
      .toBe(true);
    await expectAccessible(owner.page, 'block dates dialog with its date picker');
    await dialog.getByText('Owner use', { exact: true }).click();
    expect(await dialog.getByRole('radio', { name: 'Owner use' }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Family visit');
    await dialog.getByRole('button', { name: 'Block dates' }).click();
    await expect.poll(() => owner.page.getByText('Dates blocked').isVisible()).toBe(true);

    // The month grid shows the block on its days (turning to its month when it is the next one).
    const item = owner.page
      .getByRole('button', { name: new RegExp(`^Blocked · Owner use: ${title}`) })
      .first();
    if (first.slice(0, 7) !== todayInBusinessZone().slice(0, 7)) {
      await owner.page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect.poll(() => item.isVisible()).toBe(true);
    await owner.context.close();

    const client = await newPage(browser);
    const guest = await registerVerifiedClient(client.page, 'Sipho', 'Nkosi');
    await signIn(client.page, guest.email, guest.password);
    await client.page.goto(`/reservation/${listingId}`);
    for (const day of [first, addDays(first, 1), last]) {
      expect(await (await dayButton(client.page, day, ', Booked')).isVisible(), day).toBe(true);
    }
    expect(await (await dayButton(client.page, addDays(last, 1), ', Available')).isVisible()).toBe(true);
    await expectAccessible(client.page, 'booking page with blocked days');

    expect(await searchFinds(client.page, tag, title, addDays(last, 1), addDays(last, 3))).toBe(true);
    expect(await searchFinds(client.page, tag, title, addDays(first, 1), addDays(last, 2))).toBe(false);
    await client.context.close();
  });
});
