import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDisplayDate, todayInBusinessZone } from '../domain/dates.ts';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { clickPickerDay } from './support/date-picker.ts';

const OVERLAP = 'This date range overlaps an existing rate period for the selected property.';
/** Opens a date field's calendar, clicks the day in its month, and sees the calendar close. */
async function pickDay(page: Page, label: string, day: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await clickPickerDay(page, day);
  await expect
    .poll(() => page.getByRole('button', { name: formatDisplayDate(day), exact: true }).count())
    .toBe(0);
}

/** Rates and catalogues (the billing menu) › <screen> from the header, as a person goes there. */
async function openBilling(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Rates and catalogues' })
    .click();
  await page.getByRole('menuitem', { name: screen }).click();
  await expect.poll(() => page.getByRole('heading', { name: screen, level: 1 }).isVisible()).toBe(true);
  expect(await page.title()).toBe(`${screen} · Rentza`);
}

async function createListing(page: Page, title: string): Promise<void> {
  const created = await page.request.post('/api/properties', {
    headers: { origin: baseUrl },
    data: {
      type: 'accommodation',
      category: 'cottage',
      title,
      description: 'A stone cottage in the Karoo.',
      city: 'Bloemfontein',
      location: 'Westdene, Bloemfontein',
      price_per_day_cents: 95_000,
      specifications: { type: 'accommodation', bedrooms: 2, bathrooms: 1, maxOccupants: 4, maxGuests: 4 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

describe.runIf(browserAvailable)('journey: an owner sets up billing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('adds a December rate, is stopped from overlapping it, edits and deletes it; adds a stock item and an ad hoc charge type', async () => {
    const { page, context } = await newPage(browser);
    const owner = await registerVerifiedClient(page, 'Nomsa', 'Dube', 'owner');
    await signIn(page, owner.email, owner.password);
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');
    const title = `Karoo cottage ${Date.now()}`;
    await createListing(page, title);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);

    // Property Rates: choose the listing; no periods yet.
    await openBilling(page, 'Property Rates');
    await expectAccessible(page, 'property rates');
    await page.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: title }).click();
    const table = page.getByRole('table', { name: 'Rates' });
    await expect.poll(() => table.getByRole('cell', { name: 'No rates' }).isVisible()).toBe(true);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);

    // A December period at R 1 850.50 a night, the days clicked on the calendars.
    const year = todayInBusinessZone().slice(0, 4);
    await pickDay(page, 'Start', `${year}-12-01`);
    await pickDay(page, 'End (exclusive)', `${year}-12-16`);
    await page.getByRole('textbox', { name: 'Rate/night' }).fill('1850.5');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await expectAccessible(page, 'property rates with a period filled in');
    await save.click();
    await expect.poll(() => page.getByText('Rate saved').isVisible()).toBe(true);
    const december = table.getByRole('row').filter({ hasText: `1 December ${year}` });
    await expect.poll(() => december.count()).toBe(1);
    expect(await december.textContent()).toMatch(/16 December \d{4}R\s?1\s850[.,]50ZAR/);
    // Saving reset the form.
    expect(await page.getByRole('textbox', { name: 'Rate/night' }).inputValue()).toBe('0.00');

    // An overlapping period: the message shows and Save stays disabled.
    await pickDay(page, 'Start', `${year}-12-10`);
    await pickDay(page, 'End (exclusive)', `${year}-12-20`);
    await page.getByRole('textbox', { name: 'Rate/night' }).fill('2100');
    await expect.poll(() => page.getByText(OVERLAP).isVisible()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page, 'property rates refusing an overlap');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByText(OVERLAP).count()).toBe(0);

    // Edit loads a copy; a new rate is saved over it.
    await december.getByRole('button', { name: /^Edit rate/ }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Edit rate' }).isVisible()).toBe(true);
    const rate = page.getByRole('textbox', { name: 'Rate/night' });
    expect(await rate.inputValue()).toBe('1 850.50');
    await rate.fill('2000');
    await save.click();
    await expect.poll(() => page.getByText('Rate saved').count()).toBeGreaterThan(0);
    await expect.poll(async () => (await december.textContent()) ?? '').toMatch(/R\s?2\s000[.,]00/);

    // Delete asks first.
    await december.getByRole('button', { name: /^Delete rate/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this rate?' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await expectAccessible(page, 'delete rate confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByText('Rate deleted').isVisible()).toBe(true);
    await expect.poll(() => table.getByRole('cell', { name: 'No rates' }).isVisible()).toBe(true);

    // Stock Items.
    await openBilling(page, 'Stock Items');
    const stock = page.getByRole('table', { name: 'Stock Items' });
    await expect.poll(() => stock.getByRole('cell', { name: 'No items' }).isVisible()).toBe(true);
    await expectAccessible(page, 'stock items');
    await page.getByRole('textbox', { name: 'Name' }).fill('Firewood bundle');
    await page.getByRole('textbox', { name: 'SKU' }).fill('FW-01');
    await page.getByRole('textbox', { name: 'Unit Price' }).fill('45.5');
    await page.getByRole('textbox', { name: 'Tax %' }).fill('15');
    await page.getByRole('textbox', { name: 'Unit', exact: true }).fill('bundle');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Stock saved').isVisible()).toBe(true);
    const firewood = stock.getByRole('row').filter({ hasText: 'Firewood bundle' });
    await expect.poll(() => firewood.count()).toBe(1);
    expect(await firewood.textContent()).toMatch(/Firewood bundleR\s?45[.,]5015%bundle/);
    await expectAccessible(page, 'stock items with an item');

    // Ad Hoc Charge Types.
    await openBilling(page, 'Ad Hoc Charge Types');
    const types = page.getByRole('table', { name: 'Ad Hoc Charge Types' });
    await expect.poll(() => types.getByRole('cell', { name: 'No types' }).isVisible()).toBe(true);
    await expectAccessible(page, 'ad hoc charge types');
    await page.getByRole('textbox', { name: 'Name' }).fill('Late checkout');
    await page.getByRole('textbox', { name: 'Default Amount' }).fill('350');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Extra charge saved').isVisible()).toBe(true);
    const late = types.getByRole('row').filter({ hasText: 'Late checkout' });
    await expect.poll(() => late.count()).toBe(1);
    expect(await late.textContent()).toMatch(/Late checkoutR\s?350[.,]000%/);

    // On a phone the list is cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Late checkout' }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'ad hoc charge types on a phone');
    await context.close();
  });
});
