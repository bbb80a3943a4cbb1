import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserAvailable,
  expectAccessible,
  launchBrowser,
  newPage,
  registerVerifiedClient,
  signIn,
} from './support/browser.ts';
import { makePhoto, photoFolder } from './support/photos.ts';

/**
 * Issue 20 items 4 and 5 (docs/decisions/038): an owner buys the Branded profile add-on, uploads a
 * logo and a cover, chooses their page's address and publishes it; /b/<address> shows their listing,
 * the listing page links back to it, and on Starter both carry "Powered by Rentza".
 */
describe.runIf(browserAvailable)('journey: an owner publishes their branded business page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('add-on → details → logo, cover, address, publish → /b/<slug> with the listing → listing links back', async () => {
    const { page, context } = await newPage(browser);
    const owner = await registerVerifiedClient(page, 'Nomsa', 'Mahlangu', 'owner');
    await signIn(page, owner.email, owner.password);
    // Owners land on Today (docs/decisions/045, 055).
    await page.waitForURL(/\/today$/);
    await page.goto('/property-management');
    const tag = Date.now().toString(36);
    const tradingName = `Mahlangu Stays ${tag}`;
    const listingTitle = `Thatched rondavel ${tag}`;
    const slug = `mahlangu-${tag}`;
    // The listing is setup (the listing form has its own journey).
    const listing = await page.request.post('/api/properties', {
      headers: { origin: baseUrl },
      data: {
        type: 'accommodation',
        category: 'cottage',
        title: listingTitle,
        description: 'A thatched rondavel under the Drakensberg.',
        city: 'Bergville',
        location: 'Northern Drakensberg, Bergville',
        price_per_day_cents: 85_000,
        specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
      },
    });
    expect(listing.status(), await listing.text()).toBe(201);

    // Without the add-on the editor offers it.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Public profile' });
    await expect.poll(() => section.getByText(/needs the Branded profile add-on/).isVisible()).toBe(true);
    await expectAccessible(page, 'public profile offering the add-on');
    await section.getByRole('link', { name: 'Add Branded profile' }).click();
    await page.waitForURL(/\/subscription$/);
    await page.getByRole('button', { name: 'Add Branded profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Branded profile?' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Pay R 50.00' }).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Pay R 50.00' }).click();
    await page.waitForURL(/\/payfast-simulator\/eng\/process$/);
    await page.getByRole('button', { name: 'Complete payment' }).click();
    await page.waitForURL(/\/payment\/return\?ref=SUB_/);
    await expect
      .poll(() => page.getByText('Add-on successfully added!').isVisible(), { timeout: 30_000 })
      .toBe(true);

    // Business details first (the page shows their name), then the public profile.
    await page.goto('/profile');
    const details = page.getByRole('form', { name: 'Business details' });
    await details.getByRole('textbox', { name: 'Trading name' }).fill(tradingName);
    await details.getByRole('textbox', { name: 'Address' }).fill('1 Main Road\nBergville\n3350');
    await details.getByRole('textbox', { name: 'Business email' }).fill(`bookings.${tag}@mahlangu.co.za`);
    await details.getByRole('button', { name: 'Save business details' }).click();
    await expect.poll(() => page.getByText('Business details saved').isVisible()).toBe(true);

    const address = section.getByRole('textbox', { name: 'Page address' });
    await expect.poll(() => address.inputValue()).toBe(`mahlangu-stays-${tag}`);
    await address.fill(slug);
    await section.getByRole('textbox', { name: 'Description' }).fill('Rondavels and cottages in the Berg.');
    await section.getByRole('switch', { name: 'Publish my page' }).check();
    await section.getByRole('button', { name: 'Save public profile' }).click();
    await expect.poll(() => page.getByText('Public profile saved').isVisible()).toBe(true);

    const folder = photoFolder();
    await section
      .getByLabel('Upload logo')
      .locator('input[type=file]')
      .setInputFiles(await makePhoto(folder, 'logo.jpg', '#b45309'));
    await expect.poll(() => page.getByText('Logo saved').isVisible()).toBe(true);
    await expect.poll(() => section.getByRole('img', { name: `${tradingName} logo` }).isVisible()).toBe(true);
    await section
      .getByLabel('Upload cover image')
      .locator('input[type=file]')
      .setInputFiles(await makePhoto(folder, 'cover.jpg', '#15803d'));
    await expect.poll(() => page.getByText('Cover image saved').isVisible()).toBe(true);
    await expect
      .poll(() => section.getByRole('img', { name: `${tradingName} cover` }).isVisible())
      .toBe(true);
    await expectAccessible(page, 'public profile editor');

    // The page, as anyone sees it.
    await section.getByRole('link', { name: `/b/${slug}` }).click();
    await page.waitForURL(new RegExp(`/b/${slug}$`));
    await expect
      .poll(() => page.getByRole('heading', { name: tradingName, level: 1 }).isVisible())
      .toBe(true);
    expect(await page.getByRole('img', { name: `${tradingName} logo` }).isVisible()).toBe(true);
    expect(await page.getByText('Rondavels and cottages in the Berg.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(listingTitle).isVisible()).toBe(true);
    expect(await page.getByText('Powered by').isVisible()).toBe(true);
    await expectAccessible(page, 'business page');

    // The listing page links back to the business's page.
    await page.getByText(listingTitle).click();
    await page.waitForURL(/\/property\/[0-9a-f-]+$/);
    const byLink = page.getByRole('link', { name: tradingName });
    await expect.poll(() => byLink.isVisible()).toBe(true);
    expect(await page.getByText('Powered by').isVisible()).toBe(true);
    await byLink.click();
    await page.waitForURL(new RegExp(`/b/${slug}$`));

    // An unknown address is a "not found" page.
    await page.goto('/b/no-such-business-here');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Business not found', level: 1 }).isVisible())
      .toBe(true);
    await context.close();
  });
});
