import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, launchBrowser, newPage, signIn } from './support/browser.ts';

/**
 * Issue 20 item 8 (docs/decisions/041): a back-office member with the properties permission (the demo
 * Sipho has all five) finds Property Management in the navigation and edits one of the business's
 * listings; a front-office member (reservations only) is not offered it and is sent home from its URL.
 */
describe.runIf(browserAvailable)('journey: staff permissions reach the screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('back office with Properties edits a listing’s title from Property Management', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'sipho@rentza.test', 'Staff#2026');
    // A listing of Sipho's business (Thandi's) for this run, under maintenance and hidden: journeys
    // running alongside pick Thandi's open listings by their titles, and this one is renamed below.
    const stamp = Date.now();
    const title = `Staff Loft ${stamp}`;
    const created = await page.request.post('/api/properties', {
      data: {
        type: 'accommodation',
        category: 'apartment',
        title,
        description: 'A light loft above the harbour, managed by the back office.',
        city: 'Cape Town',
        location: '3 Bree Street, Cape Town',
        price_per_day_cents: 85_000,
        specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
        status: 'maintenance',
        is_active: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const listing = (await created.json()) as { id: string };

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // From the keyboard, as a keyboard user opens it (and no pointer hover colours the button for axe).
    await nav.getByRole('button', { name: 'Manage' }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect
      .poll(() => menu.getByRole('menuitem', { name: 'Property Management' }).isVisible())
      .toBe(true);
    expect(
      await menu.getByRole('menuitem').allTextContents(),
      'exactly the screens Sipho may use (reports when that screen is merged)',
    ).toEqual([
      'Property Management',
      'Reservation Management',
      'Client Management',
      'User Management',
      'Reports',
    ]);
    expect(await nav.getByRole('button', { name: 'Rates and catalogues' }).count()).toBe(0);
    await expectAccessible(page, 'Manage menu open (back office)');
    await menu.getByRole('menuitem', { name: 'Property Management' }).click();
    await page.waitForURL(/\/property-management$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Property Management' }).isVisible())
      .toBe(true);
    const card = page.locator('.mantine-Card-root').filter({ hasText: title });
    await expect.poll(() => card.getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    await expectAccessible(page, 'Property Management (back office)');

    await card.getByRole('button', { name: 'Edit' }).click();
    const field = page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => field.inputValue()).toBe(title);
    await expectAccessible(page, 'listing editor (back office)');
    const renamed = `Staff Loft renamed ${stamp}`;
    await field.fill(renamed);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Property updated successfully').isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('.mantine-Card-root').filter({ hasText: renamed }).isVisible())
      .toBe(true);
    const stored = (await (await page.request.get(`/api/properties/${listing.id}`)).json()) as {
      title: string;
    };
    expect(stored.title).toBe(renamed);

    // Only the owner or an admin deletes a listing's reservations; the listing itself is staff's to remove.
    expect((await page.request.delete(`/api/properties/${listing.id}`)).status()).toBe(204);
    await context.close();
  });

  it('front office (reservations only) is not offered Property Management and is sent home from its URL', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'anele@rentza.test', 'Staff#2026');
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Calendar' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Search for Rentals',
      'Today',
      'Calendar',
      'Reservation Management',
    ]);
    expect(await nav.getByRole('button', { name: 'Manage' }).count()).toBe(0);

    await page.goto('/property-management');
    await page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(() => page.getByText('That page is not available to your account').isVisible())
      .toBe(true);
    expect(
      await page
        .getByText(
          'Property Management is for owners and staff with the Properties permission. You are signed in as front-office staff without that permission, so we took you to the home page.',
        )
        .isVisible(),
    ).toBe(true);
    await expectAccessible(page, 'home after a refused page (front office)');

    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: 'Quick Actions' }).isVisible()).toBe(true);
    const tiles = page.getByRole('region', { name: 'Quick Actions' });
    expect(await tiles.getByRole('link').allTextContents()).toEqual(['Reservation Management']);
    await context.close();
  });
});
