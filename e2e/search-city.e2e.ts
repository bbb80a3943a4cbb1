import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';

/** The result card of a listing on /properties. */
const resultCard = (page: Page, title: string) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('link', { name: title, exact: true }) });

describe.runIf(browserAvailable)(
  'journey: a listing in a town beyond the ten cities is found by city and by text',
  () => {
    let browser: Browser;
    // A word of the title no other listing has, to find it by text.
    const word = `Thesen${Date.now()}`;
    const title = `Lagoon cottage ${word} with a jetty and a view of the Heads`;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => browser?.close());

    it('an owner lists in Knysna by typing the city', async () => {
      const { page, context } = await newPage(browser);
      // A new owner (Starter: one listing): Pieter is at his Pro limit and his listings serve the booking journeys.
      const owner = await registerVerifiedClient(page, 'Anika', 'Botha', 'owner');
      await signIn(page, owner.email, owner.password);
      // Owners land on Today (docs/decisions/045, 055).
      await page.waitForURL(/\/today$/);
      await page.goto('/property-management');
      await page.getByRole('button', { name: 'Add New Property' }).click();
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await page
        .getByRole('textbox', { name: 'Description' })
        .fill('A timber cottage on the water, a short walk from the Waterfront.');
      const city = page.getByRole('combobox', { name: 'City' });
      await city.click();
      await expect.poll(() => page.getByRole('option', { name: 'Cape Town' }).isVisible()).toBe(true);
      await city.fill('Knysna');
      await page.getByRole('textbox', { name: 'Location' }).fill('Thesen Islands');
      await page.getByRole('textbox', { name: /^Price/ }).fill('1200');
      await expectAccessible(page, 'add property form with a typed city');
      const save = page.getByRole('button', { name: 'Save' });
      await expect.poll(() => save.isEnabled()).toBe(true);
      await save.click();
      await expect
        .poll(() => page.getByText('Property created successfully').isVisible(), { timeout: 30_000 })
        .toBe(true);
      const card = page.locator('.mantine-Card-root').filter({ hasText: word });
      await expect
        .poll(() => card.getByText('Thesen Islands, Knysna', { exact: true }).isVisible())
        .toBe(true);
      await context.close();
    });

    it('a visitor finds it by typing the city in lower case, and by a word of its title', async () => {
      const { page, context } = await newPage(browser);
      await page.goto('/properties');
      await expect.poll(() => page.locator('a[href^="/property/"]').count()).toBeGreaterThan(0);
      const filters = page.getByRole('complementary', { name: 'Filters' });
      const city = filters.getByRole('combobox', { name: 'City' });
      await city.fill('knys');
      await expect.poll(() => page.getByRole('option', { name: 'Knysna' }).isVisible()).toBe(true);
      await city.fill('knysna');
      await city.press('Enter');
      await page.waitForURL(/city=knysna/);
      await expect.poll(() => page.getByText('All rentals in knysna').isVisible()).toBe(true);
      const card = resultCard(page, title);
      await expect.poll(() => card.isVisible()).toBe(true);
      // The city once, the pin beside it.
      expect(await card.getByText('Thesen Islands, Knysna', { exact: true }).isVisible()).toBe(true);
      await expectAccessible(page, 'properties searched by a typed city');

      await city.fill('');
      await city.press('Enter');
      await page.waitForURL((url) => !url.searchParams.has('city'));
      await page.getByRole('textbox', { name: 'Search' }).fill(word.toLowerCase());
      await page.waitForURL(new RegExp(`q=${word.toLowerCase()}`));
      await expect.poll(() => page.getByText(/^1 rental found/).isVisible()).toBe(true);
      await expect.poll(() => resultCard(page, title).isVisible()).toBe(true);
      await expectAccessible(page, 'properties searched by text');

      await page.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(/\/property\//);
      await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
      expect(await page.getByText('Thesen Islands, Knysna', { exact: true }).isVisible()).toBe(true);
      await expectAccessible(page, 'property details in a typed city');
      await context.close();
    });

    it('at 390 px the filters open in a drawer and Apply searches with them', async () => {
      const { page, context } = await newPage(browser, { width: 390, height: 844 });
      await page.goto('/properties');
      await expect.poll(() => page.locator('a[href^="/property/"]').count()).toBeGreaterThan(0);
      expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Filters' }).click();
      const drawer = page.getByRole('dialog', { name: 'Filters' });
      await expect.poll(() => drawer.getByRole('button', { name: 'Apply' }).isVisible()).toBe(true);
      await expectAccessible(page, 'filter drawer at 390 px');
      await drawer.getByRole('combobox', { name: 'Type' }).click();
      await page.getByRole('option', { name: 'Accommodation' }).click();
      await drawer.getByRole('combobox', { name: 'City' }).fill('KNYSNA');
      expect(page.url()).not.toContain('city=');
      await drawer.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => drawer.isVisible()).toBe(false);
      expect(page.url()).toMatch(/type=accommodation/);
      expect(page.url()).toMatch(/city=KNYSNA/);
      await expect.poll(() => page.getByText('Accommodation in KNYSNA').isVisible()).toBe(true);
      const card = resultCard(page, title);
      await expect.poll(() => card.isVisible()).toBe(true);

      // On a narrow card the pin stays on the first line of the place, left of the text.
      const pin = await card.locator('svg.tabler-icon-map-pin').boundingBox();
      const place = await card.getByText('Thesen Islands, Knysna', { exact: true }).boundingBox();
      expect(pin && place).toBeTruthy();
      if (pin && place) {
        expect(pin.x + pin.width).toBeLessThanOrEqual(place.x);
        expect(Math.abs(pin.y - place.y)).toBeLessThan(12);
      }
      // A long title takes up to two lines; its link still has the whole title as its name.
      const link = card.getByRole('link', { name: title, exact: true });
      const height = (await link.boundingBox())?.height ?? 0;
      const lineHeight = await link.evaluate((element) =>
        Number.parseFloat(getComputedStyle(element).lineHeight),
      );
      expect(height).toBeGreaterThan(lineHeight * 1.5);
      expect(height).toBeLessThan(lineHeight * 2.5);
      await expectAccessible(page, 'filtered results at 390 px');
      await context.close();
    });
  },
);
