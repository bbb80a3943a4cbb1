import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  signIn,
} from './support/browser.ts';

/** The journey's own listing, made through the API (the journey is about finding it, not adding it). */
async function createListing(page: Page, data: Record<string, unknown>): Promise<string> {
  const created = await page.request.post('/api/properties', { headers: { origin: baseUrl }, data });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

describe.runIf(browserAvailable)('journey: Property Management list tools', () => {
  let browser: Browser;
  const stamp = `${Date.now()}`;
  const bakkie = `Kalahari bakkie ${stamp}`;
  const trailer = `Kalahari trailer ${stamp}`;
  const edited = `Kalahari bakkie serviced ${stamp}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner searches, filters by type and status, switches to the list, edits and sees the listing highlighted', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    const vehicle = {
      type: 'vehicle',
      category: 'car',
      title: bakkie,
      description: 'Single-cab bakkie for the Kalahari roads.',
      city: 'Upington',
      location: 'Keidebees, Upington',
      price_per_day_cents: 65_000,
      status: 'maintenance',
      specifications: { type: 'vehicle', make: 'Isuzu', model: 'D-Max', year: 2021, seatingCapacity: 2 },
    };
    await createListing(page, vehicle);
    await createListing(page, {
      ...vehicle,
      type: 'equipment',
      category: 'tools',
      title: trailer,
      description: 'A sturdy trailer.',
      status: 'available',
      specifications: { type: 'equipment', brand: 'Venter', model: 'Camp', condition: 'good' },
    });

    await page.goto('/property-management');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);
    // Cards first, whatever this browser chose before.
    await page
      .locator('label')
      .filter({ hasText: /^Cards$/ })
      .click();
    await expect.poll(() => page.getByRole('radio', { name: 'Cards' }).isChecked()).toBe(true);

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`kalahari ${stamp}`);
    const cards = page.locator('[data-listing-id]');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.filter({ hasText: bakkie }).count()).toBe(1);
    expect(await cards.filter({ hasText: trailer }).count()).toBe(1);
    expect(param(page, 'q')).toBe(`kalahari ${stamp}`);
    await expect.poll(() => page.getByText('Showing 2 of').isVisible()).toBe(true);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await expectAccessible(page, 'property management with the Type dropdown open');
    await page.getByRole('option', { name: 'Vehicle' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain(bakkie);
    expect(param(page, 'type')).toBe('vehicle');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Available', exact: true }).click();
    await expect
      .poll(() => page.getByText('No listings match your search and filters.').isVisible())
      .toBe(true);
    expect(param(page, 'status')).toBe('available');
    await page.goBack();
    await expect.poll(() => param(page, 'status')).toBeNull();
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Maintenance' }).click();
    await expect.poll(() => param(page, 'status')).toBe('maintenance');
    await expect.poll(() => cards.count()).toBe(1);

    // The list view, chosen with the keyboard, stays chosen after a reload, as do the filters.
    await page.getByRole('radio', { name: 'Cards' }).focus();
    await page.keyboard.press('ArrowRight');
    const table = page.getByRole('table', { name: 'Listings' });
    await expect.poll(() => table.isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => table.isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Vehicle');
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Maintenance');
    expect(await search.inputValue()).toBe(`kalahari ${stamp}`);
    const row = table.getByRole('row').filter({ hasText: bakkie });
    await expect.poll(() => row.count()).toBe(1);
    // Thumbnail, title, type, location, price with its period, status, actions.
    expect(await row.textContent()).toMatch(
      /Kalahari bakkie.*Vehicle.*Keidebees, Upington.*R\s?650.*per day.*maintenance/,
    );
    expect(await row.getByRole('img', { name: 'No photo yet' }).isVisible()).toBe(true);
    await expectAccessible(page, 'property management list view');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await expect.poll(() => page.getByRole('listbox').isVisible()).toBe(true);
    await expectAccessible(page, 'property management list view with the Status dropdown open');
    await page.keyboard.press('Escape');

    // Back in service: the edit takes it out of the Maintenance filter, so the filters are cleared.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(edited);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Available' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByText('Property updated successfully').isVisible(), { timeout: 30_000 })
      .toBe(true);
    const marked = page.locator('[data-highlighted]');
    await expect.poll(() => marked.textContent()).toContain(edited);
    expect(await marked.evaluate((element) => element.tagName)).toBe('TR');
    expect(await page.getByText(`“${edited}” is highlighted in the list.`).count()).toBe(1);
    await expect
      .poll(() => page.getByText(`“${edited}” does not match the search and filters`).isVisible())
      .toBe(true);
    expect(param(page, 'status')).toBeNull();
    expect(param(page, 'q')).toBeNull();
    const inView = () =>
      marked.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    await expect.poll(inView).toBe(true);
    // The mark fades away on its own.
    await expect.poll(() => marked.count(), { timeout: 10_000 }).toBe(0);
    await context.close();

    // On a phone the list view is a compact row per listing, not a table.
    const phone = await newPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, 'thandi@rentza.test', 'Owner#2026');
    await phone.page.goto(`/property-management?q=${encodeURIComponent(stamp)}`);
    await phone.page
      .locator('label')
      .filter({ hasText: /^List$/ })
      .click();
    const rows = phone.page.getByRole('list', { name: 'Listings' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await phone.page.getByRole('table').count()).toBe(0);
    expect(await rows.filter({ hasText: edited }).getByRole('button', { name: 'Edit' }).isVisible()).toBe(
      true,
    );
    await expectAccessible(phone.page, 'property management list view on a phone');
    await phone.context.close();
  });
});
