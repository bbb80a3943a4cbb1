import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone } from '../domain/dates.ts';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';
import { makePhoto } from './support/photos.ts';

describe.runIf(browserAvailable)('journey: listings and discovery', () => {
  let browser: Browser;
  const title = `Toyota Hilux 4x4 for the Karoo ${Date.now()}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('an owner adds a vehicle listing with two photos and finds it on the home page and in a city search', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rentza-photos-'));
    const photos = [
      await makePhoto(dir, 'front.jpg', '#c92a2a'),
      await makePhoto(dir, 'side.jpg', '#1864ab'),
    ];
    const { page, context } = await newPage(browser);
    await signIn(page, 'thandi@rentza.test', 'Owner#2026');
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);
    // The check is of the loaded list: the listings and the homepage boost have both arrived.
    await expect.poll(() => page.getByRole('status', { name: /^Loading/ }).count()).toBe(0);
    await expectAccessible(page, 'property management list');

    await page.getByRole('button', { name: 'Add New Property' }).click();
    await expect
      .poll(() => page.getByText('No images uploaded yet. Please upload at least one image.').isVisible())
      .toBe(true);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled(), 'Save is disabled while the form is invalid').toBe(true);

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Vehicle' }).click();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Car' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('Double-cab bakkie with canopy, perfect for a Karoo road trip.');
    await page.getByRole('combobox', { name: 'City' }).fill('Bloemf');
    await page.getByRole('option', { name: 'Bloemfontein' }).click();
    await page.getByRole('textbox', { name: 'Location' }).fill('Westdene, Bloemfontein');
    await page.getByRole('textbox', { name: /^Price/ }).fill('950');
    await page.getByRole('textbox', { name: 'Make' }).fill('Toyota');
    await page.getByRole('textbox', { name: 'Model' }).fill('Hilux');
    await page.getByRole('textbox', { name: 'Year' }).fill('1949');
    await expect.poll(() => page.getByText('Year must be between 1950 and 2030').isVisible()).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Year' }).fill('2022');
    await page.getByRole('checkbox', { name: 'Parking' }).check();
    await page.locator('input[type="file"]').setInputFiles(photos);
    await expect.poll(() => page.getByRole('img', { name: /Preview of/ }).count()).toBe(2);
    await expectAccessible(page, 'add property form');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await expect
      .poll(() => page.getByText('Property created successfully').isVisible(), { timeout: 30_000 })
      .toBe(true);
    const card = page.locator('.mantine-Card-root').filter({ hasText: title });
    await expect.poll(() => card.getByText('R 950').isVisible()).toBe(true);
    expect(await card.getByText('per day').isVisible()).toBe(true);
    expect(await card.getByRole('link', { name: 'Create Reservation' }).getAttribute('href')).toMatch(
      /^\/reservation\//,
    );

    // The home page as a visitor sees it (signed in, / leads to the owner's working screen).
    const visitor = await newPage(browser);
    await visitor.page.goto('/');
    await expect.poll(() => visitor.page.getByRole('link', { name: title }).first().isVisible()).toBe(true);
    await visitor.context.close();
    await page.goto('/?type=vehicle&city=Bloemfontein');
    await expect.poll(() => page.getByText('Vehicle in Bloemfontein').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: title }).first().isVisible()).toBe(true);

    await page.getByRole('link', { name: title }).first().click();
    await page.waitForURL(/\/property\//);
    await expect.poll(() => page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Show photo/ }).count()).toBe(2);
    expect(await page.getByText('Toyota', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it('a visitor filters Featured, searches with dates, opens a listing', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Featured Properties' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('a[href^="/property/"]').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'home with featured');
    await page
      .getByRole('group', { name: 'Filter featured properties' })
      .getByText('Storage', { exact: true })
      .click();
    await expect.poll(() => page.getByText(/per night|per hour|per day/).count()).toBe(0);
    expect(await page.getByText(/per month/).count()).toBeGreaterThan(0);

    const today = todayInBusinessZone();
    await page.goto(`/?type=accommodation&checkIn=${addDays(today, -1)}&checkOut=${addDays(today, 2)}`);
    await expect.poll(() => page.getByText('Check-in date cannot be in the past').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Search' }).isDisabled()).toBe(true);

    const checkIn = addDays(today, 20);
    const checkOut = addDays(today, 23);
    await page.goto('/');
    await page.getByRole('combobox', { name: 'City' }).fill('Cape');
    await page.getByRole('option', { name: 'Cape Town' }).click();
    await page.getByRole('textbox', { name: 'Guests' }).fill('2');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/type=accommodation/);
    expect(page.url()).toContain('city=Cape+Town');
    await page.goto(`${page.url()}&checkIn=${checkIn}&checkOut=${checkOut}`);
    await expect
      .poll(() => page.getByText(/Accommodation in Cape Town · .* · 2 guests/).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator('a[href^="/property/"]').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'search results');
    await page.goto(
      `/?type=event_space&city=Polokwane&checkIn=${checkIn}&checkOut=${checkOut}&minPrice=99999999`,
    );
    await page.goto(
      `/?type=storage_space&city=Polokwane&checkIn=${checkIn}&checkOut=${checkOut}&q=zzzz-none`,
    );
    await expect
      .poll(() =>
        page.getByText('No properties found in Polokwane for Storage for the selected dates').isVisible(),
      )
      .toBe(true);
    // One search: More filters opens the full search page with the same criteria and the same results.
    await page.getByRole('link', { name: 'More filters' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/properties' && url.searchParams.get('type') === 'storage_space',
    );
    await expect
      .poll(() =>
        page.getByText('No properties found in Polokwane for Storage for the selected dates').isVisible(),
      )
      .toBe(true);
    await page.goBack();
    await page.getByRole('link', { name: 'Back to Featured Properties' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Featured Properties' }).isVisible())
      .toBe(true);

    await page.goto('/properties?type=accommodation');
    await expect.poll(() => page.locator('a[href^="/property/"]').count()).toBeGreaterThan(0);
    await expectAccessible(page, 'browse properties');
    await page.locator('a[href^="/property/"]').first().click();
    await page.waitForURL(/\/property\//);
    await expect.poll(() => page.getByRole('link', { name: 'Book Now' }).isVisible()).toBe(true);
    expect(await page.getByText('per night').first().isVisible()).toBe(true);
    await expectAccessible(page, 'property details');
    await page.goto('/property/00000000-0000-4000-8000-000000000000');
    await expect.poll(() => page.getByText('Property not found.').isVisible()).toBe(true);
    await context.close();
  });
});
